/**
 * Classifies a result by what it answers (one value, a ranking, a series over time, …). The text
 * and the figure both follow this one decision, so they always describe the same thing.
 */
import type { LogicalQuery } from '../query/logical-query.ts';
import type { ResultTable } from '../connectors/connector.ts';
import type { ColumnInfo } from './result-columns.ts';
import { readableResult } from './readable-result.ts';

type Row = readonly unknown[];

export type ResultShape =
  /** No rows. */
  | { readonly kind: 'empty' }
  /** One row of measures without dimensions ("total revenue in 2024"). */
  | { readonly kind: 'single'; readonly measures: readonly ColumnInfo[] }
  /** A measure over a time dimension, optionally split by one category (`series`). */
  | { readonly kind: 'time-series'; readonly time: ColumnInfo; readonly measure: ColumnInfo; readonly series?: ColumnInfo }
  /** The top (or bottom) N of one category by a measure: ordered by it, with a limit. */
  | { readonly kind: 'ranking'; readonly category: ColumnInfo; readonly measure: ColumnInfo; readonly direction: 'asc' | 'desc' }
  /** A measure across the values of one category, optionally split by a second one (`series`). */
  | { readonly kind: 'breakdown'; readonly category: ColumnInfo; readonly measure: ColumnInfo; readonly series?: ColumnInfo }
  /** Rows without measures: a list of records or of distinct values. */
  | { readonly kind: 'list'; readonly columns: readonly ColumnInfo[] }
  /** Anything else (three or more dimensions, two time dimensions): shown as a table. */
  | { readonly kind: 'grid'; readonly columns: readonly ColumnInfo[] };

/** The shape of the readable result (see readable-result.ts): its columns' indexes point into its rows. */
export interface ClassifiedResult {
  readonly columns: readonly ColumnInfo[];
  readonly rows: readonly Row[];
  readonly shape: ResultShape;
}

export function classifyResult(query: LogicalQuery, result: ResultTable): ClassifiedResult {
  const { columns, rows } = readableResult(query, result);
  return { columns, rows, shape: shapeOf(query, rows, columns) };
}

function shapeOf(query: LogicalQuery, rows: readonly Row[], columns: readonly ColumnInfo[]): ResultShape {
  if (rows.length === 0) return { kind: 'empty' };
  const measures = columns.filter((column) => column.role === 'measure');
  const dimensions = columns.filter((column) => column.role === 'dimension');
  if (measures.length === 0) return { kind: 'list', columns };
  if (dimensions.length === 0) return { kind: 'single', measures: answerMeasures(query, measures) };

  const measure = primaryMeasure(query, measures);
  const times = dimensions.filter((dimension) => dimension.temporal);
  const categories = dimensions.filter((dimension) => !dimension.temporal);
  if (dimensions.length > 2 || times.length > 1) return { kind: 'grid', columns };

  const [time] = times;
  const [category, second] = categories;
  if (time !== undefined) {
    return category === undefined
      ? { kind: 'time-series', time, measure }
      : { kind: 'time-series', time, measure, series: category };
  }
  if (category === undefined) return { kind: 'grid', columns };
  if (second !== undefined) return { kind: 'breakdown', category, measure, series: second };

  const [firstOrder] = query.order;
  if (query.limit !== undefined && firstOrder !== undefined && firstOrder.id === measure.name) {
    return { kind: 'ranking', category, measure, direction: firstOrder.direction };
  }
  return { kind: 'breakdown', category, measure };
}

/** The measure the question is about: the one the query sorts by, else the first. */
function primaryMeasure(query: LogicalQuery, measures: readonly ColumnInfo[]): ColumnInfo {
  const ordered = query.order
    .map((order) => measures.find((measure) => measure.name === order.id))
    .find((measure) => measure !== undefined);
  return ordered ?? (answerMeasures(query, measures)[0] as ColumnInfo);
}

/**
 * The measures that answer the question: a ratio ("share of orders") stands for the two measures
 * it divides, which stay in the table but are not the answer.
 */
function answerMeasures(query: LogicalQuery, measures: readonly ColumnInfo[]): readonly ColumnInfo[] {
  const divided = new Set(query.measures.flatMap((measure) => (measure.aggregate === 'ratio' ? [measure.numeratorId, measure.denominatorId] : [])));
  const answering = measures.filter((measure) => !divided.has(measure.name));
  return answering.length > 0 ? answering : measures;
}

