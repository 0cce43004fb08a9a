/**
 * Readings of a list that differ only in the columns they show. Joins reach only parents, so two
 * list queries with the same root, conditions, order and limit list the same rows; one that shows
 * every column another shows answers it too ("unresolved tickets by email": their priority, or
 * their priority and subject). Such readings are one answer, shown with the widest of them, rather
 * than a choice put back to the asker.
 */
import type { LogicalQuery } from '../../query/logical-query.ts';
import { stableKey, type Candidate } from './enumerate.ts';
import { softmax } from './model.ts';

/**
 * The candidates with the best one replaced by the widest listing of its rows (itself, when it
 * shows the most), and every reading whose columns that listing shows given its core, so that
 * their likelihood pools. Unchanged when the best reading is not a plain list or no other reading
 * lists its rows with columns it shows.
 */
export function widestListing(candidates: readonly Candidate[], declineScore: number): readonly Candidate[] {
  const best = candidates[0];
  const rows = best === undefined ? undefined : listedRowsKey(best.planned.query);
  if (rows === undefined) return candidates;
  const probabilities = softmax(candidates.map((candidate) => candidate.score), declineScore);
  const sameRows = candidates.map((candidate, index) => ({ candidate, probability: probabilities[index]!, shown: shownFields(candidate.planned.query) }))
    .filter((entry) => listedRowsKey(entry.candidate.planned.query) === rows);
  const covered = (wide: ReadonlySet<string>) => sameRows.filter((entry) => isSubset(entry.shown, wide));
  const likelihood = (wide: ReadonlySet<string>) => covered(wide).reduce((sum, entry) => sum + entry.probability, 0);
  const widest = sameRows.filter((entry) => isSubset(sameRows[0]!.shown, entry.shown))
    .reduce((chosen, entry) => (likelihood(entry.shown) > likelihood(chosen.shown) ? entry : chosen));
  const pooled = new Set(covered(widest.shown).map((entry) => entry.candidate));
  if (pooled.size === 1) return candidates;
  const core = widest.candidate.core;
  const rest = candidates.filter((candidate) => candidate !== widest.candidate).map((candidate) => (pooled.has(candidate) ? { ...candidate, core } : candidate));
  return [widest.candidate, ...rest];
}

/** What a plain list query lists, its columns aside; undefined for any other query. */
function listedRowsKey(query: LogicalQuery): string | undefined {
  if (query.measures.length > 0 || query.dimensions.length > 0 || query.distinct === true || query.pivot || query.limitPerGroup) return undefined;
  const fieldOf = new Map(query.columns.map((column) => [column.id, `${column.field.entity}.${column.field.column}`]));
  const order = query.order.map((entry) => ({ by: fieldOf.get(entry.id) ?? entry.id, direction: entry.direction }));
  const filters = query.filters.map(stableKey).sort();
  return stableKey({ root: query.root, filters, related: query.related ?? [], order, limit: query.limit ?? null });
}

function shownFields(query: LogicalQuery): ReadonlySet<string> {
  return new Set(query.columns.map((column) => `${column.field.entity}.${column.field.column}`));
}

function isSubset(part: ReadonlySet<string>, whole: ReadonlySet<string>): boolean {
  return [...part].every((item) => whole.has(item));
}
