/**
 * What a reading shows: the columns and entities the question asks for, in its order, then the
 * measures; a key said by name shows the row it points to, a yes/no column said as a state is a
 * condition instead, "who" adds the name and "all the information" every column.
 */
import { columnOf, entityOf } from '../schema/schema-model.ts';
import { measuresOf } from './assemble-measures.ts';
import { referencedEntity } from './assemble-groups.ts';
import type { Choice } from './choices.ts';
import { holdsYesNo, Invalid, type Draft } from './draft.ts';
import { isStateWord } from './links.ts';
import { listsThroughUnnamedTable } from './unnamed-tables.ts';
import { followsBe } from '../question/tokens.ts';

/** Shown columns and entities, in the question's order, then the measures. */
export function showOutputs(draft: Draft): void {
  const restated = new Map<number, number[]>();
  for (const pick of draft.withRole('show')) {
    const target = pick.link?.target;
    const tokens = [...draft.use(pick.unit), ...(restated.get(pick.unit) ?? [])];
    const named = namedColumnAfter(draft, pick);
    const pointsTo = target?.kind === 'column' ? referencedEntity(draft, target.entity, target.column) : undefined;
    if (named !== undefined) {
      // "the names of all cities": a city's name is the city, not the name of the rows that have it.
      restated.set(named, tokens);
      draft.feature('show.name-of-column');
    } else if (target?.kind === 'column' && namesByDisplay(draft, pick)) {
      // "the names of the customers" where first and last name together name one.
      draft.outputs.push({ kind: 'name', entity: target.entity, tokens });
      draft.feature('show.name.of-display');
    } else if (target?.kind === 'column' && pointsTo !== undefined && !saysIdentifier(draft, pick)) {
      // A foreign key said by name ("the office they work in", "salesperson" for orders.employee_id) shows what it points to;
      // not one to the rows' own kind ("their manager"): no reading joins an entity to itself, so the name shown would be their own.
      // Said of rows the question names ("Liz Müller's manager"), it is the row their key points to (assemble-self-relations.ts).
      if (pointsTo === target.entity) {
        if (draft.pointedToBy !== undefined || target.entity !== draft.subject) throw new Invalid();
        draft.pointedToBy = { key: target.column, tokens };
        draft.outputs.push({ kind: 'name', entity: target.entity, tokens });
        continue;
      }
      // Nor one from another table back to the rows' own ("students who have class president votes"): shown from the
      // subject, the name would be the rows' own, and the key's table, which the words are about, would take no part.
      if (pointsTo === draft.subject) throw new Invalid();
      // Nor, in a list, one of a table nothing else in the question names ("the customers in Austria" as the customers
      // that have invoices): those rows would narrow the answer to the ones that have them, which nobody asked.
      if (listsThroughUnnamedTable(draft, pick, target.entity, target.column)) throw new Invalid();
      draft.outputs.push({ kind: 'name', entity: pointsTo, tokens });
      draft.feature('show.via-foreign-key');
    } else if (target?.kind === 'column') {
      if (saysState(draft, pick)) throw new Invalid();
      draft.outputs.push({ kind: 'column', entity: target.entity, column: target.column, tokens });
      draft.feature(target.entity === draft.subject ? 'show.column.of-subject' : 'show.column.of-other');
      if (entityOf(draft.input.schema, target.entity).columnByName.get(target.column)?.isKey) draft.feature('show.column.key');
    } else if (target?.kind === 'entity') {
      draft.outputs.push({ kind: 'name', entity: target.entity, tokens });
      draft.feature(target.entity === draft.subject ? 'show.name.of-subject' : 'show.name.of-other');
    } else throw new Invalid();
  }
  const measures = measuresOf(draft);
  for (const measure of measures) draft.feature(measure.entity === draft.subject ? 'measure.of-subject' : 'measure.of-other');
  const leads = draft.input.units.flatMap((unit) => (unit.kind === 'cue' && unit.cue.kind === 'lead' ? [unit.cue] : []));
  // "who is the newest technician?", "who was hired most recently?": a question about someone asks
  // for their name, beside whatever else it shows of them (a name said otherwise, "who are our
  // best salespeople" through orders' salesperson key, is theirs already).
  const ofSubjectOnly = draft.outputs.every((output) => output.kind === 'column' && output.entity === draft.subject);
  if (measures.length === 0 && draft.subject && ofSubjectOnly && leads.some((lead) => lead.kind === 'lead' && lead.person) && !namesShown(draft, draft.subject)) {
    // "Who reports to Sanne de Vries?" read as work orders reported: rows known by a number or a code are no one.
    if (knownByNumber(draft, draft.subject)) throw new Invalid();
    draft.outputs.push({ kind: 'name', entity: draft.subject, tokens: [] });
    draft.feature('show.name-for-who');
  }
  // "when was … stored?": a date is the answer.
  if (leads.some((lead) => lead.kind === 'lead' && lead.time)) {
    const dated = draft.outputs.some((output) => output.kind === 'column' && columnOf(draft.input.schema, output.entity, output.column).isDate);
    draft.feature(dated ? 'show.date-for-when' : 'show.when-without-date');
  }
  draft.outputs.push(...measures);
  // "all the information about suppliers": every column of the subject.
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'everything' || !draft.subject) continue;
    const tokens = draft.useCue(index);
    for (const column of entityOf(draft.input.schema, draft.subject).columns) draft.outputs.push({ kind: 'column', entity: draft.subject, column: column.name, tokens });
    draft.feature('show.everything');
  }
}

/** The entity's rows are known only by a number or a code (`wo_number`, `inv_no`, `ref_code`), not by anything said of someone. */
function knownByNumber(draft: Draft, entity: string): boolean {
  const display = entityOf(draft.input.schema, entity).displayColumns;
  return display.length > 0 && display.every((column) => NUMBER_WORDS.has(column.words.at(-1) ?? ''));
}

/** Last words of a column that identifies rather than names (short forms such as `no` and `ref` are already expanded). */
const NUMBER_WORDS: ReadonlySet<string> = new Set(['number', 'code', 'reference', 'sku', 'id']);

/** Whether the reading already shows the entity's name: as a name node, or its naming columns themselves. */
function namesShown(draft: Draft, entity: string): boolean {
  const naming = entityOf(draft.input.schema, entity).displayColumns.map((column) => column.name);
  return draft.outputs.some((output) => (output.kind === 'name' && output.entity === entity) || (output.kind === 'column' && output.entity === entity && naming.includes(output.column)));
}

/**
 * "the discontinued products", "members that are approved", "customers who are VIP": an adjective
 * or a participle, or any word after "is"/"are", that names a yes/no column (a boolean, or text
 * holding only yes and no) says which rows are in that state; it does not ask to show the column.
 */
function saysState(draft: Draft, pick: Choice): boolean {
  const target = pick.link?.target;
  if (target?.kind !== 'column' || !holdsYesNo(draft.input, target.entity, target.column)) return false;
  const unit = draft.unit(pick.unit);
  return isStateWord(draft.input.tokens[unit.end - 1]) || followsBe(draft.input.tokens, unit.start);
}

const IDENTIFIER_WORDS = new Set(['id', 'ids', 'code', 'codes', 'number', 'numbers', 'key', 'identifier']);

/** The words of a pick ask for an identifier ("customer id", "product code"). */
function saysIdentifier(draft: Draft, pick: Choice): boolean {
  const unit = draft.unit(pick.unit);
  return draft.input.tokens.slice(unit.start, unit.end).some((token) => IDENTIFIER_WORDS.has(token.lower));
}

/** Words that ask for what names a row. */
const NAMING_WORDS: ReadonlySet<string> = new Set(['name', 'title']);

/**
 * "the names of all cities", "names of studios": a naming word read as the rows' own name, said
 * before "of" and a plain text column of the same rows shown next, names that column's values.
 * The unit of that column, or undefined.
 */
function namedColumnAfter(draft: Draft, pick: Choice): number | undefined {
  const target = pick.link?.target;
  const { tokens, units } = draft.input;
  const unit = draft.unit(pick.unit);
  if (target?.kind !== 'column' || unit.end - unit.start !== 1 || !NAMING_WORDS.has(tokens[unit.start].lemma)) return undefined;
  const entity = entityOf(draft.input.schema, target.entity);
  if (!entity.displayColumns.some((column) => column.name === target.column)) return undefined;
  let position = pick.unit + 1;
  if (units[position]?.kind !== 'word' || tokens[units[position].start].lower !== 'of') return undefined;
  position += 1;
  while (units[position]?.kind === 'word' && tokens[units[position].start].pos === 'DET') position += 1;
  const quantifier = units[position];
  if (quantifier?.kind === 'cue' && quantifier.cue.kind === 'quantifier') position += 1;
  const next = draft.picks[position];
  const named = next?.link?.target;
  if (next?.role !== 'show' || named?.kind !== 'column' || named.entity !== target.entity || named.column === target.column) return undefined;
  const column = columnOf(draft.input.schema, named.entity, named.column);
  return column.isText && !column.isKey && !entity.displayColumns.includes(column) ? position : undefined;
}

function namesByDisplay(draft: Draft, pick: Choice): boolean {
  const target = pick.link?.target;
  if (target?.kind !== 'column') return false;
  const entity = entityOf(draft.input.schema, target.entity);
  const unit = draft.unit(pick.unit);
  const words = draft.input.tokens.slice(unit.start, unit.end).map((token) => token.lemma);
  const named = words.join(' ') === 'name' || words.join(' ') === 'full name';
  return named && entity.displayColumns.length > 1 && entity.displayColumns.some((column) => column.name === target.column);
}
