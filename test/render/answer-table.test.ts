import { describe, expect, it } from 'vitest';
import { buildAnswerTable } from '../../src/render/answer-table.ts';
import { list, oneValue, timeSeries, truncated } from './fixtures.ts';

describe('answer table', () => {
  it('labels columns from the query and carries the measure unit and the result type', () => {
    const table = buildAnswerTable(timeSeries.query, timeSeries.result);
    expect(table.columns).toEqual([
      { name: 'order_month', label: 'Month', type: 'date' },
      { name: 'revenue', label: 'Revenue', type: 'number', unit: 'EUR' },
    ]);
    expect(table.rowCount).toBe(12);
    expect(table.truncated).toBe(false);
  });

  it('keeps values exact: numbers unrounded, dates as stored', () => {
    expect(buildAnswerTable(oneValue.query, oneValue.result).rows).toEqual([[1234567.891]]);
    expect(buildAnswerTable(list.query, list.result).rows[0]).toEqual([1001, 'Customer 1', '2024-03-01']);
  });

  it('turns values JSON cannot hold into exact text', () => {
    const result = {
      columns: [{ name: 'order_id', type: 'integer' as const }, { name: 'customer', type: 'text' as const }, { name: 'order_date', type: 'timestamp' as const }],
      rows: [[2n ** 60n, undefined, new Date('2024-03-05T10:00:00Z')], [7n, 'x', null]],
      truncated: false,
    };
    expect(buildAnswerTable(list.query, result).rows).toEqual([
      ['1152921504606846976', null, '2024-03-05T10:00:00.000Z'],
      [7, 'x', null],
    ]);
  });

  it('passes the truncation through', () => {
    const table = buildAnswerTable(truncated.query, truncated.result);
    expect(table).toMatchObject({ rowCount: 1000, truncated: true });
  });
});
