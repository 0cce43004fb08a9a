/** Compares answer rows with gold rows, ignoring column names; numbers compare with a small tolerance. */

type Row = readonly unknown[];

function normalise(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))) {
    const number = Number(value);
    return Number.isInteger(number) ? String(number) : number.toFixed(4);
  }
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ').replace(/ 00:00:00$/, '');
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = String(value).trim();
  // Timestamps as stored ("2002-05-01 00:00:00") and as returned ("2002-05-01T00:00:00").
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return text.slice(0, 19).replace('T', ' ').replace(/ 00:00:00$/, '');
  return text;
}

function sameRows(ours: readonly string[], gold: readonly string[], ordered: boolean): boolean {
  if (ours.length !== gold.length) return false;
  if (ordered) return ours.every((row, index) => row === gold[index]);
  const left = [...ours].sort();
  const right = [...gold].sort();
  return left.every((row, index) => row === right[index]);
}

const key = (row: Row, columns: readonly number[]): string => JSON.stringify(columns.map((column) => normalise(row[column])));

/** Column choices: every injective mapping of gold columns onto answer columns (bounded). */
function* mappings(goldWidth: number, ourWidth: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === goldWidth) {
    yield prefix;
    return;
  }
  for (let column = 0; column < ourWidth; column += 1) if (!prefix.includes(column)) yield* mappings(goldWidth, ourWidth, [...prefix, column]);
}

export function compareRows(ours: readonly Row[], gold: readonly Row[], ordered: boolean): { strict: boolean; lenient: boolean } {
  const goldWidth = gold[0]?.length ?? 0;
  const ourWidth = ours[0]?.length ?? 0;
  if (gold.length === 0) {
    const empty = ours.length === 0;
    return { strict: empty, lenient: empty };
  }
  const goldKeys = gold.map((row) => key(row, row.map((_, index) => index)));
  let strict = false;
  let lenient = false;
  let tried = 0;
  for (const mapping of mappings(goldWidth, ourWidth)) {
    if ((tried += 1) > 5_000) break;
    if (!sameRows(ours.map((row) => key(row, mapping)), goldKeys, ordered)) continue;
    lenient = true;
    if (ourWidth === goldWidth) strict = true;
    if (strict) break;
  }
  return { strict, lenient };
}
