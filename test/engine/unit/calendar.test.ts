/** Calendar arithmetic on ISO dates, in UTC. */
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, iso, isValidDay, monthOf, monthTitle, partsOf, quarterOf, startOfWeek, today, addBuckets, bucketStart } from '../../../src/engine/question/calendar.ts';

describe('calendar', () => {
  it('iso normalises overflowing months and days', () => {
    expect(iso(2024, 13)).toBe('2025-01-01');
    expect(iso(2025, 0)).toBe('2024-12-01');
    expect(iso(2024, 2, 30)).toBe('2024-03-01');
  });

  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('addMonths clamps the day to the length of the target month', () => {
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 3)).toBe('2025-04-30');
    expect(addMonths('2025-05-11', -12)).toBe('2024-05-11');
  });

  it('startOfWeek is the Monday of the ISO week', () => {
    expect(startOfWeek('2025-05-10')).toBe('2025-05-05'); // a Saturday
    expect(startOfWeek('2025-05-11')).toBe('2025-05-05'); // a Sunday belongs to the week before
    expect(startOfWeek('2025-05-05')).toBe('2025-05-05');
  });

  it('today is the UTC date, whatever the hour', () => {
    expect(today(new Date('2025-05-10T23:59:59Z'))).toBe('2025-05-10');
    expect(today(new Date('2025-05-11T01:00:00+02:00'))).toBe('2025-05-10');
  });

  it('partsOf reads a date or an ISO string in UTC', () => {
    expect(partsOf('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(partsOf(new Date('2025-12-31T23:00:00Z'))).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('quarterOf, monthOf and monthTitle', () => {
    expect([1, 3, 4, 6, 7, 9, 10, 12].map(quarterOf)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(monthOf('sept')).toBe(9);
    expect(monthOf('march')).toBe(3);
    expect(monthOf('March')).toBeUndefined(); // callers pass lower-case words
    expect(monthTitle(5)).toBe('May');
  });

  it('isValidDay knows month lengths and leap years', () => {
    expect(isValidDay(2024, 2, 29)).toBe(true);
    expect(isValidDay(2025, 2, 29)).toBe(false);
    expect(isValidDay(2025, 4, 31)).toBe(false);
    expect(isValidDay(2025, 13, 1)).toBe(false);
    expect(isValidDay(2025, 1, 0)).toBe(false);
  });

  it('bucketStart and addBuckets on every grain', () => {
    expect((['day', 'week', 'month', 'quarter', 'year'] as const).map((grain) => bucketStart('2025-05-10', grain))).toEqual(['2025-05-10', '2025-05-05', '2025-05-01', '2025-04-01', '2025-01-01']);
    expect((['day', 'week', 'month', 'quarter', 'year'] as const).map((grain) => addBuckets('2025-01-01', grain, -1))).toEqual(['2024-12-31', '2024-12-25', '2024-12-01', '2024-10-01', '2024-01-01']);
    expect(addBuckets('2025-11-01', 'quarter', 1)).toBe('2026-02-01');
  });
});
