/**
 * Whether two kinds gave the same answer to one logical query. Numbers are equal within 1e-9
 * relative (decimal arithmetic may differ in the last digits between servers), everything else
 * (dates, timestamps, text, booleans, null) must be identical. Rows compare in sequence when the
 * query orders them, except that rows tied on every ordering key may come in any order, and tied
 * rows cut by the limit may even be different rows; without an order they compare as multisets.
 */
import type { ResultTable } from '../../src/connectors/connector.ts';
import type { LogicalQuery } from '../../src/query/logical-query.ts';

type Row = readonly unknown[];

const RELATIVE_TOLERANCE = 1e-9;

export function sameValue(left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'number') {
    return left === right || Math.abs(left - right) <= RELATIVE_TOLERANCE * Math.max(Math.abs(left), Math.abs(right));
  }
  return left === right;
}

function sameRow(left: Row, right: Row): boolean {
  return left.length === right.length && left.every((value, index) => sameValue(value, right[index]));
}

/** A sort key equal for equal rows (numbers to 10 significant digits; near-misses are settled by `sameRow`). */
function roughKey(row: Row): string {
  return JSON.stringify(row.map((value) => (typeof value === 'number' ? Number(value.toPrecision(10)) : value)));
}

function sameMultiset(left: readonly Row[], right: readonly Row[]): boolean {
  if (left.length !== right.length) return false;
  const sortedLeft = [...left].sort((a, b) => roughKey(a).localeCompare(roughKey(b)));
  const sortedRight = [...right].sort((a, b) => roughKey(a).localeCompare(roughKey(b)));
  if (sortedLeft.every((row, index) => sameRow(row, sortedRight[index]!))) return true;
  // Rounding put two equal numbers on either side of a key boundary: match greedily.
  const unmatched = [...right];
  return left.every((row) => {
    const index = unmatched.findIndex((candidate) => sameRow(row, candidate));
    if (index >= 0) unmatched.splice(index, 1);
    return index >= 0;
  });
}

/** Why `other` differs from `reference`, or undefined when they are the same answer. */
export function answerDifference(query: LogicalQuery, reference: ResultTable, other: ResultTable): string | undefined {
  const names = reference.columns.map((column) => column.name);
  const otherNames = other.columns.map((column) => column.name);
  if (names.join(',') !== otherNames.join(',')) return `columns ${otherNames.join(',')} instead of ${names.join(',')}`;
  const types = reference.columns.map((column) => column.type).join(',');
  const otherTypes = other.columns.map((column) => column.type).join(',');
  if (types !== otherTypes) return `column types ${otherTypes} instead of ${types}`;
  if (other.rows.length !== reference.rows.length) return `${other.rows.length} rows instead of ${reference.rows.length}`;
  const keys = query.order.map((item) => names.indexOf(item.id));
  if (keys.length === 0 || keys.includes(-1)) {
    return sameMultiset(reference.rows, other.rows) ? undefined : `different rows: ${firstDifferent(reference.rows, other.rows)}`;
  }
  const cutByLimit = query.limit !== undefined && reference.rows.length >= query.limit;
  const sameKeys = (left: Row, right: Row) => keys.every((index) => sameValue(left[index], right[index]));
  for (let start = 0; start < reference.rows.length;) {
    let end = start + 1;
    while (end < reference.rows.length && sameKeys(reference.rows[start]!, reference.rows[end]!)) end += 1;
    const expected = reference.rows.slice(start, end);
    const actual = other.rows.slice(start, end);
    const index = actual.findIndex((row) => !sameKeys(row, expected[0]!));
    if (index >= 0) return `row ${start + index} is ${JSON.stringify(actual[index])} instead of ${JSON.stringify(expected[index])}`;
    const lastRun = end === reference.rows.length;
    if (!(lastRun && cutByLimit) && !sameMultiset(expected, actual)) {
      return `rows ${start}–${end - 1} (tied on the order) differ: ${firstDifferent(expected, actual)}`;
    }
    start = end;
  }
  return undefined;
}

function firstDifferent(reference: readonly Row[], other: readonly Row[]): string {
  const index = reference.findIndex((row) => !other.some((candidate) => sameRow(row, candidate)));
  if (index < 0) return 'same rows, different multiplicities';
  const near = other[index] ?? other[0];
  return `${JSON.stringify(reference[index])} missing (row ${index} there is ${JSON.stringify(near)})`;
}
