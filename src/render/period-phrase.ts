/**
 * Words for the period a query is filtered to ("in 2024", "in Q3 2024", "since 2024-03-05"),
 * read from its date filters. The engine writes date ranges as a `gte` + `lt` pair with an
 * exclusive upper bound; this turns the common ranges back into the words people use.
 */
import type { Filter, LogicalQuery } from '../query/logical-query.ts';
import { formatDate, isoDay, parseIsoDate } from './format-value.ts';

interface DateRange {
  from?: Date;
  /** Exclusive. */
  until?: Date;
  fromExclusive?: boolean;
  untilInclusive?: boolean;
}

/** A phrase starting with a preposition, or '' when the query has no single date range. */
export function periodPhrase(query: LogicalQuery): string {
  const ranges = new Map<string, DateRange>();
  for (const filter of query.filters) {
    const key = fieldKey(filter);
    const dates = filter.values.map(parseDateValue);
    if (key === undefined || dates.length === 0 || dates.some((date) => date === undefined)) continue;
    const range = ranges.get(key) ?? {};
    if (!applyFilter(range, filter.op, dates as Date[])) continue;
    ranges.set(key, range);
  }
  if (ranges.size !== 1) return '';
  const [range] = ranges.values();
  return range === undefined ? '' : describeRange(range);
}

function fieldKey(filter: Filter): string | undefined {
  return filter.expression.kind === 'field' ? `${filter.expression.entity}.${filter.expression.column}` : undefined;
}

/** Only strings that look like dates count; a plain number filter is not a period. */
function parseDateValue(value: unknown): Date | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? parseIsoDate(value) : undefined;
}

function applyFilter(range: DateRange, op: Filter['op'], dates: readonly Date[]): boolean {
  const [first, second] = dates;
  if (first === undefined) return false;
  switch (op) {
    case 'gte':
      range.from = first;
      return true;
    case 'gt':
      range.from = first;
      range.fromExclusive = true;
      return true;
    case 'lt':
      range.until = first;
      return true;
    case 'lte':
      range.until = first;
      range.untilInclusive = true;
      return true;
    case 'eq':
      range.from = first;
      range.until = first;
      range.untilInclusive = true;
      return true;
    case 'between':
      if (second === undefined) return false;
      range.from = first;
      range.until = second;
      range.untilInclusive = true;
      return true;
    default:
      return false;
  }
}

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

function isMidnight(date: Date): boolean {
  return date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
}

const DAY_MS = 86_400_000;

function describeRange(range: DateRange): string {
  const { from, until } = range;
  if (from !== undefined && until !== undefined && !range.fromExclusive) {
    if (range.untilInclusive) {
      return from.getTime() === until.getTime() ? `on ${formatDate(from)}` : `from ${formatDate(from)} to ${formatDate(until)}`;
    }
    return describeHalfOpen(from, until);
  }
  if (from !== undefined && until === undefined) {
    return range.fromExclusive ? `after ${formatDate(from)}` : `since ${formatDate(from)}`;
  }
  if (until !== undefined && from === undefined) {
    return range.untilInclusive ? `up to ${formatDate(until)}` : `before ${formatDate(until)}`;
  }
  return '';
}

/** [from, until): a whole year, quarter, month or day reads as such; anything else as a span. */
function describeHalfOpen(from: Date, until: Date): string {
  if (isMidnight(from) && isMidnight(until) && from.getUTCDate() === 1) {
    const month = from.getUTCMonth();
    if (month === 0 && addMonths(from, 12).getTime() === until.getTime()) return `in ${formatDate(from, 'year')}`;
    if (month % 3 === 0 && addMonths(from, 3).getTime() === until.getTime()) return `in ${formatDate(from, 'quarter')}`;
    if (addMonths(from, 1).getTime() === until.getTime()) return `in ${formatDate(from, 'month')}`;
  }
  if (isMidnight(from) && isMidnight(until)) {
    const lastDay = new Date(until.getTime() - DAY_MS);
    if (lastDay.getTime() === from.getTime()) return `on ${isoDay(from)}`;
    return `from ${isoDay(from)} to ${isoDay(lastDay)}`;
  }
  return `from ${formatDate(from)} to before ${formatDate(until)}`;
}
