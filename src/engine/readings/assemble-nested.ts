/**
 * Measures over per-group totals: "the average number of orders per customer" is not a count per
 * customer (that would make "average" mean nothing) but the average, over customers, of each
 * one's count of orders. An average, highest or lowest said before a count, with the counted rows
 * grouped by an entity they point to, becomes one such measure and the group goes away.
 */
import { reachFrom } from '../schema/join-graph.ts';
import { Invalid, type Draft } from './draft.ts';
import type { MeasureNode } from './reading.ts';

export function nestCountsPerGroup(draft: Draft): void {
  for (const [unit, measures] of draft.measureOfUnit) {
    const countCue = draft.leftOf(unit);
    const outerCue = countCue >= 0 ? draft.leftOf(countCue) : -1;
    const outer = outerCue >= 0 ? draft.cueAt(outerCue) : undefined;
    if (draft.cueAt(countCue)?.kind !== 'count' || outer?.kind !== 'aggregate' || outer.aggregate === 'sum' || draft.usedCues.has(outerCue)) continue;
    const counted = measures.find((measure) => measure.aggregate === 'count' && measure.column === undefined && measure.per === undefined);
    if (!counted) continue;
    const groups = draft.groups.filter((group) => group.kind === 'entity' && group.entity !== counted.entity && reachFrom(draft.input.schema, counted.entity).paths.has(group.entity));
    if (groups.length !== 1) throw new Invalid();
    const group = groups[0];
    const nested: MeasureNode = { ...counted, aggregate: outer.aggregate, per: { aggregate: 'count', entity: group.entity }, tokens: [...draft.useCue(outerCue), ...counted.tokens, ...group.tokens] };
    draft.measureOfUnit.set(unit, measures.map((measure) => (measure === counted ? nested : measure)));
    const shown = draft.outputs.indexOf(counted);
    if (shown >= 0) draft.outputs[shown] = nested;
    draft.groups.splice(draft.groups.indexOf(group), 1);
    draft.feature('measure.per-group');
  }
}
