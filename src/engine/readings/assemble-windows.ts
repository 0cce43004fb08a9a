/**
 * Measures read across the answer's rows, beside its one measure: growth ("revenue growth by
 * month": each bucket against the one before), share ("each category's share of revenue": each
 * group's part of the total) and running totals ("cumulative revenue by month"). Growth and running
 * totals need one time series; a share needs groups. Without them there is nothing to read across,
 * and the reading is not made.
 */
import { timeColumn } from './assemble-time.ts';
import { Invalid, type Draft } from './draft.ts';

export function assembleWindows(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'window' || draft.usedCues.has(index)) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    const measures = draft.outputs.filter((output) => output.kind === 'measure');
    const grains = draft.groups.filter((group) => group.kind === 'grain');
    const kind = unit.cue.window;
    const series = kind === 'share' ? draft.groups.length > 0 : grains.length === 1;
    if (draft.window || measures.length !== 1 || measures[0].kind !== 'measure' || !series || draft.limit !== undefined) throw new Invalid();
    draft.window = { kind, measure: measures[0], tokens: draft.useCue(index) };
    draft.feature(`window.${kind}`);
  }
}

/**
 * "revenue per year, one column per year": the time grain named by the pivot becomes the columns
 * (added when the question grouped by it nowhere else). A pivot needs a measure to spread.
 */
export function assemblePivot(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'pivot' || draft.usedCues.has(index)) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    const grain = unit.cue.grain;
    if (!grain || draft.pivot) throw new Invalid();
    let group = draft.groups.find((each) => each.kind === 'grain' && each.grain === grain);
    if (!group) {
      const date = timeColumn(draft, index);
      if (!date) throw new Invalid();
      group = { kind: 'grain', entity: date.entity, column: date.name, grain, tokens: [] };
      draft.groups.push(group);
    }
    draft.pivot = group;
    draft.useCue(index);
    draft.feature('pivot.grain');
  }
  if (draft.pivot && !draft.outputs.some((output) => output.kind === 'measure')) throw new Invalid();
}
