/**
 * Pivots: "revenue per year, one column per year", "orders per month, one column per status".
 * The data source answers the plain grouped query; the pivot then spreads the values of one of its
 * dimensions into columns, one per value, each measure once per value. It is exact (no value is
 * computed, only moved) and the same for every kind of connection.
 *
 * The pivoted answer comes with its own query: the pivot dimension is gone and every measure is
 * repeated per value as a conditional measure (`where` the dimension holds the value), so that the
 * renderers label and phrase the new columns like any other measure.
 */
import type { ResultColumn, ResultTable } from '../connectors/connector.ts';
import type { Dimension, Filter, LogicalQuery, Measure } from '../query/logical-query.ts';
import { addBuckets } from '../engine/question/calendar.ts';

/** Beyond this many values a pivot would be wider than readable; the answer stays in rows. */
export const MAX_PIVOT_COLUMNS = 24;

export interface PivotedAnswer {
  readonly query: LogicalQuery;
  readonly result: ResultTable;
}

/** The answer with `query.pivot` applied, or as it is when the query has none or too many values. */
export function pivotAnswer(query: LogicalQuery, result: ResultTable): PivotedAnswer {
  const pivot = query.pivot;
  if (!pivot) return { query, result };
  const dimension = query.dimensions.find((each) => each.id === pivot.dimension);
  const pivotIndex = result.columns.findIndex((column) => column.name === pivot.dimension);
  if (!dimension || pivotIndex < 0 || query.measures.length === 0) return { query, result };
  const values = distinctSorted(result.rows.map((row) => row[pivotIndex]));
  if (values.length > MAX_PIVOT_COLUMNS) return { query, result };

  const rowDimensions = query.dimensions.filter((each) => each !== dimension);
  const rowIndexes = rowDimensions.map((each) => result.columns.findIndex((column) => column.name === each.id));
  const measureIndexes = query.measures.map((measure) => result.columns.findIndex((column) => column.name === measure.id));
  const taken = new Set([...query.dimensions.map((each) => each.id), ...query.measures.map((each) => each.id)]);
  const spread = values.map((value) => query.measures.map((measure) => spreadMeasure(measure, dimension, value, taken)));

  const rows = new Map<string, unknown[]>();
  for (const row of result.rows) {
    const key = JSON.stringify(rowIndexes.map((index) => row[index]));
    let out = rows.get(key);
    if (!out) {
      out = [...rowIndexes.map((index) => row[index]), ...new Array<unknown>(values.length * query.measures.length).fill(null)];
      rows.set(key, out);
    }
    const valueIndex = values.findIndex((value) => sameValue(value, row[pivotIndex]));
    measureIndexes.forEach((index, measure) => {
      out[rowIndexes.length + valueIndex * query.measures.length + measure] = row[index];
    });
  }
  const columns: ResultColumn[] = [
    ...rowIndexes.map((index) => result.columns[index]!),
    ...spread.flatMap((measures) => measures.map((measure, index) => ({ name: measure.id, type: result.columns[measureIndexes[index]!]!.type }))),
  ];
  const order = query.order.filter((entry) => rowDimensions.some((each) => each.id === entry.id));
  const { pivot: _applied, ...rest } = query;
  const pivoted: LogicalQuery = { ...rest, dimensions: rowDimensions, measures: spread.flat(), order, having: [] };
  return { query: pivoted, result: { columns, rows: [...rows.values()], truncated: result.truncated } };
}

function spreadMeasure(measure: Measure, dimension: Dimension, value: unknown, taken: Set<string>): Measure {
  const label = valueLabel(value, dimension);
  let id = `${measure.id}_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'none'}`;
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${measure.id}_${suffix}`;
  taken.add(id);
  return { ...measure, id, label: `${measure.label} (${label})`, where: [...(measure.where ?? []), ...valueFilters(dimension, value)] };
}

/** Rows holding `value` in the dimension: its bucket's days for a date grain. */
function valueFilters(dimension: Dimension, value: unknown): Filter[] {
  if (value === null || value === undefined) return [{ kind: 'filter', expression: dimension.field, op: 'is_null', values: [] }];
  const day = /^\d{4}-\d{2}-\d{2}/.exec(String(value))?.[0];
  if (dimension.grain && day) {
    return [
      { kind: 'filter', expression: dimension.field, op: 'gte', values: [day] },
      { kind: 'filter', expression: dimension.field, op: 'lt', values: [addBuckets(day, dimension.grain, 1)] },
    ];
  }
  return [{ kind: 'filter', expression: dimension.field, op: 'eq', values: [value as string | number | boolean] }];
}


/** A column heading for one value: the year of a yearly bucket, the quarter of a quarterly one, the value itself otherwise. */
function valueLabel(value: unknown, dimension: Dimension): string {
  if (value === null || value === undefined) return 'none';
  const text = String(value);
  const date = /^(\d{4})-(\d{2})-\d{2}/.exec(text);
  if (date && dimension.grain === 'year') return date[1]!;
  if (date && dimension.grain === 'quarter') return `Q${Math.floor((Number(date[2]) - 1) / 3) + 1} ${date[1]}`;
  if (date && dimension.grain === 'month') return `${date[1]}-${date[2]}`;
  return text;
}

/** The distinct values, ascending, an empty value last. */
function distinctSorted(values: readonly unknown[]): unknown[] {
  const seen: unknown[] = [];
  for (const value of values) if (!seen.some((other) => sameValue(other, value))) seen.push(value);
  const key = (value: unknown): string | number => (typeof value === 'number' ? value : value instanceof Date ? value.toISOString() : String(value));
  return seen.sort((left, right) => {
    if (left === null || left === undefined) return 1;
    if (right === null || right === undefined) return -1;
    const [a, b] = [key(left), key(right)];
    return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  });
}

function sameValue(left: unknown, right: unknown): boolean {
  return left === right || (left instanceof Date && right instanceof Date && left.getTime() === right.getTime());
}
