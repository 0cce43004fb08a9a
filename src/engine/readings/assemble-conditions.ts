/**
 * Conditions of a reading: data values ("in Germany", "not cancelled", "Basic or Pro"), literals
 * with the column named beside them ("named 'Bob'", "year 2014"), comparisons (in
 * assemble-comparisons.ts: "age above 30"), text patterns ("name containing 'a'"), periods on a
 * date, and segments.
 */
import { columnOf, entityOf } from '../schema/schema-model.ts';
import { columnKey } from '../schema/value-index.ts';
import { eventDates, isVerb, type Choice } from './choices.ts';
import { Invalid, type Draft } from './draft.ts';
import { saidOfOtherRows, valueOfRowsBefore } from './said-of-rows.ts';
import { comparisons, impliedComparisons } from './assemble-comparisons.ts';
import type { ConditionNode } from './reading.ts';
import type { Token } from '../question/tokens.ts';

export function assembleConditions(draft: Draft): void {
  valueFilters(draft);
  literals(draft);
  mergeAlternatives(draft);
  verbsNamingAnotherColumn(draft);
  verbsNamingAnEvent(draft);
  events(draft);
  comparisons(draft);
  impliedComparisons(draft);
  patterns(draft);
  segments(draft);
}

/** Values of the same column side by side ("Germany or France") make one condition. */
function valueFilters(draft: Draft): void {
  const filters = draft.withRole('filter');
  const done = new Set<number>();
  for (const pick of filters) {
    if (done.has(pick.unit) || pick.link?.target.kind !== 'value') continue;
    const target = pick.link.target;
    if (saidOfOtherRows(draft, pick.unit, target.entity) || valueOfRowsBefore(draft, pick.unit, target)) throw new Invalid();
    if (pick.link.match === 'value-synonym' && saidAsSomethingHad(draft, pick.unit)) throw new Invalid();
    const group = [pick];
    const separators: number[] = [];
    done.add(pick.unit);
    let current = pick.unit;
    for (;;) {
      const right = draft.input.contexts[current].right;
      if (right.kind !== 'and' && right.kind !== 'comma') break;
      const next = filters.find((other) => other.unit === draft.rightOf(right.unit) && !done.has(other.unit));
      if (next?.link?.target.kind !== 'value' || next.link.target.column !== target.column || next.link.target.entity !== target.entity) break;
      draft.use(right.unit);
      separators.push(right.unit);
      group.push(next);
      done.add(next.unit);
      current = next.unit;
    }
    const negated = negatedBefore(draft, pick.unit);
    const values = group.map((member) => (member.link?.target.kind === 'value' ? member.link.target.value : ''));
    if (measuresEachValueSaid(draft, target.entity, target.column, values, separators)) throw new Invalid();
    const tokens = group.flatMap((member) => draft.use(member.unit));
    draft.conditions.push({ kind: 'equals', entity: target.entity, column: target.column, values, negated, tokens });
    if (group.length > 1) draft.feature('filter.alternatives');
    namedColumnFor(draft, pick, target.entity, target.column);
  }
}

/**
 * "employees who have a manager", "employees with no manager": a word only related to a value (the
 * title "Managing Director") said as something the rows have is another row they relate to, not a
 * value of their own; read as the value it answers another question (how many are managing directors).
 */
function saidAsSomethingHad(draft: Draft, unitIndex: number): boolean {
  const { tokens } = draft.input;
  let before = draft.unit(unitIndex).start - 1;
  while (before >= 0 && ['a', 'an', 'no', 'any', 'the', 'one'].includes(tokens[before].lower)) before -= 1;
  return tokens[before]?.lemma === 'have' || tokens[before]?.lower === 'with' || tokens[before]?.lower === 'without';
}

/**
 * "tickets opened and resolved in 2025": one period after two verbs joined by "and" dates both; read
 * as "opened at some time", the first answers another question.
 */
function sharesThePeriodAfter(draft: Draft, unitIndex: number): boolean {
  const { contexts } = draft.input;
  const right = contexts[unitIndex].right;
  if (right.kind !== 'and' || right.unit < 0) return false;
  const next = draft.rightOf(right.unit);
  return next >= 0 && draft.unit(next).kind === 'link' && contexts[next].right.kind === 'period';
}

/**
 * "the average age of male and female students" where every student is one or the other: values
 * listed with "and" that are all the column holds pick no rows out, so a measure over them asks for
 * each value's figure, not one over both; no reading here gives that, and one figure answers
 * another question. ("the budgets of the Marketing and Finance departments", some of the
 * departments, may be summed together.)
 */
function measuresEachValueSaid(draft: Draft, entity: string, column: string, values: readonly string[], separators: readonly number[]): boolean {
  const saidWithAnd = separators.some((separator) => draft.input.tokens[draft.unit(separator).start]?.lower === 'and');
  if (!saidWithAnd || new Set(values).size !== draft.input.valueCounts.get(columnKey(entity, column))) return false;
  const measured = draft.outputs.some((output) => output.kind === 'measure');
  const groupedByIt = draft.groups.some((group) => 'column' in group && group.entity === entity && group.column === column);
  return measured && !groupedByIt;
}

/**
 * "orders shipped to France": a verb that names the column of another value said (ship_country)
 * says where that value is, not a state of its own (status "shipped", which delivered orders no
 * longer have).
 */
function verbsNamingAnotherColumn(draft: Draft): void {
  const { tokens, schema } = draft.input;
  for (const condition of draft.conditions) {
    if (condition.kind !== 'equals' || condition.tokens.length !== 1 || tokens[condition.tokens[0]].pos !== 'VERB') continue;
    const lemma = tokens[condition.tokens[0]].lemma;
    const namesOther = draft.conditions.some((other) => other !== condition && other.kind === 'equals' && other.column !== condition.column && columnOf(schema, other.entity, other.column).words.includes(lemma));
    if (namesOther) throw new Invalid();
  }
}

/**
 * "orders shipped", "tickets resolved": a verb that names both a state of the rows (status
 * "shipped") and the date that records the event (shipped_date) says the event happened; the state
 * is another question, asked with its column ("orders in status shipped").
 */
function verbsNamingAnEvent(draft: Draft): void {
  const { tokens, schema, units } = draft.input;
  for (const condition of draft.conditions) {
    if (condition.kind !== 'equals' || condition.tokens.length !== 1 || !saysFinishedEvent(tokens, condition.tokens[0])) continue;
    const unit = units[draft.unitOfToken(condition.tokens[0])];
    // "solved the most tickets last year": a segment of the same word dated by its event (resolved_at) reads the period on that date.
    const segmentDated = unit?.kind === 'link' && units.some((other) => other.kind === 'period')
      && unit.links.some((link) => link.target.kind === 'segment' && link.target.entity === condition.entity && link.target.segment.time !== undefined);
    const dated = unit?.kind === 'link' && (segmentDated || eventDates(unit.links, schema).some((link) => link.target.entity === condition.entity));
    const columnSaid = draft.withRole('names').some((pick) => pick.link?.target.kind === 'column' && pick.link.target.entity === condition.entity && pick.link.target.column === condition.column);
    if (dated && !columnSaid) throw new Invalid();
  }
}

/**
 * A verb in a form that says something happened ("were shipped", "not yet shipped", "paid"), not a
 * state of now ("are returned", "trialing right now").
 */
function saysFinishedEvent(tokens: readonly Token[], index: number): boolean {
  if (tokens[index] === undefined || !isVerb(tokens, index, index + 1) || tokens[index].lower.endsWith('ing')) return false;
  let before = index - 1;
  while (before >= 0 && ['not', "n't", 'yet'].includes(tokens[before].lower)) before -= 1;
  return !['is', 'are', 'am'].includes(tokens[before]?.lower ?? '');
}

/** "orders not yet shipped": the date of the event a verb names is empty; "orders that were shipped": it is set. */
function events(draft: Draft): void {
  for (const pick of draft.withRole('event')) {
    if (pick.link?.target.kind !== 'column') throw new Invalid();
    const { entity, column } = pick.link.target;
    const unit = draft.unit(pick.unit);
    if (!saysFinishedEvent(draft.input.tokens, unit.start)) throw new Invalid();
    // "orders with status shipped": the state's column said beside the verb asks for the state.
    const stateColumns = new Set(unit.kind === 'link' ? unit.links.flatMap((link) => (link.target.kind === 'value' && link.target.entity === entity ? [link.target.column] : [])) : []);
    const besideState = [draft.leftOf(pick.unit), draft.rightOf(pick.unit)].some((side) => {
      const target = draft.picks[side]?.link?.target;
      return target?.kind === 'column' && target.entity === entity && stateColumns.has(target.column);
    });
    if (besideState || sharesThePeriodAfter(draft, pick.unit)) throw new Invalid();
    const happened = !negatedBefore(draft, pick.unit);
    draft.conditions.push({ kind: 'missing', entity, column, negated: happened, tokens: draft.use(pick.unit) });
    draft.feature('filter.event');
  }
}

/**
 * "in either Retail or Hospitality segment", "customers in Germany and France": one column
 * cannot hold two values at once, so values said apart for the same column are alternatives.
 */
function mergeAlternatives(draft: Draft): void {
  const merged: ConditionNode[] = [];
  for (const condition of draft.conditions) {
    const same = merged.find((other) => other.kind === 'equals' && condition.kind === 'equals' && other.entity === condition.entity && other.column === condition.column && other.negated === condition.negated);
    if (same?.kind === 'equals' && condition.kind === 'equals') {
      const another = condition.values.some((value) => !same.values.includes(value));
      if (fromAndTo(draft, same.tokens, condition.tokens) || (another && !joinedBetween(draft, same.tokens, condition.tokens))) throw new Invalid();
      merged[merged.indexOf(same)] = { ...same, values: [...same.values, ...condition.values.filter((value) => !same.values.includes(value))], tokens: [...same.tokens, ...condition.tokens] };
      draft.feature('filter.alternatives');
    } else merged.push(condition);
  }
  draft.conditions.splice(0, draft.conditions.length, ...merged);
}

/** Words that join two values said apart ("in Germany and France", "Retail, Hospitality"). */
const JOINING: ReadonlySet<string> = new Set(['and', 'or', 'nor', ',', '/', '&', 'plus', 'well']);

/**
 * "orders cancelled after shipping": with nothing joining them, two values of one column are said
 * of the same rows, which no row has at once; they are no alternatives. (One value said twice,
 * "female students (sex is F)", is said again, not apart.)
 */
function joinedBetween(draft: Draft, first: readonly number[], second: readonly number[]): boolean {
  const [from, to] = Math.max(...first) < Math.min(...second) ? [Math.max(...first), Math.min(...second)] : [Math.max(...second), Math.min(...first)];
  return draft.input.tokens.slice(from + 1, to).some((token) => JOINING.has(token.lower));
}

/**
 * "routes from the United States to Canada": values said after "from" and after "to" are the two
 * ends of something, not alternatives; one column cannot be both.
 */
function fromAndTo(draft: Draft, left: readonly number[], right: readonly number[]): boolean {
  const said = (tokens: readonly number[]) => new Set(tokens.map((token) => draft.input.contexts[draft.unitOfToken(token)]?.left.kind));
  const [one, other] = [said(left), said(right)];
  return (one.has('from') && other.has('to')) || (one.has('to') && other.has('from'));
}

/** "named 'Bob'", "with name 'Bob'", "year 2014": a literal and the column it belongs to. */
function literals(draft: Draft): void {
  for (const pick of draft.withRole('literal')) {
    const unit = draft.unit(pick.unit);
    const value = unit.kind === 'quoted' ? unit.text : unit.kind === 'number' ? unit.value : undefined;
    if (value === undefined) throw new Invalid();
    const named = namingColumn(draft, pick.unit);
    let entity: string;
    let column: string;
    if (named) {
      ({ entity, column } = named);
      draft.feature('literal.named-column');
    } else {
      // A quoted name with no column said, or capitalised words right after the rows they name ("the
      // track Fast Lane"): the subject's own name column, stated as a choice. Said after anything else,
      // capitalised words may name anything ("tickets from Harbor Logistics").
      if (typeof value === 'number' || !draft.subject || !besideSubject(draft, pick.unit)) throw new Invalid();
      const display = entityOf(draft.input.schema, draft.subject).displayColumns[0];
      if (!display) throw new Invalid();
      entity = display.entity;
      column = display.name;
      draft.feature('literal.default-name');
    }
    const info = columnOf(draft.input.schema, entity, column);
    if (typeof value === 'number' && !(info.type === 'integer' || info.type === 'number')) throw new Invalid();
    if (typeof value === 'string' && !info.isText) throw new Invalid();
    draft.conditions.push({ kind: 'equals', entity, column, values: [value], negated: negatedBefore(draft, pick.unit), tokens: draft.use(pick.unit) });
  }
}

const NAMING_VERBS = new Set(['name', 'call', 'title', 'entitle', 'label']);

/** "the site 'North Depot'", "documents named 'X'": a literal said right after its rows or a naming verb. */
function besideSubject(draft: Draft, literalUnit: number): boolean {
  const left = draft.input.contexts[literalUnit].left;
  const unit = left.unit >= 0 ? draft.unit(left.unit) : undefined;
  if (unit?.kind === 'word' && NAMING_VERBS.has(unit.token.lemma)) {
    draft.use(left.unit);
    return true;
  }
  const pick = left.unit >= 0 ? draft.picks[left.unit] : undefined;
  return left.between.length === 0 && pick?.link?.target.kind === 'entity' && pick.link.target.entity === draft.subject;
}

/** The column a 'names' pick next to a literal gives it, marked used. */
function namingColumn(draft: Draft, literalUnit: number): { entity: string; column: string } | undefined {
  for (const side of [draft.leftOf(literalUnit), draft.rightOf(literalUnit)]) {
    const pick = draft.picks[side];
    // "accounts with 3 subscriptions": a plural after a number says how many, never whose key it is.
    if (side === draft.rightOf(literalUnit) && draft.unit(literalUnit).kind === 'number' && saidInPlural(draft, side)) continue;
    if (pick?.role === 'names' && pick.link?.target.kind === 'column') {
      draft.use(side);
      return { entity: pick.link.target.entity, column: pick.link.target.column };
    }
  }
  return keyAfterRowName(draft, literalUnit);
}

/**
 * "order 5000", "invoice 17": a whole number right after one row's name says its key, when the key is
 * one whole-number column and no other column of the rows is an identifier of their own (an
 * `order_number`, a code: then "order 5000" could be either, and is left unread).
 */
function keyAfterRowName(draft: Draft, literalUnit: number): { entity: string; column: string } | undefined {
  const literal = draft.unit(literalUnit);
  const side = draft.leftOf(literalUnit);
  const target = draft.picks[side]?.link?.target;
  if (literal.kind !== 'number' || !Number.isInteger(literal.value) || side !== literalUnit - 1 || target?.kind !== 'entity' || saidInPlural(draft, side)) return undefined;
  const entity = entityOf(draft.input.schema, target.entity);
  const key = entity.primaryKey.length === 1 ? entity.columnByName.get(entity.primaryKey[0]) : undefined;
  if (key?.type !== 'integer' || entity.columns.some((column) => column !== key && column.isKey && !column.isForeignKey)) return undefined;
  draft.feature('literal.row-key');
  return { entity: entity.name, column: key.name };
}

function saidInPlural(draft: Draft, unitIndex: number): boolean {
  const unit = draft.unit(unitIndex);
  const last = unit ? draft.input.tokens[unit.end - 1] : undefined;
  return last !== undefined && last.kind === 'word' && last.lower !== last.lemma && last.pos === 'NOUN';
}

/** A value with its column named beside it ("country Germany", "the country of Germany") uses the column's words too. */
function namedColumnFor(draft: Draft, pick: Choice, entity: string, column: string): void {
  const left = draft.leftOf(pick.unit);
  const leftUnit = left >= 0 ? draft.unit(left) : undefined;
  const beforeOf = leftUnit?.kind === 'word' && leftUnit.token.lower === 'of' ? draft.leftOf(left) : undefined;
  for (const side of [left, draft.rightOf(pick.unit), ...(beforeOf === undefined ? [] : [beforeOf])]) {
    const other = draft.picks[side];
    if (other?.role !== 'names' || other.link?.target.kind !== 'column') continue;
    if (other.link.target.entity !== entity || other.link.target.column !== column) throw new Invalid();
    draft.use(side);
    draft.feature('filter.column-named');
  }
}

function patterns(draft: Draft): void {
  for (const pick of draft.withRole('pattern')) {
    if (pick.link?.target.kind !== 'column') throw new Invalid();
    const { entity, column } = pick.link.target;
    if (!columnOf(draft.input.schema, entity, column).isText) throw new Invalid();
    const cueIndex = [draft.rightOf(pick.unit), draft.leftOf(pick.unit)].find((index) => draft.cueAt(index)?.kind === 'contains' && !draft.usedCues.has(index));
    const cue = cueIndex === undefined ? undefined : draft.cueAt(cueIndex);
    if (cueIndex === undefined || cue?.kind !== 'contains') throw new Invalid();
    const negated = negatedBefore(draft, cueIndex);
    draft.conditions.push({ kind: 'text', entity, column, mode: cue.mode, text: cue.text, negated, tokens: [...draft.use(pick.unit), ...draft.useCue(cueIndex)] });
  }
}

function segments(draft: Draft): void {
  for (const pick of draft.withRole('segment')) {
    if (pick.link?.target.kind !== 'segment') throw new Invalid();
    if (saidOfOtherRows(draft, pick.unit, pick.link.target.entity)) throw new Invalid();
    draft.conditions.push({ kind: 'segment', entity: pick.link.target.entity, segment: pick.link.target.segment, tokens: draft.use(pick.unit) });
  }
  // A segment said as its rows ("open invoices" as the subject) brings its conditions along.
  for (const pick of draft.picks) {
    if (pick?.segment && pick.link && saidOfOtherRows(draft, pick.unit, pick.link.target.entity)) throw new Invalid();
    if (pick?.segment && pick.link) draft.conditions.push({ kind: 'segment', entity: pick.link.target.entity, segment: pick.segment, tokens: draft.use(pick.unit) });
  }
  // "discontinued products": a yes/no column said as an adjective.
  for (const pick of draft.withRole('flag')) {
    if (pick.link?.target.kind !== 'column') throw new Invalid();
    draft.conditions.push({ kind: 'equals', entity: pick.link.target.entity, column: pick.link.target.column, values: [true], negated: negatedBefore(draft, pick.unit), tokens: draft.use(pick.unit) });
  }
}

/** A negation cue shortly before a unit ("not in Germany", "excluding cancelled"), marked used. */
export function negatedBefore(draft: Draft, unitIndex: number): boolean {
  let agent: number | undefined;
  for (let index = unitIndex - 1, steps = 0; index >= 0 && steps < 5; index -= 1, steps += 1) {
    const unit = draft.unit(index);
    if (unit.kind === 'cue' && unit.cue.kind === 'negation') {
      if (draft.usedCues.has(index)) return false;
      draft.useCue(index);
      if (agent !== undefined) draft.useCue(agent);
      return true;
    }
    // "not made by bank transfer", "not handled by Frontline": "by" after a verb says by what, not per what.
    if (unit.kind === 'cue' && unit.cue.kind === 'group' && unit.cue.by && index === unitIndex - 1 && isVerbWord(draft, index - 1) && !draft.usedCues.has(index)) {
      agent = index;
      continue;
    }
    // "did not sign up in", "who are not based in": verbs (read as such) and the column named may stand between.
    const role = draft.picks[index]?.role;
    if (unit.kind !== 'word' && !(unit.kind === 'link' && (role === 'names' || role === 'relation' || role === 'word'))) return false;
  }
  return false;
}

/** A verb said alone, or one the reading takes only as relating the rows to what follows. */
function isVerbWord(draft: Draft, index: number): boolean {
  const unit = index >= 0 ? draft.unit(index) : undefined;
  if (unit?.kind === 'word') return unit.token.pos === 'VERB';
  return unit?.kind === 'link' && isVerb(draft.input.tokens, unit.start, unit.end) && draft.picks[index]?.role === 'relation';
}

/**
 * "work orders fixed the first time": two words that say the same condition ("fixed", "first time",
 * both first_time_fix) make it once, with the words of both.
 */
export function conditionsOnce(draft: Draft): void {
  const kept: ConditionNode[] = [];
  for (const condition of draft.conditions) {
    const same = kept.findIndex((other) => sameCondition(other, condition));
    if (same < 0) kept.push(condition);
    else kept[same] = { ...kept[same], tokens: [...kept[same].tokens, ...condition.tokens] } as ConditionNode;
  }
  draft.conditions.splice(0, draft.conditions.length, ...kept);
}

function sameCondition(one: ConditionNode, other: ConditionNode): boolean {
  const withoutWords = (condition: ConditionNode) => JSON.stringify({ ...condition, tokens: [] });
  return withoutWords(one) === withoutWords(other);
}

export type { ConditionNode };
