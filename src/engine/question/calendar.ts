/** Calendar arithmetic on ISO dates (`YYYY-MM-DD`), in UTC, for period ranges. */

import type { TimeGrain } from '../../query/logical-query.ts';

export interface DayParts {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
}

export const MONTH_NAMES = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const;

const MONTH_BY_WORD = new Map<string, number>([
  ...MONTH_NAMES.map((name, index) => [name, index + 1] as const),
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8], ['sep', 9], ['sept', 9],
  ['oct', 10], ['nov', 11], ['dec', 12],
]);

/** Month number (1–12) of a month name or abbreviation. */
export function monthOf(word: string): number | undefined {
  return MONTH_BY_WORD.get(word);
}

export function monthTitle(month: number): string {
  const name = MONTH_NAMES[month - 1];
  return name[0].toUpperCase() + name.slice(1);
}

export function iso(year: number, month: number, day = 1): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

export function partsOf(value: Date | string): DayParts {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = partsOf(isoDate);
  return iso(year, month, day + days);
}

/** Adds months, clamping the day to the target month's length (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(isoDate: string, months: number): string {
  const { year, month, day } = partsOf(isoDate);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return iso(year, month + months, Math.min(day, lastDay));
}

export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function quarterOf(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}

/** Monday of the ISO week holding the date. */
export function startOfWeek(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The first day of the day, week, month, quarter or year that `isoDate` falls in. */
export function bucketStart(isoDate: string, grain: TimeGrain): string {
  if (grain === 'day') return isoDate;
  if (grain === 'week') return startOfWeek(isoDate);
  const { year, month } = partsOf(isoDate);
  if (grain === 'year') return iso(year, 1);
  return iso(year, grain === 'quarter' ? (quarterOf(month) - 1) * 3 + 1 : month);
}

/** `count` days, weeks, months, quarters or years after (before, when negative) `isoDate`. */
export function addBuckets(isoDate: string, grain: TimeGrain, count: number): string {
  if (grain === 'day') return addDays(isoDate, count);
  if (grain === 'week') return addDays(isoDate, 7 * count);
  return addMonths(isoDate, count * (grain === 'year' ? 12 : grain === 'quarter' ? 3 : 1));
}

export function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
