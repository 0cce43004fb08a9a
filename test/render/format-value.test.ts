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
    expect(formatNumber(1234.5, { type: 'number', unit: '%', aggregate: 'ratio' })).toBe('1,234.5%');
    expect(formatNumber(0.125, { type: 'number', aggregate: 'ratio' })).toBe('12.5%');
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
  const on = (op: Filter['op'], ...values: string[]): Filter => ({ kind: 'filter', expression: orderDate, op, values });
  const range = (from: string, until: string): Filter[] => [on('gte', from), on('lt', until)];

  it('names whole years, quarters, months and days', () => {
    expect(periodPhrase(query(range('2024-01-01', '2025-01-01')))).toBe('in 2024');
    expect(periodPhrase(query(range('2024-07-01', '2024-10-01')))).toBe('in Q3 2024');
    expect(periodPhrase(query(range('2024-03-01', '2024-04-01')))).toBe('in March 2024');
    expect(periodPhrase(query(range('2024-03-05', '2024-03-06')))).toBe('on 5 Mar 2024');
  });

  it('writes the days of any other span in words, the last one included', () => {
    expect(periodPhrase(query(range('2025-12-01', '2026-12-01')))).toBe('from 1 Dec 2025 to 30 Nov 2026');
    expect(periodPhrase(query(range('2024-03-05', '2024-04-10')))).toBe('from 5 Mar 2024 to 9 Apr 2024');
    expect(periodPhrase(query([on('between', '2024-09-01', '2024-09-30')]))).toBe('from 1 Sep 2024 to 30 Sep 2024');
    expect(periodPhrase(query(range('2025-11-25T10:00:00Z', '2026-11-25')))).toBe('from 25 Nov 2025 10:00 to before 25 Nov 2026');
  });

  it('reads open ranges in words and ignores filters that are not dates', () => {
    expect(periodPhrase(query([on('gte', '2024-03-05')]))).toBe('since 5 Mar 2024');
    expect(periodPhrase(query([on('lt', '2025-01-01')]))).toBe('before 1 Jan 2025');
    expect(periodPhrase(query([{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['paid'] }]))).toBe('');
  });

  it('never runs a range backwards: bounds that no day meets are both stated', () => {
    expect(periodPhrase(query(range('2024-05-01', '2024-03-01')))).toBe('since 1 May 2024 and before 1 Mar 2024');
    expect(periodPhrase(query(range('2024-05-01', '2024-05-01')))).toBe('since 1 May 2024 and before 1 May 2024');
    expect(periodPhrase(query([on('between', '2024-05-01', '2024-03-01')]))).toBe('since 1 May 2024 and up to 1 Mar 2024');
  });

  it('intersects the bounds of several filters on one field, whatever their order', () => {
    const narrower = [on('gte', '2024-06-01'), ...range('2024-01-01', '2025-01-01')];
    expect(periodPhrase(query(narrower))).toBe('from 1 Jun 2024 to 31 Dec 2024');
    expect(periodPhrase(query([on('lt', '2024-11-24'), ...range('2025-01-01', '2026-01-01')]))).toBe('since 1 Jan 2025 and before 24 Nov 2024');
  });

  it('names each field when several date fields are filtered, so that no period goes unsaid', () => {
    const dueBefore: Filter = { kind: 'filter', expression: field('invoices', 'due_date'), op: 'lt', values: ['2026-11-24'] };
    expect(periodPhrase(query([dueBefore, ...range('2025-01-01', '2026-01-01')])))
      .toBe('with due date before 24 Nov 2026 and order date in 2025');
  });
});
