/** A share answers as its percentage: one kpi and one sentence, the two measures it divides kept in the table. */
import { describe, expect, it } from 'vitest';
import type { AnswerInput } from '../../src/render/answer.ts';
import { buildAnswerTable } from '../../src/render/answer-table.ts';
import { chooseFigure } from '../../src/render/figure.ts';
import { answerText } from '../../src/render/text-answer.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';

const query: LogicalQuery = {
  kind: 'select', root: 'orders', joins: [], dimensions: [], columns: [], filters: [], having: [], order: [],
  measures: [
    { id: 'order_count_share', label: 'Share of orders', aggregate: 'ratio', numeratorId: 'order_count_part', denominatorId: 'order_count', percent: true, unit: '%' },
    { id: 'order_count_part', label: 'Number of orders (part)', aggregate: 'count', where: [{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['cancelled'] }] },
    { id: 'order_count', label: 'Number of orders (all)', aggregate: 'count' },
  ],
};

const share: AnswerInput = {
  question: 'what percentage of orders were cancelled',
  query,
  compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] },
  result: {
    columns: [{ name: 'order_count_share', type: 'number' }, { name: 'order_count_part', type: 'integer' }, { name: 'order_count', type: 'integer' }],
    rows: [[23.4375, 75, 320]],
    truncated: false,
  },
  interpretation: 'Share of orders, in percent: number of orders, where order status is cancelled; out of the number of orders of all rows',
  assumptions: [],
  connectionName: 'Sample shop',
  answeredAt: new Date('2025-02-03T10:20:30Z'),
};

describe('a share', () => {
  it('reads as one percentage', () => {
    expect(answerText(share)).toContain('Share of orders was 23.4%');
  });

  it('is drawn as a kpi of the percentage alone', () => {
    const figure = chooseFigure(share);
    expect(figure?.kind).toBe('kpi');
    expect(figure?.title).toBe('Share of orders');
    expect(JSON.stringify(figure?.vegaLite)).toContain('23.4%');
    expect(JSON.stringify(figure?.vegaLite)).not.toContain('320');
  });

  it('keeps the part and the whole in the table', () => {
    expect(buildAnswerTable(share.query, share.result).rows).toEqual([[23.4375, 75, 320]]);
  });
});
