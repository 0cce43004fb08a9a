/** Rows read only to compare with are dropped before an answer is shown, and the period it states starts where the shown rows do. */
import { describe, expect, it } from 'vitest';
import type { ResultTable } from '../../src/connectors/connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { shapeAnswer } from '../../src/render/answer-rows.ts';

const growth: LogicalQuery = {
  kind: 'select',
  root: 'orders',
  joins: [],
  measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }, { id: 'orders_growth', label: 'Orders growth', aggregate: 'change', of: 'orders', along: 'month', percent: true }],
  dimensions: [{ id: 'month', label: 'Month', field: field('orders', 'order_date'), grain: 'month' }],
  columns: [],
  filters: [
    { kind: 'filter', expression: field('orders', 'order_date'), op: 'gte', values: ['2024-12-01'] },
    { kind: 'filter', expression: field('orders', 'order_date'), op: 'lt', values: ['2026-01-01'] },
  ],
  having: [],
  order: [{ id: 'month', direction: 'asc' }],
  showFrom: { dimension: 'month', from: '2025-01-01' },
};

const rows: ResultTable = {
  columns: [{ name: 'month', type: 'date' }, { name: 'orders', type: 'integer' }, { name: 'orders_growth', type: 'number' }],
  rows: [['2024-12-01', 10, null], ['2025-01-01', 12, 20], ['2025-02-01', 9, -25]],
  truncated: false,
};

describe('shapeAnswer', () => {
  it('drops the rows before showFrom, keeping the growth they made possible', () => {
    expect(shapeAnswer(growth, rows).result.rows).toEqual([['2025-01-01', 12, 20], ['2025-02-01', 9, -25]]);
  });

  it('states the period from where the shown rows start', () => {
    const { query } = shapeAnswer(growth, rows);
    expect(query.showFrom).toBeUndefined();
    expect(query.filters[0]).toEqual({ kind: 'filter', expression: field('orders', 'order_date'), op: 'gte', values: ['2025-01-01'] });
    expect(query.filters[1]?.values).toEqual(['2026-01-01']);
  });
});
