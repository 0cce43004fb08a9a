/**
 * A run keeps the query and rows it computed, so that a follow-up refines what was asked; every
 * rendering shapes them for reading (a pivot applied, rows read only to compare with dropped).
 */
import { describe, expect, it } from 'vitest';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { renderAnswer } from '../../src/render/render-answer.ts';
import { toAnswerInput, type RunOutput } from '../../src/runs/run-output.ts';

const query: LogicalQuery = {
  kind: 'select',
  root: 'orders',
  joins: [],
  measures: [{ id: 'orders_count', label: 'Number of orders', aggregate: 'count' }],
  dimensions: [{ id: 'order_date_year', label: 'Order date (year)', field: field('orders', 'order_date'), grain: 'year' }],
  columns: [],
  filters: [{ kind: 'filter', expression: field('orders', 'order_date'), op: 'gte', values: ['2023-01-01'] }],
  having: [],
  order: [],
  pivot: { dimension: 'order_date_year' },
  showFrom: { dimension: 'order_date_year', from: '2024-01-01' },
};

const output: RunOutput = {
  question: 'number of orders per year since 2024, one column per year',
  query,
  compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT …', params: [] },
  result: { columns: [{ name: 'order_date_year', type: 'date' }, { name: 'orders_count', type: 'integer' }], rows: [['2023-01-01', 3], ['2024-01-01', 5], ['2025-01-01', 7]], truncated: false },
  interpretation: 'Number of orders by order date (year), one column per order date (year)',
  assumptions: [],
  connectionName: 'shop',
  answeredAt: '2026-11-24T10:00:00.000Z',
};

describe('toAnswerInput', () => {
  it('shapes the stored rows for reading: the compared-only year dropped, one column per year left', () => {
    const input = toAnswerInput(output);
    expect(input.result.columns.map((column) => column.name)).toEqual(['orders_count_2024', 'orders_count_2025']);
    expect(input.result.rows).toEqual([[5, 7]]);
    expect(input.query.pivot).toBeUndefined();
    expect(input.query.showFrom).toBeUndefined();
  });

  it('leaves the stored output as computed, for follow-ups and later renderings', async () => {
    toAnswerInput(output);
    expect(output.query.pivot).toEqual({ dimension: 'order_date_year' });
    expect(output.result.rows).toHaveLength(3);
    const json = await renderAnswer('json', toAnswerInput(output));
    expect(json).toMatchObject({ tables: [{ rows: [[5, 7]] }] });
  });
});
