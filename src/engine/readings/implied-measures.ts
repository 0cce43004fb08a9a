/**
 * Measures a reading implies without a word that computes: a count cue with nothing after it, an
 * amount or a quantity shown by groups (a total), rows said and grouped (a count), and the columns
 * shown beside a measure (its groups).
 */
import { columnOf, type ColumnInfo } from '../schema/schema-model.ts';
import { groupByShown } from './assemble-ranking.ts';
import type { Draft } from './draft.ts';
import type { OutputNode } from './reading.ts';
import type { Cue } from '../question/cues.ts';

/** "each ticket priority and its count": a count cue with nothing after it counts the subject's rows. */
export function bareCounts(draft: Draft): void {
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'count' || draft.usedCues.has(index) || !draft.subject) continue;
    if (draft.picks[index] !== undefined && draft.picks[index]?.role !== 'cue') continue;
    const right = draft.input.contexts[index].right;
    // "count the number of …": the next count cue says what is counted.
    if ((right.kind === 'link' && !countsValueSaid(draft, unit.cue, draft.rightOf(index))) || right.kind === 'quoted' || right.kind === 'number' || right.kind === 'count') continue;
    const counted = draft.outputs.some((output) => output.kind === 'measure' && output.aggregate === 'count');
    if (counted && draft.input.contexts[index].left.kind === 'sort') continue;
    const measure = { kind: 'measure' as const, aggregate: 'count' as const, entity: draft.subject, tokens: draft.useCue(index) };
    draft.measureOfUnit.set(index, [measure]);
    draft.outputs.push(measure);
    draft.feature('count.bare');
  }
}

/**
 * "how many engineers are older than 30": a value said where the counted rows are named picks the
 * subject's rows that hold it. Only a word that names nothing but values, and is the whole noun
 * ("how many king beds" counts beds, not rooms with a king bed); a share counts its rows otherwise.
 */
function countsValueSaid(draft: Draft, cue: Extract<Cue, { kind: 'count' }>, unitIndex: number): boolean {
  const pick = draft.picks[unitIndex];
  const unit = draft.input.units[unitIndex];
  if (cue.share || pick?.role !== 'filter' || pick.link?.target.kind !== 'value' || pick.link.target.entity !== draft.subject) return false;
  if (unit.kind !== 'link' || unit.links.some((link) => link.target.kind !== 'value')) return false;
  return draft.input.contexts[unitIndex].right.kind !== 'link';
}

/**
 * "invoice amount by status", "payments received per month": an amount or a quantity shown and
 * grouped (or by a time grain), with nothing else to compute, is totalled per group (an amount is
 * additive; listed, the rows would ignore the "by").
 */
export function sumByGroups(draft: Draft): void {
  if ((draft.groups.length === 0 && !grainSaid(draft)) || draft.outputs.some((output) => output.kind === 'measure')) return;
  const shown = draft.outputs.filter((output) => !draft.groups.some((group) => sameAsGroup(output, group)));
  const [only] = shown;
  if (shown.length !== 1 || only?.kind !== 'column') return;
  if (!isAdditive(columnOf(draft.input.schema, only.entity, only.column))) return;
  draft.outputs.splice(draft.outputs.indexOf(only), 1, { kind: 'measure', aggregate: 'sum', entity: only.entity, column: only.column, tokens: only.tokens });
  draft.feature('sum.implied-by-group');
}

/** A time grain said ("per month"), which groups once its date is bound (assembleTime). */
function grainSaid(draft: Draft): boolean {
  // "tickets this year vs last year": two periods side by side group by their grain too.
  return draft.input.units.some((unit, index) => unit.kind === 'cue' && (unit.cue.kind === 'grain' || unit.cue.kind === 'versus') && (draft.picks[index] === undefined || draft.picks[index]?.role === 'cue'));
}

/**
 * "orders per month", "customers by segment": rows said and grouped, with nothing else to compute,
 * are counted. A time grain groups too, though its date is bound later (assembleTime), and so do two
 * periods side by side.
 */
export function countByGroups(draft: Draft): void {
  if ((draft.groups.length === 0 && !grainSaid(draft)) || !draft.explicitSubject || !draft.subject || draft.outputs.some((output) => output.kind === 'measure')) return;
  // "categories with more than 10 products": grouped by their own rows for the comparison, each counts once.
  const subject = draft.subject;
  if (draft.having.length > 0 && draft.groups.every((group) => group.kind === 'entity' && group.entity === subject)) return;
  const subjectPick = draft.withRole('subject')[0];
  const measure = { kind: 'measure' as const, aggregate: 'count' as const, entity: draft.subject, tokens: subjectPick ? draft.use(subjectPick.unit) : [] };
  draft.outputs.push(measure);
  draft.feature('count.implied-by-group');
}

/** "the sites and the number of work orders": shown columns next to a measure are its groups. */
export function groupImplicitly(draft: Draft): void {
  const measures = draft.outputs.filter((output) => output.kind === 'measure');
  if (measures.length === 0 || draft.groups.length > 0) return;
  if (draft.outputs.some((output) => output.kind !== 'measure')) groupByShown(draft, measures[0].kind === 'measure' ? measures[0].entity : '');
}

/** An amount or a quantity, which adds up across rows; not a key. */
export function isAdditive(column: ColumnInfo): boolean {
  return !column.isKey && (column.isAmount || column.isQuantity);
}

/** Whether an output shows what a group groups by. */
export function sameAsGroup(output: OutputNode, group: Draft['groups'][number]): boolean {
  if (group.kind === 'entity') return output.kind === 'name' && output.entity === group.entity;
  return output.kind === 'column' && output.entity === group.entity && output.column === group.column;
}
