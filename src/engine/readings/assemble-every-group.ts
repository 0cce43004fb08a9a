/**
 * "How many orders has each employee taken?", "the number of tickets of every agent": a count of
 * rows by one table said with "each", "every" or "all" asks of every row of that table, those with
 * none too. The reading says so (its plan lists those rows with their count, 0 where they have none).
 */
import type { Draft } from './draft.ts';
import { EVERY_MEMBER } from './word-classes.ts';

export function countsEveryGroup(draft: Draft): boolean {
  if (draft.groups.length !== 1 || draft.having.length > 0 || draft.limit !== undefined || draft.window || draft.pivot || draft.rowShare || draft.related.length > 0) return false;
  const [group] = draft.groups;
  if (group.kind !== 'entity') return false;
  const saidOfEvery = group.tokens.some((index) => EVERY_MEMBER.has(draft.input.tokens[index]?.lower ?? '')) || everyBefore(draft).includes(group.entity);
  if (!saidOfEvery) return false;
  const measures = draft.outputs.filter((output) => output.kind === 'measure');
  // The group is shown by its name beside the count, nothing else.
  if (measures.length !== 1 || draft.outputs.some((output) => output.kind !== 'measure' && !(output.kind === 'name' && output.entity === group.entity))) return false;
  const [count] = measures;
  if (count.kind !== 'measure' || count.aggregate !== 'count' || count.column !== undefined || count.metric !== undefined || count.per !== undefined || count.entity === group.entity) return false;
  draft.feature('count.every-group');
  return true;
}

/** The tables said right after "every" ("every employee"), as the reading links them. */
function everyBefore(draft: Draft): string[] {
  return draft.input.units.flatMap((_, index) => everyOf(draft, index) ?? []);
}

/**
 * The table a quantifier "every" is said of (the unit right after it, linked to a table or to a key
 * pointing to one), if it is one; "all" too when what follows is said to be theirs ("all employees
 * with their number of orders"), not when it is said across them ("revenue across all categories").
 */
export function everyOf(draft: Draft, cueIndex: number): string | undefined {
  const unit = draft.unit(cueIndex);
  const target = draft.picks[cueIndex + 1]?.link?.target;
  if (unit.kind !== 'cue' || unit.cue.kind !== 'quantifier' || target === undefined) return undefined;
  const theirsAfter = draft.input.tokens.slice(unit.end).some((token) => token.lower === 'their');
  if (unit.cue.quantifier !== 'every' && !(unit.cue.quantifier === 'all' && theirsAfter)) return undefined;
  if (target.kind === 'entity') return target.entity;
  if (target.kind !== 'column') return undefined;
  return draft.input.schema.entityByName.get(target.entity)?.foreignKeys.find((key) => key.columns.length === 1 && key.columns[0] === target.column)?.refEntity;
}
