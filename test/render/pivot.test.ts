/** Pivots move values into columns, one per value of a dimension, and say so in the query they return. */
import { describe, expect, it } from 'vitest';
import type { ResultTable } from '../../src/connectors/connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { MAX_PIVOT_COLUMNS, pivotAnswer } from '../../src/render/pivot.ts';

const ordersByMonthAndStatus: LogicalQuery = {
  kind: 'select',
  root: 'orders',
  joins: [],
  measures: [{ id: 'orders_count', label: 'Number of orders', aggregate: 'count' }],
  dimensions: [
    { id: 'order_date_month', label: 'Order date (month)', field: field('orders', 'order_date'), grain: 'month' },
    { id: 'status', label: 'Status', field: field('orders', 'status') },
  ],
  columns: [],
  filters: [],
  having: [],
  order: [{ id: 'order_date_month', direction: 'asc' }, { id: 'status', direction: 'asc' }],
  pivot: { dimension: 'status' },
};

const rows: ResultTable = {
  columns: [{ name: 'order_date_month', type: 'date' }, { name: 'status', type: 'text' }, { name: 'orders_count', type: 'integer' }],
  rows: [
    ['2025-01-01', 'shipped', 10],
    ['2025-01-01', 'cancelled', 2],
    ['2025-02-01', 'shipped', 12],
  ],
  truncated: false,
};

describe('pivotAnswer', () => {
  it('makes one column per value, sorted, with an empty cell where a row had no such value', () => {
    const { result } = pivotAnswer(ordersByMonthAndStatus, rows);
    expect(result.columns.map((column) => column.name)).toEqual(['order_date_month', 'orders_count_cancelled', 'orders_count_shipped']);
    expect(result.rows).toEqual([['2025-01-01', 2, 10], ['2025-02-01', null, 12]]);
  });

  it('returns a query whose measures are the new columns, each restricted to its value', () => {
    const { query } = pivotAnswer(ordersByMonthAndStatus, rows);
    expect(query.pivot).toBeUndefined();
    expect(query.dimensions.map((dimension) => dimension.id)).toEqual(['order_date_month']);
    expect(query.measures.map((measure) => [measure.label, measure.where])).toEqual([
      ['Number of orders (cancelled)', [{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['cancelled'] }]],
      ['Number of orders (shipped)', [{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['shipped'] }]],
    ]);
  });

  it('heads yearly buckets by their year and bounds each to its days', () => {
    const yearly: LogicalQuery = { ...ordersByMonthAndStatus, dimensions: [{ id: 'order_date_year', label: 'Order date (year)', field: field('orders', 'order_date'), grain: 'year' }], order: [], pivot: { dimension: 'order_date_year' } };
    const { query, result } = pivotAnswer(yearly, { columns: [{ name: 'order_date_year', type: 'date' }, { name: 'orders_count', type: 'integer' }], rows: [['2025-01-01', 7], ['2024-01-01', 5]], truncated: false });
    expect(result.rows).toEqual([[5, 7]]);
    expect(query.measures.map((measure) => measure.label)).toEqual(['Number of orders (2024)', 'Number of orders (2025)']);
    expect(query.measures[0]?.where).toEqual([
      { kind: 'filter', expression: field('orders', 'order_date'), op: 'gte', values: ['2024-01-01'] },
      { kind: 'filter', expression: field('orders', 'order_date'), op: 'lt', values: ['2025-01-01'] },
    ]);
  });

  it('leaves an answer in rows when it would be wider than readable', () => {
    const many: ResultTable = { ...rows, rows: Array.from({ length: MAX_PIVOT_COLUMNS + 1 }, (_, index) => ['2025-01-01', `s${index}`, index]) };
    expect(pivotAnswer(ordersByMonthAndStatus, many).result).toBe(many);
  });

  it('does nothing to a query without a pivot', () => {
    const { pivot: _none, ...plain } = ordersByMonthAndStatus;
    expect(pivotAnswer(plain, rows).result).toBe(rows);
  });
});
