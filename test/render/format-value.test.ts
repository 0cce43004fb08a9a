import { describe, expect, it } from 'vitest';
import { cleanText, formatDate, formatNumber, formatValue, parseIsoDate } from '../../src/render/format-value.ts';
import { periodPhrase } from '../../src/render/period-phrase.ts';
import { field, type Filter, type LogicalQuery } from '../../src/query/logical-query.ts';

describe('formatNumber', () => {
  it('shows money with two decimals and the currency', () => {
    expect(formatNumber(1234567.891, { type: 'number', unit: 'EUR', aggregate: 'sum' })).toBe('€1,234,567.89');
    expect(formatNumber(1200, { type: 'number', unit: 'USD', aggregate: 'sum' })).toBe('$1,200.00');
    expect(formatNumber(-5, { type: 'number', unit: 'EUR' })).toBe('-€5.00');
  });

  it('shows counts as whole numbers with separators', () => {
    expect(formatNumber(1234567, { type: 'integer', aggregate: 'count' })).toBe('1,234,567');
    expect(formatNumber(12.6, { type: 'number', aggregate: 'count_distinct' })).toBe('13');
  });

  it('shows percentages, other units and small fractions', () => {
    expect(formatNumber(12.345, { type: 'number', unit: '%', aggregate: 'avg' })).toBe('12.3%');
    expect(formatNumber(3.5, { type: 'number', unit: 'days', aggregate: 'avg' })).toBe('3.5 days');
    expect(formatNumber(0.00123, { type: 'number', aggregate: 'avg' })).toBe('0.00123');
    expect(formatNumber(9876.54321, { type: 'number', aggregate: 'avg' })).toBe('9,876.54');
  });
});

describe('dates', () => {
  it('reads stored values without a zone as UTC', () => {
    expect(parseIsoDate('2024-03-05')?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(parseIsoDate('2024-03-05 14:30:00')?.toISOString()).toBe('2024-03-05T14:30:00.000Z');
    expect(parseIsoDate('2024-03-05T14:30:00+02:00')?.toISOString()).toBe('2024-03-05T12:30:00.000Z');
    expect(parseIsoDate('not a date')).toBeUndefined();
  });

  it('formats a date by its grain', () => {
    const date = new Date('2024-08-05T00:00:00Z');
    expect(formatDate(date, 'year')).toBe('2024');
    expect(formatDate(date, 'quarter')).toBe('Q3 2024');
    expect(formatDate(date, 'month')).toBe('August 2024');
    expect(formatDate(date, 'week')).toBe('week of 2024-08-05');
    expect(formatDate(date, 'day')).toBe('2024-08-05');
    expect(formatDate(new Date('2024-08-05T09:15:00Z'))).toBe('2024-08-05 09:15');
  });
});

describe('formatValue', () => {
  it('keeps identifiers as stored and names SQL NULL', () => {
    expect(formatValue(1001, { type: 'integer' })).toBe('1001');
    expect(formatValue(null, { type: 'text' })).toBe('(none)');
    expect(formatValue('2024-03-01', { type: 'date', grain: 'month' })).toBe('March 2024');
    expect(formatValue('1234.5', { type: 'number', unit: 'EUR', aggregate: 'sum' })).toBe('€1,234.50');
  });

  it('keeps text on one line in sentences', () => {
    expect(cleanText('Acme\r\nCorp\t Ltd')).toBe('Acme Corp Ltd');
    expect(cleanText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('periodPhrase', () => {
  const orderDate = field('orders', 'order_date');
  const query = (filters: Filter[]): LogicalQuery => ({
    kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters, having: [], order: [],
  });
  const range = (from: string, until: string): Filter[] => [
    { kind: 'filter', expression: orderDate, op: 'gte', values: [from] },
    { kind: 'filter', expression: orderDate, op: 'lt', values: [until] },
  ];

  it('names whole years, quarters, months and days', () => {
    expect(periodPhrase(query(range('2024-01-01', '2025-01-01')))).toBe('in 2024');
    expect(periodPhrase(query(range('2024-07-01', '2024-10-01')))).toBe('in Q3 2024');
    expect(periodPhrase(query(range('2024-03-01', '2024-04-01')))).toBe('in March 2024');
    expect(periodPhrase(query(range('2024-03-05', '2024-03-06')))).toBe('on 2024-03-05');
    expect(periodPhrase(query(range('2024-03-05', '2024-04-10')))).toBe('from 2024-03-05 to 2024-04-09');
  });

  it('reads open ranges and ignores filters that are not dates', () => {
    expect(periodPhrase(query([{ kind: 'filter', expression: orderDate, op: 'gte', values: ['2024-03-05'] }]))).toBe('since 2024-03-05');
    expect(periodPhrase(query([{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['paid'] }]))).toBe('');
  });
});
