/**
 * Days and timestamps for the generators. A day is an integer: days since 1970-01-01 (UTC), so
 * arithmetic is plain addition and nothing depends on the machine's time zone or clock.
 */
import type { Random } from './random.ts';

const MS_PER_DAY = 86_400_000;

/** The period a sample dataset covers. */
export interface SampleTimeSpan {
  /** The anchor month as `YYYY-MM`; it names the archive. */
  readonly anchorMonth: string;
  /** 1 January of the year two years before the anchor's year. */
  readonly firstDay: number;
  /** The last day of the anchor month; the data is a snapshot taken at its end. */
  readonly lastDay: number;
}

/** The span for an anchor date; only the anchor's UTC year and month matter. */
export function timeSpanForAnchor(anchor: Date): SampleTimeSpan {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth();
  return {
    anchorMonth: `${year}-${String(month + 1).padStart(2, '0')}`,
    firstDay: Date.UTC(year - 2, 0, 1) / MS_PER_DAY,
    lastDay: Date.UTC(year, month + 1, 0) / MS_PER_DAY,
  };
}

export function dayFromParts(year: number, month: number, dayOfMonth: number): number {
  return Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY;
}

/** `YYYY-MM-DD`, as a date column takes it. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: number): number {
  return (day + 4) % 7;
}

/** The calendar month, 1–12. */
export function monthOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCMonth() + 1;
}

export function yearOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** The same day of the month `months` later, clamped to the end of shorter months. */
export function addMonths(day: number, months: number): number {
  const date = new Date(day * MS_PER_DAY);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastOfMonth)) / MS_PER_DAY;
}

/** A timestamp in seconds since the epoch, at `hours` (may be fractional) into `day`. */
export function timestampAt(day: number, hours: number): number {
  return Math.round(day * 86_400 + hours * 3600);
}

export function dayOfTimestamp(seconds: number): number {
  return Math.floor(seconds / 86_400);
}

/** `YYYY-MM-DD HH:MM:SS+00`, as a timestamptz column takes it. */
export function formatTimestamp(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}+00`;
}

/** A time of day in hours, mostly within office hours. */
export function officeHour(random: Random): number {
  return Math.min(23.9, Math.max(6, random.normal(12.5, 2.6)));
}

/** How busy each calendar month is, January first. */
export type MonthFactors = readonly [number, number, number, number, number, number, number, number, number, number, number, number];

/** How busy each weekday is, Sunday first. */
export type WeekdayFactors = readonly [number, number, number, number, number, number, number];

export interface DailyVolumeOptions {
  /** About how many events in the whole span. */
  readonly total: number;
  /** Yearly growth factor, e.g. 1.3 for +30 % a year. */
  readonly growthPerYear: number;
  readonly months: MonthFactors;
  readonly weekdays: WeekdayFactors;
}

/**
 * How many events happen on each day of the span (index 0 = firstDay): growth over time times
 * seasonality times weekday, scaled so the span holds about `total`, with Poisson noise.
 */
export function dailyCounts(random: Random, span: SampleTimeSpan, options: DailyVolumeOptions): number[] {
  const weights: number[] = [];
  let sum = 0;
  for (let day = span.firstDay; day <= span.lastDay; day += 1) {
    const years = (day - span.firstDay) / 365.25;
    const weight =
      Math.pow(options.growthPerYear, years) * options.months[monthOfDay(day) - 1]! * options.weekdays[dayOfWeek(day)]!;
    weights.push(weight);
    sum += weight;
  }
  return weights.map((weight) => random.poisson((options.total * weight) / sum));
}
