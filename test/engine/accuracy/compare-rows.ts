/**
 * Execution accuracy: does an answer hold the same rows as the gold query? The one rule both
 * accuracy tools use (bench/sample-accuracy.ts on the samples, tools/spider-accuracy.ts on Spider).
 *
 * The rule, chosen to be fair to an engine that shows more than was asked (a customer's id next to
 * its name, the measure it ranked by next to a top-5 list):
 * - column names are ignored;
 * - every gold column must match a *different* answer column (an injective mapping); answer columns
 *   no gold column maps to are ignored;
 * - the answer must have exactly as many rows as the gold, and under the mapping the rows must be
 *   equal as multisets, or in the same sequence when the question's order matters;
 * - numbers (and numeric strings, as PostgreSQL's `numeric` may arrive) are equal within 1e-6
 *   relative (1e-9 absolute near zero); dates and timestamps compare as ISO text with a midnight
 *   time dropped; a year bucket (a date truncated to its year, `2025-01-01`) equals the year as a
 *   number (2025), as gold SQL often extracts it; `null` equals only `null`; booleans and other text
 *   compare exactly after trimming.
 */

export type Row = readonly unknown[];

const RELATIVE_TOLERANCE = 1e-6;
const ABSOLUTE_TOLERANCE = 1e-9;
/** Column mappings tried at most, so a wide answer cannot make one comparison run for minutes. */
const MAX_MAPPINGS = 5_000;
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

type Cell = { readonly kind: 'number'; readonly value: number } | { readonly kind: 'text'; readonly value: string };

/** One value in a comparable form: a number, or text for everything else. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return { kind: 'text', value: '\u0000null' };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'bigint') return { kind: 'number', value: Number(value) };
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return { kind: 'number', value: Number(value) };
  if (typeof value === 'boolean') return { kind: 'text', value: value ? 'true' : 'false' };
  if (value instanceof Date) return { kind: 'text', value: isoText(value.toISOString()) };
  const text = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/.test(text)) return { kind: 'text', value: isoText(text) };
  return { kind: 'text', value: text };
}

/** `2025-03-01T00:00:00.000Z`, `2025-03-01 00:00:00+00` and `2025-03-01` all read `2025-03-01`. */
function isoText(text: string): string {
  const normal = text.replace(' ', 'T').replace(/(\.\d+)?(Z|[+-]00(:?00)?)$/, '');
  return normal.replace(/T00:00(:00)?$/, '');
}

export function sameCell(left: Cell, right: Cell): boolean {
  if (left.kind !== right.kind) return sameYear(left, right) || sameYear(right, left);
  if (left.kind === 'number' && right.kind === 'number') {
    const difference = Math.abs(left.value - right.value);
    return difference <= ABSOLUTE_TOLERANCE || difference <= RELATIVE_TOLERANCE * Math.max(Math.abs(left.value), Math.abs(right.value));
  }
  return left.kind === right.kind && left.value === right.value;
}

/** A year bucket (`2025-01-01`, the first day of a year a date was truncated to) and the year as a number (2025). */
function sameYear(bucket: Cell, year: Cell): boolean {
  const match = bucket.kind === 'text' ? /^(\d{4})-01-01$/.exec(bucket.value) : null;
  return match !== null && year.kind === 'number' && year.value === Number(match[1]);
}

/** A key equal for cells that are equal, up to tolerance edge cases (which `sameCell` then settles). */
function roughKey(cell: Cell): string {
  const yearBucket = cell.kind === 'text' ? /^(\d{4})-01-01$/.exec(cell.value) : null;
  if (yearBucket) return `n:${Number(yearBucket[1])}`;
  return cell.kind === 'number' ? `n:${Number(cell.value.toPrecision(5))}` : `t:${cell.value}`;
}

function sameRow(left: readonly Cell[], right: readonly Cell[]): boolean {
  return left.every((cell, index) => sameCell(cell, right[index]!));
}

/** Multiset equality with tolerance: sort both sides by a rough key, then match greedily within runs. */
function sameRowSets(answer: readonly (readonly Cell[])[], gold: readonly (readonly Cell[])[], ordered: boolean): boolean {
  if (answer.length !== gold.length) return false;
  if (ordered) return answer.every((row, index) => sameRow(row, gold[index]!));
  const unmatched = new Map<string, (readonly Cell[])[]>();
  for (const row of answer) {
    const key = row.map(roughKey).join('\u0001');
    unmatched.set(key, [...(unmatched.get(key) ?? []), row]);
  }
  for (const row of gold) {
    const candidates = unmatched.get(row.map(roughKey).join('\u0001'));
    const index = candidates?.findIndex((candidate) => sameRow(candidate, row)) ?? -1;
    if (index < 0) return fallbackRowSets(answer, gold);
    candidates!.splice(index, 1);
  }
  return true;
}

/** The slow path when rounding put two equal numbers under different keys: quadratic greedy matching. */
function fallbackRowSets(answer: readonly (readonly Cell[])[], gold: readonly (readonly Cell[])[]): boolean {
  const used = new Array<boolean>(answer.length).fill(false);
  for (const row of gold) {
    const index = answer.findIndex((candidate, position) => !used[position] && sameRow(candidate, row));
    if (index < 0) return false;
    used[index] = true;
  }
  return true;
}

/** Answer columns whose values could be gold column `goldColumn` (same values, ignoring the others). */
function columnCandidates(answer: readonly (readonly Cell[])[], gold: readonly (readonly Cell[])[], goldColumn: number, ordered: boolean): number[] {
  const width = answer[0]?.length ?? 0;
  const goldValues = gold.map((row) => [row[goldColumn]!]);
  const candidates: number[] = [];
  for (let column = 0; column < width; column += 1) {
    if (sameRowSets(answer.map((row) => [row[column]!]), goldValues, ordered)) candidates.push(column);
  }
  return candidates;
}

function* injectiveMappings(candidates: readonly (readonly number[])[], prefix: readonly number[] = []): Generator<readonly number[]> {
  if (prefix.length === candidates.length) {
    yield prefix;
    return;
  }
  for (const column of candidates[prefix.length]!) if (!prefix.includes(column)) yield* injectiveMappings(candidates, [...prefix, column]);
}

export interface Comparison {
  /** The answer holds the gold rows under the rule above. */
  readonly correct: boolean;
  /** Correct, and with no extra answer columns (the stricter figure some reports also print). */
  readonly strict: boolean;
  /** Answer column for each gold column when correct. */
  readonly mapping?: readonly number[];
}

const WRONG: Comparison = { correct: false, strict: false };

/** Compares answer rows with gold rows; an empty gold result matches only an empty answer. */
export function compareRows(answerRows: readonly Row[], goldRows: readonly Row[], ordered: boolean): Comparison {
  if (answerRows.length !== goldRows.length) return WRONG;
  if (goldRows.length === 0) return { correct: true, strict: true, mapping: [] };
  const answer = answerRows.map((row) => row.map(cellOf));
  const gold = goldRows.map((row) => row.map(cellOf));
  const goldWidth = gold[0]!.length;
  const answerWidth = answer[0]?.length ?? 0;
  if (answerWidth < goldWidth) return WRONG;
  const candidates = Array.from({ length: goldWidth }, (_, column) => columnCandidates(answer, gold, column, ordered));
  if (candidates.some((list) => list.length === 0)) return WRONG;
  let tried = 0;
  for (const mapping of injectiveMappings(candidates)) {
    if ((tried += 1) > MAX_MAPPINGS) break;
    if (sameRowSets(answer.map((row) => mapping.map((column) => row[column]!)), gold, ordered)) return { correct: true, strict: answerWidth === goldWidth, mapping };
  }
  return WRONG;
}
