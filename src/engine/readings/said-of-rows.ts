/** Which rows a value or segment is said of, by where it stands in the question. */
import { reachFrom } from '../schema/join-graph.ts';
import { followsBe } from '../question/tokens.ts';
import type { Draft } from './draft.ts';

/**
 * "How many orders are still open?", "open orders": a segment's word said of rows of another kind
 * (after "is"/"are" about them, or right before their name) says what those rows are; the segment
 * defines it for its own rows only ("open" invoices), so it is not their related rows' segment. A
 * value said so is likewise one of the rows' own or their parents' ("open orders" is not their
 * invoices' status; "Seafood products" are those of the Seafood category).
 */
export function saidOfOtherRows(draft: Draft, unitIndex: number, entity: string): boolean {
  const { units, schema } = draft.input;
  const unit = draft.unit(unitIndex);
  // Rows whose own or parents' value it can be ("Seafood products": their category's name) are not other rows.
  const describes = (rows: string) => reachFrom(schema, rows).paths.has(entity);
  const namesOnlyOthers = (named: (typeof units)[number] | undefined) => named?.kind === 'link'
    && named.links.some((link) => link.target.kind === 'entity' && !describes(link.target.entity))
    && !named.links.some((link) => link.target.kind === 'entity' && describes(link.target.entity));
  if (units[unitIndex + 1]?.start === unit.end && namesOnlyOthers(units[unitIndex + 1])) return true;
  if (!followsBe(draft.input.tokens, unit.start)) return false;
  // The rows the predicate is about: the last thing named before "is"/"are".
  const about = units.slice(0, unitIndex).reverse().find((earlier) => earlier.kind === 'link');
  return namesOnlyOthers(about);
}

/**
 * "customers in Germany", "suppliers from Italy": a value said right after rows, with "in" or
 * "from" between, is theirs when a column of theirs holds it; read on other rows' column
 * (the orders' ship country) it would answer another question. Said of other rows than the
 * subject ("how much did customers in Germany spend": the revenue's lines); not when a noun naming
 * other rows follows the value ("courses in the Physics department").
 */
export function valueOfRowsBefore(draft: Draft, unitIndex: number, target: { entity: string; value: string | number | boolean }): boolean {
  const { contexts } = draft.input;
  const left = contexts[unitIndex].left;
  if (left.kind !== 'in' && left.kind !== 'from') return false;
  const before = contexts[left.unit]?.left;
  if (before?.kind !== 'link') return false;
  const rows = draft.picks[before.unit]?.link?.target;
  // On the rows asked about themselves, the decision prefers their own column (decide.ts, closerReadingOfSameQuestion).
  if (rows?.kind !== 'entity' || rows.entity === target.entity || rows.entity === draft.subject) return false;
  // "courses in the Physics department": the value names the rows of the noun after it.
  const next = draft.input.units[unitIndex + 1];
  if (next?.kind === 'link' && next.start === draft.unit(unitIndex).end && next.links.some((link) => link.target.kind === 'entity')) return false;
  const unit = draft.unit(unitIndex);
  return unit.kind === 'link' && unit.links.some((link) => link.target.kind === 'value' && link.target.entity === rows.entity && link.target.value === target.value);
}
