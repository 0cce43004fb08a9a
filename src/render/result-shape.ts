/**
 * Classifies a result by what it answers (one value, a ranking, a series over time, …). The text
 * and the figure both follow this one decision, so they always describe the same thing.
 */
import type { LogicalQuery } from '../query/logical-query.ts';
import type { ResultTable } from '../connectors/connector.ts';
import { describeColumns, type ColumnInfo } from './result-columns.ts';

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

export interface ClassifiedResult {
  readonly columns: readonly ColumnInfo[];
  readonly shape: ResultShape;
}

export function classifyResult(query: LogicalQuery, result: ResultTable): ClassifiedResult {
  const columns = describeColumns(query, result);
  return { columns, shape: shapeOf(query, result, columns) };
}

function shapeOf(query: LogicalQuery, result: ResultTable, columns: readonly ColumnInfo[]): ResultShape {
  if (result.rows.length === 0) return { kind: 'empty' };
  const measures = columns.filter((column) => column.role === 'measure');
  const dimensions = withoutIdentifiers(query, columns.filter((column) => column.role === 'dimension'));
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

/**
 * A record's key grouped next to its name (customer id and customer name, so that two customers
 * of the same name stay apart) identifies the group; the name is what people read. The key stays
 * in the table, but the text and the figure speak of the name alone.
 */
function withoutIdentifiers(query: LogicalQuery, dimensions: readonly ColumnInfo[]): ColumnInfo[] {
  const fieldOf = (column: ColumnInfo) => query.dimensions.find((dimension) => dimension.id === column.name)?.field;
  return dimensions.filter((dimension) => {
    const field = fieldOf(dimension);
    if (!field || dimension.temporal || dimension.type !== 'integer') return true;
    const named = dimensions.some((other) => other !== dimension && other.type === 'text' && fieldOf(other)?.entity === field.entity);
    return !named;
  });
}
