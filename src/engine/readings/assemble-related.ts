/**
 * Related rows that must not exist: a negation said before an entity whose rows point to the
 * subject's ("customers without orders", "products that were never ordered", "accounts with no
 * open tickets") reads as an anti-join. The conditions said with that entity (its values, its
 * segments, a period after it) are conditions on the related rows, not on the subject: "customers
 * without orders in 2025" are customers with no order dated 2025, not customers dated 2025.
 *
 * Two steps, around the other conditions: `claimRelated` takes the negation and the entity before
 * a value filter could read the negation as its own ("not open"), and `relateConditions` then
 * moves the conditions that belong to the related rows into the node.
 */
import { reachFrom } from '../schema/join-graph.ts';
import type { Choice } from './choices.ts';
import { referencedEntity } from './assemble-groups.ts';
import { periodConditionOn } from './assemble-time.ts';
import { Invalid, type Draft } from './draft.ts';
import type { ConditionNode } from './reading.ts';

/** A claimed span: the negation cue's unit through the last unit naming the related entity. */
export interface RelatedSpan {
  readonly entity: string;
  readonly start: number;
  readonly end: number;
  readonly tokens: readonly number[];
}

/** Cue kinds that may stand between the negation and the entity ("not any", "never ever"). */
const BETWEEN_QUANTIFIERS = new Set(['any', 'ever', 'some']);

export function claimRelated(draft: Draft): RelatedSpan[] {
  const spans: RelatedSpan[] = [];
  const subject = draft.subject;
  if (!subject) return spans;
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'negation' || draft.usedCues.has(index)) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    // The rows asked about are named before what they lack ("customers without orders").
    if (!draft.picks.slice(0, index).some((pick) => pick?.link?.target.entity === subject)) continue;
    const span = spanAfter(draft, index, subject);
    if (!span) continue;
    const tokens = [...draft.useCue(index)];
    for (let position = index + 1; position <= span.end; position += 1) {
      const pick = draft.picks[position];
      const between = draft.unit(position);
      if (between.kind === 'cue' && between.cue.kind === 'quantifier') tokens.push(...draft.useCue(position));
      else if (pick && (pick.role === 'relation' || pick.role === 'scope') && pick.link?.target.entity === span.entity) tokens.push(...draft.use(position));
      else if (keyToSubject(draft, pick, subject) && pick?.link?.target.entity === span.entity) tokens.push(...draft.use(position));
    }
    spans.push({ entity: span.entity, start: index, end: span.end, tokens });
    draft.feature('related.anti');
  }
  return spans;
}

/**
 * The entity a negation governs: the first entity said after it as something related (a verb,
 * "placed", or a noun, "orders"), with only plain words, "any"/"ever", and values or segments
 * of that entity's rows in between. It must point to the subject (directly or through a table
 * that points to both), not be pointed to by it: "employees without a manager" is an empty column.
 */
function spanAfter(draft: Draft, negation: number, subject: string): { entity: string; end: number } | undefined {
  let entity: string | undefined;
  let end = negation;
  for (let position = negation + 1; position < draft.input.units.length; position += 1) {
    const unit = draft.unit(position);
    const pick = draft.picks[position];
    const target = pick?.link?.target;
    if (pick && (pick.role === 'relation' || pick.role === 'scope') && target?.kind === 'entity' && (entity === undefined || target.entity === entity)) {
      if (target.entity === subject) return undefined;
      entity = target.entity;
      end = position;
      continue;
    }
    // "cities that have not hosted a farm competition": a verb naming the key that points to the rows asked about.
    if (entity === undefined && keyToSubject(draft, pick, subject)) continue;
    if (unit.kind === 'word') continue;
    if (entity !== undefined) break;
    if (unit.kind === 'cue' && unit.cue.kind === 'quantifier' && BETWEEN_QUANTIFIERS.has(unit.cue.quantifier)) continue;
    // "no open tickets": an adjective of the related rows, read as their condition afterwards.
    if (pick && (pick.role === 'filter' || pick.role === 'segment' || pick.role === 'flag')) continue;
    return undefined;
  }
  if (entity === undefined) return undefined;
  if (reachFrom(draft.input.schema, subject).paths.has(entity)) return undefined;
  return { entity, end };
}

/**
 * Conditions of the related rows: those said inside the span, and those said after it on the
 * related entity or on an entity the subject cannot reach ("never ordered by customers in
 * Germany"). A period right after the span dates the related rows.
 */
export function relateConditions(draft: Draft, spans: readonly RelatedSpan[]): void {
  if (spans.length === 0) return;
  const subjectReach = reachFrom(draft.input.schema, draft.subject ?? '');
  for (const [index, span] of spans.entries()) {
    const until = spans[index + 1]?.start ?? draft.input.units.length;
    const startToken = draft.unit(span.start).start;
    const endToken = until < draft.input.units.length ? draft.unit(until).start : draft.input.tokens.length;
    const spanEnd = draft.unit(span.end).end;
    const inside: ConditionNode[] = [];
    for (const condition of [...draft.conditions]) {
      const first = Math.min(...condition.tokens);
      if (first < startToken || first >= endToken) continue;
      const said = first < spanEnd;
      // "companies not located in the USA": after a verb that only relates the rows, the negation is said of the place.
      if (!said && condition.entity === draft.subject && saidByVerbOnly(draft, span) && onlyWordsBetween(draft, span.end, draft.unitOfToken(first))) throw new Invalid();
      if (!said && condition.entity !== span.entity && subjectReach.paths.has(condition.entity)) continue;
      inside.push(condition);
      draft.conditions.splice(draft.conditions.indexOf(condition), 1);
    }
    inside.push(...periodsAfter(draft, span.end, until, span.entity));
    // A condition on the subject's own rows said inside the span ("without German orders" as German customers) is no condition on the related rows.
    if (inside.some((condition) => condition.entity === draft.subject)) throw new Invalid();
    draft.related.push({ entity: span.entity, exists: false, conditions: inside, tokens: span.tokens });
    if (inside.length > 0) draft.feature('related.conditions', inside.length);
  }
}

/** The related entity is named by a verb alone ("not located", "never hosted"), no noun. */
function saidByVerbOnly(draft: Draft, span: RelatedSpan): boolean {
  const unit = draft.unit(span.end);
  return draft.input.tokens.slice(unit.start, unit.end).every((token) => token.pos === 'VERB');
}

/** Periods said right after the related rows (only words between), until unit `until`: they date those rows. */
export function periodsAfter(draft: Draft, end: number, until: number, entity: string): ConditionNode[] {
  const periods: ConditionNode[] = [];
  for (const pick of draft.withRole('period')) {
    const unit = draft.unit(pick.unit);
    if (unit.kind !== 'period' || pick.unit <= end || pick.unit >= until || draft.usedTokens.has(unit.start)) continue;
    if (!onlyWordsBetween(draft, end, pick.unit)) continue;
    const condition = periodConditionOn(draft, pick.unit, entity, unit.period, draft.use(pick.unit));
    if (!condition) throw new Invalid();
    periods.push(condition);
    draft.feature('related.period');
  }
  return periods;
}

function onlyWordsBetween(draft: Draft, from: number, to: number): boolean {
  for (let position = from + 1; position < to; position += 1) {
    const unit = draft.unit(position);
    const pick = draft.picks[position];
    if (unit.kind === 'word') continue;
    if (pick && draft.usedTokens.has(unit.start)) continue;
    return false;
  }
  return true;
}

/**
 * Conditions on rows related to the subject from below (its orders, their products) read as
 * joins when positive: "customers who bought Chai" are customers with a line of Chai. Two cases
 * are not joins:
 * - a negated one: "customers who did not buy Chai" have no line of Chai (an anti-join), not a
 *   line of something else;
 * - "both Chai and Tofu": one related row cannot be both, so each value is its own semi-join.
 */
export function relateChildConditions(draft: Draft): void {
  const subject = draft.subject;
  if (!subject) return;
  const reach = reachFrom(draft.input.schema, subject);
  const both = draft.input.units.findIndex((unit, index) => unit.kind === 'cue' && unit.cue.kind === 'quantifier' && unit.cue.quantifier === 'both' && !draft.usedCues.has(index));
  const bothToken = both >= 0 ? draft.unit(both).start : -1;
  for (const condition of [...draft.conditions]) {
    if (reach.paths.has(condition.entity) || (condition.kind !== 'equals' && condition.kind !== 'text')) continue;
    const after = Math.min(...condition.tokens) > bothToken;
    if (condition.kind === 'equals' && !condition.negated && bothToken >= 0 && after && condition.values.length > 1) {
      setOfShownRows(draft);
      draft.conditions.splice(draft.conditions.indexOf(condition), 1);
      const tokens = [...draft.useCue(both), ...relationsBefore(draft, subject, bothToken), ...condition.tokens];
      for (const value of condition.values) draft.related.push({ entity: condition.entity, exists: true, conditions: [{ ...condition, values: [value] }], tokens });
      draft.feature('related.both');
      continue;
    }
    // "customers with orders that are not cancelled": the negation is said of the orders, which are named; joined, they qualify.
    if (!condition.negated || relatedNamedBefore(draft, subject, Math.min(...condition.tokens))) continue;
    // "customers not in Germany": a value the rows hold themselves is said of them, not of their orders.
    if (subjectHoldsValue(draft, subject, condition)) throw new Invalid();
    setOfShownRows(draft);
    draft.conditions.splice(draft.conditions.indexOf(condition), 1);
    draft.related.push({ entity: condition.entity, exists: false, conditions: [{ ...condition, negated: false }], tokens: condition.tokens });
    draft.feature('related.negated-condition');
  }
}

/**
 * "customers who ordered both Chai and Tofu", "… Chai but never Tofu": what the rows have or lack is
 * said of the rows shown. Tied to other rows (each order of those customers) it would ask that one
 * order hold both, or lack one, which the question would say.
 */
export function setOfShownRows(draft: Draft): void {
  if (draft.outputs.some((output) => output.kind !== 'measure' && output.entity !== draft.subject)) throw new Invalid();
}

/** "customers who ordered both Chai and Tofu": the verb said before only relates the rows to what they have. */
function relationsBefore(draft: Draft, subject: string, token: number): number[] {
  return draft.withRole('relation')
    .filter((pick) => draft.unit(pick.unit).start < token && pick.link?.target.entity !== subject && !draft.usedTokens.has(draft.unit(pick.unit).start))
    .flatMap((pick) => draft.use(pick.unit));
}

function subjectHoldsValue(draft: Draft, subject: string, condition: ConditionNode): boolean {
  if (condition.kind !== 'equals') return false;
  const first = Math.min(...condition.tokens);
  const unit = draft.input.units.find((each) => each.start === first);
  if (unit?.kind !== 'link' && unit?.kind !== 'quoted') return false;
  return unit.links.some((link) => link.target.kind === 'value' && link.target.entity === subject && condition.values.includes(link.target.value));
}

/** Some entity other than the subject is named as a noun before `token` (and after the subject). */
function relatedNamedBefore(draft: Draft, subject: string, token: number): boolean {
  let seenSubject = false;
  for (const [index, pick] of draft.picks.entries()) {
    const unit = draft.unit(index);
    if (unit.start >= token) break;
    const target = pick?.link?.target;
    if (!target || target.kind === 'value' || target.kind === 'segment') continue;
    if (target.entity === subject) seenSubject = true;
    else if (seenSubject && draft.input.tokens.slice(unit.start, unit.end).some((word) => word.pos === 'NOUN')) return true;
  }
  return false;
}

/**
 * "Countries that have both managers over 50 and managers under 46", "industries shared by companies
 * in the USA and companies in China": the values of the one column shown that rows of two kinds have
 * in common. One row cannot be both, so the second kind is other rows with the same value.
 */
export function relateSharedValues(draft: Draft): void {
  const subject = draft.subject;
  if (!subject || draft.groups.length > 0 || draft.outputs.length !== 1) return;
  const shown = draft.outputs[0];
  if (shown.kind !== 'column' || shown.entity !== subject) return;
  if (valuesNotShared(draft, subject, shown.column)) return;
  const saying = sharingWords(draft);
  if (saying === undefined) return;
  const onRows = draft.conditions.filter((condition) => condition.entity === subject && 'column' in condition && condition.column !== shown.column);
  const values = onRows.filter((condition) => condition.kind === 'equals' && !condition.negated && condition.values.length === 2);
  const compared = onRows.filter((condition) => condition.kind === 'compare' && condition.values.length === 1 && !condition.against && !condition.otherColumn);
  let kinds: [ConditionNode, ConditionNode] | undefined;
  if (values.length === 1 && values[0].kind === 'equals') {
    const both = values[0];
    kinds = [{ ...both, values: [both.values[0]] }, { ...both, values: [both.values[1]] }];
    draft.conditions.splice(draft.conditions.indexOf(both), 1, kinds[0]);
  } else if (values.length === 0 && compared.length === 2 && compared[0].kind === 'compare' && compared[1].kind === 'compare' && compared[0].column === compared[1].column) {
    kinds = [compared[0], compared[1]];
    draft.conditions.splice(draft.conditions.indexOf(compared[1]), 1);
  }
  if (!kinds) return;
  // "both managers … and managers …": the rows named again are the other kind.
  const namedAgain = namedAgainAfter(draft, subject, -1).flatMap((pick) => draft.use(pick.unit));
  relateOwnRows(draft, true, [kinds[1]], shown.column, [...saying(), ...namedAgain, ...kinds[1].tokens]);
}

/** Other rows of the subject sharing the column's value, with (or without) the conditions; the values listed once. */
function relateOwnRows(draft: Draft, exists: boolean, conditions: ConditionNode[], column: string, tokens: readonly number[]): void {
  draft.related.push({ entity: draft.subject ?? '', exists, conditions, sharing: { column }, tokens });
  draft.distinct = true;
  draft.feature(exists ? 'related.shared-value' : 'related.value-not-shared');
}

/** The subject named again, as rows of its own, after the token `after`. */
function namedAgainAfter(draft: Draft, subject: string, after: number): Choice[] {
  return draft.withRole('scope').filter((pick) => pick.link?.target.entity === subject && draft.unit(pick.unit).start > after);
}

/**
 * "Headquarters without a company in the banking industry", "titles of courses in Statistics but not
 * in Psychology": the values no row of the kind said after the negation has, when those rows are
 * named again or the same column also holds a value said without it. One row is not both.
 */
function valuesNotShared(draft: Draft, subject: string, column: string): boolean {
  if (rowsNamedWithout(draft, subject, column)) return true;
  const negated = draft.conditions.filter((condition) => condition.kind === 'equals' && condition.negated && condition.entity === subject && condition.column !== column);
  if (negated.length !== 1 || negated[0].kind !== 'equals') return false;
  const not = negated[0];
  const alsoSaid = draft.conditions.some((condition) => condition.kind === 'equals' && !condition.negated && condition.entity === subject && condition.column === not.column);
  const namedAgain = namedAgainAfter(draft, subject, Math.min(...draft.outputs[0].tokens));
  if (!alsoSaid && namedAgain.length === 0) return false;
  const tokens = [...namedAgain.flatMap((pick) => draft.use(pick.unit)), ...not.tokens];
  draft.conditions.splice(draft.conditions.indexOf(not), 1);
  relateOwnRows(draft, false, [{ ...not, negated: false }], column, tokens);
  return true;
}

/** "without a company in the banking industry": the rows named again right after the negation, with what is said of them. */
function rowsNamedWithout(draft: Draft, subject: string, column: string): boolean {
  const again = draft.withRole('scope').find((pick) => {
    const before = draft.cueAt(draft.leftOf(pick.unit));
    return pick.link?.target.entity === subject && before?.kind === 'negation' && !draft.usedCues.has(draft.leftOf(pick.unit));
  });
  if (!again) return false;
  const start = draft.unit(again.unit).start;
  const said = draft.conditions.filter((condition) => condition.entity === subject && Math.min(...condition.tokens) > start && 'column' in condition && condition.column !== column);
  if (said.length === 0 || said.some((condition) => condition.kind === 'equals' && condition.negated)) return false;
  const tokens = [...draft.useCue(draft.leftOf(again.unit)), ...draft.use(again.unit), ...said.flatMap((condition) => condition.tokens)];
  for (const condition of said) draft.conditions.splice(draft.conditions.indexOf(condition), 1);
  relateOwnRows(draft, false, said, column, tokens);
  return true;
}

/** "both" before the kinds, or "shared by": a function that marks those words used, else undefined. */
function sharingWords(draft: Draft): (() => number[]) | undefined {
  const both = draft.input.units.findIndex((unit, index) => unit.kind === 'cue' && unit.cue.kind === 'quantifier' && unit.cue.quantifier === 'both' && !draft.usedCues.has(index));
  if (both >= 0) return () => draft.useCue(both);
  const shared = draft.input.tokens.findIndex((token) => token.lower === 'shared' && draft.input.tokens[token.index + 1]?.lower === 'by' && !draft.usedTokens.has(token.index));
  if (shared < 0) return undefined;
  const use = (unit: number) => (draft.unit(unit).kind === 'cue' ? draft.useCue(unit) : draft.use(unit));
  return () => [...use(draft.unitOfToken(shared)), ...use(draft.unitOfToken(shared + 1))];
}

/** A verb read as a column that is the key from another entity to the subject ("hosted": host_city_id). */
function keyToSubject(draft: Draft, pick: Choice | undefined, subject: string): boolean {
  const target = pick?.link?.target;
  return (pick?.role === 'relation' || pick?.role === 'names') && target?.kind === 'column' && referencedEntity(draft, target.entity, target.column) === subject;
}
