/**
 * Growth: "revenue growth by month", "month-over-month growth of orders". The one measure of a
 * time series gets, beside it, its change against the bucket before. Without exactly one measure
 * and one time grain there is no series to compare, and the reading is not made.
 */
import { Invalid, type Draft } from './draft.ts';

export function assembleGrowth(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'growth' || draft.usedCues.has(index)) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    const measures = draft.outputs.filter((output) => output.kind === 'measure');
    const grains = draft.groups.filter((group) => group.kind === 'grain');
    if (draft.growth || measures.length !== 1 || measures[0].kind !== 'measure' || grains.length !== 1 || draft.limit !== undefined) throw new Invalid();
    draft.growth = { measure: measures[0], tokens: draft.useCue(index) };
    draft.feature('growth.series');
  }
}
