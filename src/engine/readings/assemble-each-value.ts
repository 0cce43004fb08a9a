/**
 * "How many members are male and how many are female?": a "how many" asked for each of the values
 * said of one column is one count per value, counted by that column among those values.
 */
import type { Draft } from './draft.ts';
import type { MeasureNode } from './reading.ts';

/** The "how many" cues of the question (unit indices). */
export function howManyCues(draft: Draft): number[] {
  const { tokens, units } = draft.input;
  return units.flatMap((unit, index) => (unit.kind === 'cue' && unit.cue.kind === 'count' && tokens.slice(unit.start, unit.end).map((token) => token.lower).join(' ') === 'how many' ? [index] : []));
}

export function countEachValueAsked(draft: Draft): void {
  const asked = howManyCues(draft);
  if (asked.length < 2 || draft.groups.length > 0) return;
  const counts = draft.outputs.filter((output): output is MeasureNode => output.kind === 'measure');
  const sameCount = (output: (typeof draft.outputs)[number]) => output.kind === 'measure' && output.aggregate === 'count' && output.column === undefined && output.per === undefined && output.entity === counts[0]?.entity;
  if (counts.length === 0 || !draft.outputs.every(sameCount)) return;
  const said = draft.conditions.filter((condition) => condition.kind === 'equals' && !condition.negated && condition.values.length === asked.length);
  if (said.length !== 1 || said[0].kind !== 'equals') return;
  draft.groups.push({ kind: 'column', entity: said[0].entity, column: said[0].column, tokens: [] });
  draft.outputs.splice(0, draft.outputs.length, counts[0]);
  for (const index of asked) if (!draft.usedCues.has(index)) draft.useCue(index);
  draft.feature('count.each-value');
}

