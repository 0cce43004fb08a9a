/**
 * "What percentage of orders were cancelled?": the rows counted under a percentage cue are split by
 * the conditions said after them. Those conditions pick the part; the ones said before ("of 2025
 * orders") narrow the whole. A period after them narrows the whole too when another condition
 * picks the part ("the percentage of orders cancelled in 2025"), and picks the part when it is the
 * only one ("the percentage of customers who signed up in 2025").
 */
import { Invalid, type Draft } from './draft.ts';
import type { ConditionNode } from './reading.ts';

export function splitRowShare(draft: Draft): void {
  const share = draft.rowShare;
  if (!share) return;
  // Rows that must have related rows cannot be counted apart inside one count.
  if (draft.related.length > 0) throw new Invalid();
  const after = Math.max(...share.measure.tokens);
  const saidAfter = (condition: ConditionNode) => condition.tokens.length > 0 && Math.min(...condition.tokens) > after;
  let part = draft.conditions.filter((condition) => saidAfter(condition) && condition.kind !== 'period');
  if (part.length === 0) part = draft.conditions.filter((condition) => saidAfter(condition) && condition.kind === 'period');
  share.conditions.push(...part);
  const whole = draft.conditions.filter((condition) => !part.includes(condition));
  draft.conditions.splice(0, draft.conditions.length, ...whole);
  draft.feature('share.of-rows');
}

/**
 * The share is the one thing asked: no other measure, no ranking, cut or condition on totals. With
 * nothing to pick the part, "the percentage of orders per status" is each group's share of all the
 * rows; without groups either, every row would be 100 % of the rows, which is no reading.
 */
export function checkRowShare(draft: Draft): void {
  const share = draft.rowShare;
  if (!share) {
    // A percentage cue some other step took as a plain count ("number of") would drop the percentage.
    if (draft.input.units.some((unit, index) => unit.kind === 'cue' && unit.cue.kind === 'count' && unit.cue.share === true && draft.usedCues.has(index))) throw new Invalid();
    return;
  }
  if (share.conditions.length === 0) {
    if (draft.groups.length === 0 || draft.window || draft.limit !== undefined) throw new Invalid();
    draft.window = { kind: 'share', measure: share.measure, tokens: [] };
    draft.rowShare = undefined;
    draft.feature('window.share');
    return;
  }
  const measures = draft.outputs.filter((output) => output.kind === 'measure');
  if (measures.length !== 1 || measures[0] !== share.measure) throw new Invalid();
  if (draft.limit !== undefined || draft.having.length > 0 || draft.window || draft.pivot || draft.order.some((entry) => entry.key.kind === 'measure')) throw new Invalid();
}
