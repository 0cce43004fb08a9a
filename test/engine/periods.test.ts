import { describe, expect, it } from 'vitest';
import { findPeriods } from '../../src/engine/periods.ts';
import { tokenize } from '../../src/engine/tokenize.ts';

const now = new Date('2025-05-10T12:00:00Z');
const periodsOf = (question: string) => findPeriods(tokenize(question), now, { isNumericWord: (word) => word === 'price' || word === 'amount', isEntityWord: (word) => word === 'order' })
  .map((period) => [period.start ?? null, period.end ?? null, period.phrase]);

describe('periods relative to now (2025-05-10)', () => {
  it.each([
    ['revenue in 2024', ['2024-01-01', '2025-01-01', 'in 2024']],
    ['orders in March 2024', ['2024-03-01', '2024-04-01', 'in March 2024']],
    ['orders in March', ['2025-03-01', '2025-04-01', 'in March 2025']],
    ['sales in December', ['2024-12-01', '2025-01-01', 'in December 2024']],
    ['last quarter', ['2025-01-01', '2025-04-01', 'last quarter (Q1 2025)']],
    ['this quarter', ['2025-04-01', '2025-07-01', 'this quarter (Q2 2025)']],
    ['this year', ['2025-01-01', '2026-01-01', 'this year (2025)']],
    ['last year', ['2024-01-01', '2025-01-01', 'last year (2024)']],
    ['revenue YTD', ['2025-01-01', '2025-05-11', 'year to date (2025)']],
    ['year-to-date sales', ['2025-01-01', '2025-05-11', 'year to date (2025)']],
    ['last 30 days', ['2025-04-11', '2025-05-11', 'in the last 30 days (2025-04-11 to 2025-05-10)']],
    ['last month', ['2025-04-01', '2025-05-01', 'last month (April 2025)']],
    ['this month', ['2025-05-01', '2025-06-01', 'this month (May 2025)']],
    ['last week', ['2025-04-28', '2025-05-05', 'last week (week of 2025-04-28)']],
    ['Q3 2024', ['2024-07-01', '2024-10-01', 'in Q3 2024']],
    ['Q3', ['2024-07-01', '2024-10-01', 'in Q3 2024']],
    ['the third quarter of 2023', ['2023-07-01', '2023-10-01', 'in Q3 2023']],
    ['first half of 2024', ['2024-01-01', '2024-07-01', 'in H1 2024']],
    ['since January', ['2025-01-01', '2025-05-11', 'since January 2025']],
    ['before 2024', [null, '2024-01-01', 'before 2024']],
    ['after 2023', ['2024-01-01', null, 'after 2023']],
    ['between 2023 and 2024', ['2023-01-01', '2025-01-01', 'between 2023 and 2024']],
    ['from March to June 2024', ['2024-03-01', '2024-07-01', 'between March 2024 and June 2024']],
    ['on 2024-03-05', ['2024-03-05', '2024-03-06', 'on 2024-03-05']],
    ['hired before June 21, 2002', [null, '2002-06-21', 'before 2002-06-21']],
    ['in the past year', ['2024-05-11', '2025-05-11', 'in the last year (2024-05-11 to 2025-05-10)']],
    ['FY2024 revenue', ['2024-01-01', '2025-01-01', 'in fiscal year 2024']],
    ['in may 2024', ['2024-05-01', '2024-06-01', 'in May 2024']],
    ['today', ['2025-05-10', '2025-05-11', 'today (2025-05-10)']],
  ])('%s', (question, expected) => {
    expect(periodsOf(question)[0]).toEqual(expected);
  });

  it('finds two periods to compare', () => {
    expect(periodsOf('revenue 2023 vs 2024').map((period) => period[2])).toEqual(['in 2023', 'in 2024']);
  });

  it('does not read numbers as years', () => {
    expect(periodsOf('orders over 2000')).toEqual([]);
    expect(periodsOf('top 2000 customers')).toEqual([]);
    expect(periodsOf('price between 1000 and 2000')).toEqual([]);
    expect(periodsOf('order 2024')).toEqual([]);
    expect(periodsOf('may I see the orders')).toEqual([]);
  });

  it('notes the fiscal year assumption', () => {
    const [period] = findPeriods(tokenize('revenue in FY 2024'), now);
    expect(period.assumption).toMatch(/calendar year/);
  });
});
