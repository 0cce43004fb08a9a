/**
 * Tables the question never names. A word that fits a column of the rows asked about and one of
 * another table, or a key of another table that points to those rows, would take that table into
 * the answer (only the customers that have invoices, the aircraft's distance for the flights'),
 * which nobody asked; such readings are invalid where nothing else in the question names the table.
 */
import { entityOf } from '../schema/schema-model.ts';
import { entityNameWords, GENERIC_PARTS } from '../schema/schema-words.ts';
import { referencedEntity } from './assemble-groups.ts';
import { measuresOf } from './assemble-measures.ts';
import type { Choice } from './choices.ts';
import type { Draft } from './draft.ts';

/**
 * "List the customers in Austria" read as the customers that invoices point to: in a list, a key of
 * a table nothing else names, said only by the name of what it points to ("customers", not a role of
 * its own such as "salespeople"), narrows the answer to the rows that table has.
 */
export function listsThroughUnnamedTable(draft: Draft, pick: Choice, entity: string, column: string): boolean {
  return asksForAList(draft) && !tableNamed(draft, pick, entity) && saysOnlyWhatItPointsTo(draft, pick, entity, column);
}

/**
 * "the flights with the three lowest distances", where flights have a distance and so do the aircraft
 * that fly them: a word that names a column of the rows asked about is theirs; read on a table
 * nothing else in the question names, it answers another question.
 */
export function columnOfUnnamedTableOverOwn(draft: Draft): boolean {
  const subject = draft.subject;
  if (subject === undefined || !draft.explicitSubject) return false;
  return draft.picks.some((pick) => {
    const target = pick?.link?.target;
    if (pick === undefined || target?.kind !== 'column' || target.entity === subject) return false;
    const unit = draft.unit(pick.unit);
    const ownAlso = unit.kind === 'link' && unit.links.some((link) => link.target.kind === 'column' && link.target.entity === subject && link.strength >= pick.link!.strength);
    return ownAlso && !tableNamed(draft, pick, target.entity);
  });
}

/** The question names the table: another word the reading uses is of it, or the pick's own words say its name ("product category"). */
function tableNamed(draft: Draft, pick: Choice, entity: string): boolean {
  if (draft.picks.some((other) => other !== undefined && other !== pick && other.link?.target.entity === entity)) return true;
  const nameWords = new Set(entityNameWords(entityOf(draft.input.schema, entity).table).words);
  const unit = draft.unit(pick.unit);
  return draft.input.tokens.slice(unit.start, unit.end).some((token) => nameWords.has(token.lemma));
}

/** The question computes nothing: no count, total, ranking or comparison is said. */
function asksForAList(draft: Draft): boolean {
  return measuresOf(draft).length === 0 && !draft.input.units.some((unit) => unit.kind === 'cue' && COMPUTING_CUES.has(unit.cue.kind));
}

const COMPUTING_CUES: ReadonlySet<string> = new Set(['count', 'aggregate', 'superlative', 'compare', 'window', 'pivot', 'share']);

/**
 * The words that name a key say only the table it points to ("customers" for `customer_id`), not a
 * role of its own ("salespeople" for orders' `employee_id`).
 */
function saysOnlyWhatItPointsTo(draft: Draft, pick: Choice, entity: string, column: string): boolean {
  const pointed = referencedEntity(draft, entity, column);
  if (pointed === undefined) return false;
  const tableWords = new Set(entityNameWords(entityOf(draft.input.schema, pointed).table).words);
  const unit = draft.unit(pick.unit);
  return draft.input.tokens.slice(unit.start, unit.end).every((token) => tableWords.has(token.lemma) || GENERIC_PARTS.has(token.lemma));
}
