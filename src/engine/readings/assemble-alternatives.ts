/**
 * "Founded after 1850 or public", "height over 5000 or prominence over 1000": two conditions side by
 * side with an "or" between them are alternatives, one condition that either passes. Values of one
 * column ("rated G or PG") stay one condition of several values.
 */
import type { Draft } from './draft.ts';
import type { ConditionNode } from './reading.ts';

/** Grammar words that may stand between an "or" and the conditions it joins ("or with a …"). */
const BETWEEN = new Set(['or', 'with', 'a', 'an', 'the', 'have', 'has', 'had', 'are', 'is', 'were', 'was', 'who', 'that', 'which', 'whose', 'in', 'of', 'either']);

export function joinAlternatives(draft: Draft): void {
  const { tokens } = draft.input;
  for (const [index, token] of tokens.entries()) {
    if (token.lower !== 'or' || draft.usedTokens.has(index)) continue;
    const left = nearest(draft.conditions, (condition) => Math.max(...condition.tokens) < index, (condition) => Math.max(...condition.tokens));
    if (left) sameColumnCompared(draft, left, index);
    const right = nearest(draft.conditions, (condition) => Math.min(...condition.tokens) > index, (condition) => -Math.min(...condition.tokens));
    if (!left || !right || !joinable(left) || !joinable(right)) continue;
    const from = Math.max(...left.tokens);
    const to = Math.min(...right.tokens);
    if (!range(from + 1, to).every((between) => !draft.usedTokens.has(between) && BETWEEN.has(tokens[between].lower))) continue;
    const leftStart = Math.min(...left.tokens);
    const either = range(Math.max(0, leftStart - 3), leftStart).find((before) => tokens[before].lower === 'either' && !draft.usedTokens.has(before));
    const used = [...draft.use(draft.unitOfToken(index)), ...(either === undefined ? [] : draft.useCue(draft.unitOfToken(either)))];
    const joined = combine(left, right, used);
    draft.conditions.splice(draft.conditions.indexOf(left), 1);
    draft.conditions.splice(draft.conditions.indexOf(right), 1, joined);
    draft.feature(joined.kind === 'either' ? 'condition.either' : 'condition.either-values');
  }
}

/**
 * "population over 1500 or less than 500": a comparison right after the "or" with no column of its
 * own compares the column named and compared before it.
 */
function sameColumnCompared(draft: Draft, left: ConditionNode, orIndex: number): void {
  const compared = left.kind === 'either' ? left.options.at(-1) : left;
  if (compared?.kind !== 'compare' || compared.values.length === 0 || compared.otherColumn !== undefined) return;
  // "longer than 3300 or higher than 100": after a comparative that implied its column, another says its own.
  if (!compared.tokens.some((token) => draft.unit(draft.unitOfToken(token))?.kind === 'link')) return;
  const next = draft.unitOfToken(orIndex) + 1;
  const unit = draft.input.units[next];
  if (unit?.kind !== 'cue' || unit.cue.kind !== 'compare' || draft.usedCues.has(next) || unit.cue.values.length === 0 || unit.cue.concept || unit.cue.attributes || unit.cue.money) return;
  draft.conditions.push({ kind: 'compare', entity: compared.entity, column: compared.column, op: unit.cue.op, values: unit.cue.values, tokens: draft.useCue(next) });
  draft.feature('compare.same-column-after-or');
}

function combine(left: ConditionNode, right: ConditionNode, used: readonly number[]): ConditionNode {
  const tokens = [...left.tokens, ...used, ...right.tokens];
  if (left.kind === 'equals' && right.kind === 'equals' && left.entity === right.entity && left.column === right.column) {
    return { ...left, values: [...left.values, ...right.values], tokens };
  }
  const options = [...(left.kind === 'either' ? left.options : [left]), right];
  return { kind: 'either', entity: options[0].entity, options, tokens };
}

/** A condition that can be one alternative: a plain value, comparison, pattern or one-sided period. */
function joinable(condition: ConditionNode): boolean {
  if (condition.kind === 'either') return true;
  if (condition.kind === 'segment') return false;
  if (condition.kind === 'compare') return condition.against === undefined;
  if (condition.kind === 'equals' || condition.kind === 'text') return !condition.negated;
  if (condition.kind === 'period') return condition.period.start === undefined || condition.period.end === undefined;
  return true;
}

function nearest(conditions: readonly ConditionNode[], keep: (condition: ConditionNode) => boolean, closeness: (condition: ConditionNode) => number): ConditionNode | undefined {
  const kept = conditions.filter((condition) => condition.tokens.length > 0 && keep(condition));
  if (kept.length === 0) return undefined;
  return kept.reduce((best, condition) => (closeness(condition) > closeness(best) ? condition : best));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);
}
