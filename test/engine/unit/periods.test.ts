/** findPeriods: dates and periods of a question as [start, end) ranges, relative to a pinned now. */
import { describe, expect, it } from 'vitest';
import { findPeriods, type Period, type PeriodOptions } from '../../../src/engine/question/periods.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';

/** Saturday 10 May 2025, in the second quarter. */
const NOW = new Date('2025-05-10T12:00:00Z');

function periodsOf(question: string, options: PeriodOptions = {}, now = NOW): Period[] {
  return findPeriods(tokenize(question), now, options);
}

function rangeOf(question: string, now = NOW): { start?: string; end?: string } {
  const periods = periodsOf(question, {}, now);
  expect(periods).toHaveLength(1);
  const { start, end } = periods[0];
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

describe('calendar periods relative to now', () => {
  it('this year and last year', () => {
    expect(rangeOf('work orders this year')).toEqual({ start: '2025-01-01', end: '2026-01-01' });
    expect(rangeOf('work orders last year')).toEqual({ start: '2024-01-01', end: '2025-01-01' });
    expect(periodsOf('work orders last year')[0]).toMatchObject({ grain: 'year', phrase: 'last year (2024)' });
  });

  it('the current period so far ends today, said before or after it', () => {
    expect(rangeOf('work orders so far this year')).toEqual({ start: '2025-01-01', end: '2025-05-11' });
    expect(rangeOf('hours this month so far')).toEqual({ start: '2025-05-01', end: '2025-05-11' });
    expect(rangeOf('hours this quarter to date')).toEqual({ start: '2025-04-01', end: '2025-05-11' });
    expect(periodsOf('work orders so far this year')[0]).toMatchObject({ phrase: 'this year (2025 so far, to 2025-05-10)' });
  });

  it('this quarter and last quarter', () => {
    expect(rangeOf('hours this quarter')).toEqual({ start: '2025-04-01', end: '2025-07-01' });
    expect(rangeOf('hours last quarter')).toEqual({ start: '2025-01-01', end: '2025-04-01' });
  });

  it('last quarter crosses into the previous year in January', () => {
    expect(rangeOf('hours last quarter', new Date('2025-01-15T09:00:00Z'))).toEqual({ start: '2024-10-01', end: '2025-01-01' });
  });

  it('last month is the previous calendar month, and so is the past month: the last complete one', () => {
    expect(rangeOf('visits last month')).toEqual({ start: '2025-04-01', end: '2025-05-01' });
    expect(rangeOf('visits in the past month')).toEqual({ start: '2025-04-01', end: '2025-05-01' });
  });

  it('last month in January is December of the year before', () => {
    expect(rangeOf('visits last month', new Date('2025-01-03T09:00:00Z'))).toEqual({ start: '2024-12-01', end: '2025-01-01' });
  });

  it('last week starts on the Monday of the week before', () => {
    expect(rangeOf('visits last week')).toEqual({ start: '2025-04-28', end: '2025-05-05' });
  });

  it('today and yesterday are single days', () => {
    expect(rangeOf('orders today')).toEqual({ start: '2025-05-10', end: '2025-05-11' });
    expect(rangeOf('orders yesterday')).toEqual({ start: '2025-05-09', end: '2025-05-10' });
  });
});

describe('named months, quarters and halves', () => {
  it('a month name with a year', () => {
    expect(rangeOf('work orders in March 2024')).toEqual({ start: '2024-03-01', end: '2024-04-01' });
    expect(periodsOf('work orders in March 2024')[0]).toMatchObject({ grain: 'month', phrase: 'in March 2024' });
  });

  it('a month name without a year is its latest occurrence up to now', () => {
    expect(rangeOf('work orders in March')).toEqual({ start: '2025-03-01', end: '2025-04-01' });
    expect(rangeOf('work orders in December')).toEqual({ start: '2024-12-01', end: '2025-01-01' });
  });

  it('an abbreviated month name', () => {
    expect(rangeOf('work orders in Sept 2023')).toEqual({ start: '2023-09-01', end: '2023-10-01' });
  });

  it('"may" is a month after a period word but not as a verb', () => {
    expect(rangeOf('jobs in May')).toEqual({ start: '2025-05-01', end: '2025-06-01' });
    expect(periodsOf('may I see the jobs')).toEqual([]);
  });

  it('a year alone, with its lead-in in the span', () => {
    const [period] = periodsOf('amt in 2024');
    expect(period).toMatchObject({ start: '2024-01-01', end: '2025-01-01', grain: 'year', tokenStart: 1, tokenEnd: 3 });
  });

  it('Q3 with and without a year', () => {
    expect(rangeOf('revenue in Q3 2024')).toEqual({ start: '2024-07-01', end: '2024-10-01' });
    // Q3 2025 has not begun on 10 May 2025: the last Q3 is 2024's.
    expect(rangeOf('revenue in Q3')).toEqual({ start: '2024-07-01', end: '2024-10-01' });
    expect(rangeOf('revenue in Q2')).toEqual({ start: '2025-04-01', end: '2025-07-01' });
  });

  it('a spelled-out quarter of a year', () => {
    expect(rangeOf('revenue in the third quarter of 2024')).toEqual({ start: '2024-07-01', end: '2024-10-01' });
  });

  it('H1 and H2, with and without a year', () => {
    expect(rangeOf('hours in H1 2024')).toEqual({ start: '2024-01-01', end: '2024-07-01' });
    expect(rangeOf('hours in H1')).toEqual({ start: '2025-01-01', end: '2025-07-01' });
    expect(rangeOf('hours in H2')).toEqual({ start: '2024-07-01', end: '2025-01-01' });
    expect(rangeOf('hours in the second half of 2023')).toEqual({ start: '2023-07-01', end: '2024-01-01' });
  });

  it('a half or a quarter of this, last or next year', () => {
    expect(periodsOf('hours in the first half of this year')).toMatchObject([{ start: '2025-01-01', end: '2025-07-01', tokenEnd: 8 }]);
    expect(rangeOf('hours in the second half of last year')).toEqual({ start: '2024-07-01', end: '2025-01-01' });
    expect(periodsOf('revenue in the third quarter of last year')).toMatchObject([{ start: '2024-07-01', end: '2024-10-01', tokenEnd: 8 }]);
  });

  it('a fiscal year is read as the calendar year, with an assumption', () => {
    const [period] = periodsOf('revenue in FY2024');
    expect(period).toMatchObject({ start: '2024-01-01', end: '2025-01-01' });
    expect(period.assumption).toContain('2024');
  });
});

describe('ranges', () => {
  it('between March and May 2025 covers three whole months', () => {
    const [period] = periodsOf('work orders between March and May 2025');
    expect(period).toMatchObject({ start: '2025-03-01', end: '2025-06-01', grain: 'month' });
  });

  it('a month without a year takes the year of the range end, or the year before when later in the year', () => {
    expect(rangeOf('jobs from March to June 2024')).toEqual({ start: '2024-03-01', end: '2024-07-01' });
    expect(rangeOf('jobs from November to February 2025')).toEqual({ start: '2024-11-01', end: '2025-03-01' });
  });

  it('between two years includes the second year', () => {
    expect(rangeOf('jobs between 2023 and 2024')).toEqual({ start: '2023-01-01', end: '2025-01-01' });
  });

  it('the last 12 months are 12 complete months before this one; the last 30 days end today, inclusive', () => {
    expect(rangeOf('work orders in the last 12 months')).toEqual({ start: '2024-05-01', end: '2025-05-01' });
    expect(rangeOf('work orders in the past 2 quarters')).toEqual({ start: '2024-10-01', end: '2025-04-01' });
    expect(rangeOf('work orders in the last 3 years')).toEqual({ start: '2022-01-01', end: '2025-01-01' });
    expect(rangeOf('work orders in the last 30 days')).toEqual({ start: '2025-04-11', end: '2025-05-11' });
    expect(rangeOf('work orders in the last 2 weeks')).toEqual({ start: '2025-04-27', end: '2025-05-11' });
  });

  it('the last 12 months including this month end today, and the words are part of the period', () => {
    expect(rangeOf('work orders in the last 12 months including this month')).toEqual({ start: '2024-06-01', end: '2025-05-11' });
    expect(rangeOf('work orders in the last 3 months including the current month')).toEqual({ start: '2025-03-01', end: '2025-05-11' });
    const [period] = periodsOf('work orders in the last 12 months including this month by technician');
    expect(period?.tokenEnd).toBe(10);
  });

  it('year, quarter and month to date end today, inclusive', () => {
    expect(rangeOf('revenue YTD')).toEqual({ start: '2025-01-01', end: '2025-05-11' });
    expect(rangeOf('revenue year to date')).toEqual({ start: '2025-01-01', end: '2025-05-11' });
    expect(rangeOf('revenue QTD')).toEqual({ start: '2025-04-01', end: '2025-05-11' });
    expect(rangeOf('revenue MTD')).toEqual({ start: '2025-05-01', end: '2025-05-11' });
  });

  it('since, before, after and up to leave one end open', () => {
    expect(rangeOf('jobs since January')).toEqual({ start: '2025-01-01', end: '2025-05-11' });
    expect(rangeOf('jobs before 2024')).toEqual({ end: '2024-01-01' });
    expect(rangeOf('jobs after 2023')).toEqual({ start: '2024-01-01' });
    expect(rangeOf('jobs up to 2023')).toEqual({ end: '2024-01-01' });
  });

  it('"from" with no end reads as "since"', () => {
    expect(rangeOf('jobs from 2024')).toEqual({ start: '2024-01-01', end: '2025-05-11' });
  });
});

describe('days', () => {
  it('an ISO date and a written date are single days', () => {
    expect(rangeOf('jobs on 2024-03-05')).toEqual({ start: '2024-03-05', end: '2024-03-06' });
    expect(rangeOf('jobs on June 21, 2002')).toEqual({ start: '2002-06-21', end: '2002-06-22' });
  });

  it('an ISO month is a month', () => {
    expect(rangeOf('jobs in 2024-02')).toEqual({ start: '2024-02-01', end: '2024-03-01' });
  });
});

describe('numbers that are not years', () => {
  it('a four-digit number after a comparison is an amount', () => {
    expect(periodsOf('jobs over 2000 hrs')).toEqual([]);
  });

  it('a number after an entity word is an id', () => {
    expect(periodsOf('work order 2024', { isEntityWord: (lemma) => lemma === 'order' })).toEqual([]);
  });

  it('a numeric range after a numeric column is not a period', () => {
    expect(periodsOf('amt between 1000 and 2000', { isNumericWord: (lemma) => lemma === 'amt' })).toEqual([]);
  });

  it('a question without dates has no periods', () => {
    expect(periodsOf('total hrs per tech')).toEqual([]);
  });
});
