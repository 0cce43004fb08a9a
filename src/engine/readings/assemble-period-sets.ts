/**
 * Two periods said of the same related rows, as a set: "customers who placed orders in 2025 but
 * not in 2026" have orders dated 2025 and none dated 2026; "sites with work orders in both 2024
 * and 2025" have some in each. One row cannot be dated in both periods, so each period is its own
 * semi-join (or, after a negation, anti-join) of the related rows, not a filter on one row.
 *
 * The related rows are the entity named right before the first period (a noun, "orders", or a
 * verb, "ordered"), below the subject; the periods date them by the date named beside them, else
 * their main date. What else is said of the related rows ("ordered Earl Grey Tea in 2025 but not
 * in 2026") could hold for one period or for both: such a reading is not made.
 */
import { reachFrom } from '../schema/join-graph.ts';
import { columnOf } from '../schema/schema-model.ts';
import type { Choice } from './choices.ts';
import { periodConditionOn } from './assemble-time.ts';
import { setOfShownRows } from './assemble-related.ts';
import { Invalid, type Draft } from './draft.ts';
import type { ConditionNode } from './reading.ts';

export function relatePeriodSets(draft: Draft): void {
  const subject = draft.subject;
  if (!subject) return;
  const periods = draft.withRole('period').filter((pick) => draft.unit(pick.unit).kind === 'period' && !draft.usedTokens.has(draft.unit(pick.unit).start));
  if (periods.length !== 2) return;
  const [first, second] = periods;
  const joining = setWords(draft, first.unit, second.unit);
  if (!joining) return;
  const named = relatedRowsBefore(draft, first.unit);
  if (!named?.link) return;
  const entity = named.link.target.entity;
  if (entity === subject || !reachFrom(draft.input.schema, entity).paths.has(subject)) return;
  // Something else said of the related rows might be meant of one period or of both.
  const subjectReach = reachFrom(draft.input.schema, subject);
  if (draft.conditions.some((condition) => !subjectReach.paths.has(condition.entity) && condition.entity !== subject)) throw new Invalid();
  setOfShownRows(draft);
  const firstDated = dated(draft, first, entity);
  // "reported in 2025 but not in 2026": the second period dates the same column, said once.
  const nodes = [firstDated, dated(draft, second, firstDated.entity, firstDated.column)];
  const tokens = [...draft.use(named.unit), ...joining.use()];
  draft.related.push({ entity, exists: true, conditions: [nodes[0]], tokens: [...tokens, ...nodes[0].tokens] });
  draft.related.push({ entity, exists: joining.kind === 'both', conditions: [nodes[1]], tokens: [...tokens, ...nodes[1].tokens] });
  draft.feature(joining.kind === 'both' ? 'related.periods-both' : 'related.periods-but-not');
}

type PeriodCondition = Extract<ConditionNode, { readonly kind: 'period' }>;

/** The period said at `pick` on the related rows: on `column` when given, else on the date named beside it or their main date. */
function dated(draft: Draft, pick: Choice, entity: string, column?: string): PeriodCondition {
  const unit = draft.unit(pick.unit);
  if (unit.kind !== 'period') throw new Invalid();
  if (column !== undefined) return { kind: 'period', entity, column, period: unit.period, tokens: draft.use(pick.unit) };
  const condition = periodConditionOn(draft, pick.unit, entity, unit.period, draft.use(pick.unit));
  if (condition?.kind !== 'period') throw new Invalid();
  return condition;
}

/**
 * The words that make the two periods a set: "both" before the first and "and" between them
 * ("in both 2024 and 2025", "both in 2024 and in 2025"), or a negation between them ("in 2025 but
 * not in 2026", "in 2025 but none in 2024"); only plain words besides.
 */
function setWords(draft: Draft, first: number, second: number): { kind: 'both' | 'not'; use: () => number[] } | undefined {
  const between = [...draft.input.units.keys()].filter((index) => index > first && index < second);
  const negations = between.filter((index) => isCue(draft, index, 'negation'));
  const plain = (indices: number[]) => indices.every((index) => draft.unit(index).kind === 'word');
  if (negations.length === 1 && plain(between.filter((index) => index !== negations[0]))) {
    return { kind: 'not', use: () => draft.useCue(negations[0]) };
  }
  if (!plain(between) || !between.some((index) => draft.input.tokens[draft.unit(index).start].lower === 'and')) return undefined;
  const both = draft.leftOf(first);
  if (!isCue(draft, both, 'both')) return undefined;
  return { kind: 'both', use: () => draft.useCue(both) };
}

function isCue(draft: Draft, index: number, kind: 'negation' | 'both'): boolean {
  const unit = draft.input.units[index];
  if (unit?.kind !== 'cue' || draft.usedCues.has(index)) return false;
  if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') return false;
  return kind === 'negation' ? unit.cue.kind === 'negation' : unit.cue.kind === 'quantifier' && unit.cue.quantifier === 'both';
}

/** The entity named as related rows before the period, with only plain words, "both" or the date that dates the period between. */
function relatedRowsBefore(draft: Draft, period: number): Choice | undefined {
  for (let index = period - 1; index >= 0; index -= 1) {
    const pick = draft.picks[index];
    if (pick && (pick.role === 'relation' || pick.role === 'scope') && pick.link?.target.kind === 'entity') return pick;
    const unit = draft.unit(index);
    if (unit.kind === 'word' || (unit.kind === 'cue' && isCue(draft, index, 'both'))) continue;
    // "work orders reported in 2025": the date named beside the period, which dates it.
    if (pick?.role === 'names' && pick.link?.target.kind === 'column' && columnOf(draft.input.schema, pick.link.target.entity, pick.link.target.column).isDate) continue;
    return undefined;
  }
  return undefined;
}
