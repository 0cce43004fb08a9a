/**
 * "The start and end date of each booking", "all information about each body builder": with nothing
 * computed, "each <rows>" asks for every one of those rows, not for groups of them.
 */
import type { Draft } from './draft.ts';

export function listEachRow(draft: Draft): void {
  if (draft.groups.length !== 1 || draft.having.length > 0) return;
  if (draft.outputs.some((output) => output.kind === 'measure') || draft.order.some((entry) => entry.key.kind === 'measure')) return;
  const group = draft.groups[0];
  if (group.kind !== 'entity' || group.via !== undefined) return;
  if (draft.subject !== undefined && draft.subject !== group.entity) return;
  // "for each different …" asks for the values, not the rows.
  const words = group.tokens.map((index) => draft.input.tokens[index].lower);
  if (!words.includes('each') || words.includes('different')) return;
  draft.groups.length = 0;
  draft.subject = group.entity;
  draft.feature('list.each-row');
}
