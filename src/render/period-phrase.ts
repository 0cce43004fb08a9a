/**
 * Words for the period a query is filtered to ("in 2024", "in Q3 2024", "from 1 Dec 2025 to
 * 30 Nov 2026"), read from its date filters. The engine writes date ranges as a `gte` + `lt` pair
 * with an exclusive upper bound; this turns the common ranges back into the words people use.
 */
import type { Filter, LogicalQuery } from '../query/logical-query.ts';
import { formatDate, parseIsoDate } from './format-value.ts';
import { dayInWords, isMidnight, momentInWords } from './date-words.ts';
import { labelFromName } from './result-columns.ts';
import { joinList, lowerFirst } from './text-words.ts';

interface DateRange {
  from?: Date;
  /** Exclusive unless `untilInclusive`. */
  until?: Date;
  fromExclusive?: boolean;
  untilInclusive?: boolean;
}

interface FieldRange {
  readonly column: string;
  readonly range: DateRange;
}

/**
 * A phrase starting with a preposition, or '' when the query has no date filter. When several
 * date fields are filtered (a period and a segment's due date), each is named with its range.
 */
export function periodPhrase(query: LogicalQuery): string {
  const ranges = new Map<string, FieldRange>();
  for (const filter of query.filters) {
    if (filter.expression.kind !== 'field' || filter.or !== undefined) continue;
    const dates = filter.values.map(parseDateValue);
    if (dates.length === 0 || dates.some((date) => date === undefined)) continue;
    const key = `${filter.expression.entity}.${filter.expression.column}`;
    const entry = ranges.get(key) ?? { column: filter.expression.column, range: {} };
    if (narrow(entry.range, filter.op, dates as Date[])) ranges.set(key, entry);
  }
  const described = [...ranges.values()].map((entry) => ({ ...entry, words: describeRange(entry.range) })).filter((entry) => entry.words !== '');
  const [only] = described;
  if (described.length <= 1) return only?.words ?? '';
  return `with ${joinList(described.map((entry) => `${lowerFirst(labelFromName(entry.column))} ${entry.words}`))}`;
}

/** Only strings that look like dates count; a plain number filter is not a period. */
function parseDateValue(value: unknown): Date | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? parseIsoDate(value) : undefined;
}

/** Adds a filter's bounds to a range: every filter applies, so the range only ever narrows. */
function narrow(range: DateRange, op: Filter['op'], dates: readonly Date[]): boolean {
  const [first, second] = dates;
  if (first === undefined) return false;
  switch (op) {
    case 'gte':
    case 'gt':
      raiseFrom(range, first, op === 'gt');
      return true;
    case 'lt':
    case 'lte':
      lowerUntil(range, first, op === 'lte');
      return true;
    case 'eq':
      raiseFrom(range, first, false);
      lowerUntil(range, first, true);
      return true;
    case 'between':
      if (second === undefined) return false;
      raiseFrom(range, first, false);
      lowerUntil(range, second, true);
      return true;
    default:
      return false;
  }
}

function raiseFrom(range: DateRange, date: Date, exclusive: boolean): void {
  const current = range.from?.getTime();
  if (current !== undefined && (current > date.getTime() || (current === date.getTime() && range.fromExclusive))) return;
  range.from = date;
  range.fromExclusive = exclusive;
}

function lowerUntil(range: DateRange, date: Date, inclusive: boolean): void {
  const current = range.until?.getTime();
  if (current !== undefined && (current < date.getTime() || (current === date.getTime() && !range.untilInclusive))) return;
  range.until = date;
  range.untilInclusive = inclusive;
}

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

const DAY_MS = 86_400_000;

function describeRange(range: DateRange): string {
  const { from, until } = range;
  const lower = from === undefined ? '' : `${range.fromExclusive ? 'after' : 'since'} ${momentInWords(from)}`;
  const upper = until === undefined ? '' : `${range.untilInclusive ? 'up to' : 'before'} ${momentInWords(until)}`;
  if (from === undefined || until === undefined) return lower || upper;
  // No day satisfies both bounds: say both rather than a range that runs backwards.
  if (isEmpty(from, until, range)) return `${lower} and ${upper}`;
  if (range.fromExclusive) return `${lower} and ${upper}`;
  if (range.untilInclusive) {
    return from.getTime() === until.getTime() ? `on ${momentInWords(from)}` : `from ${momentInWords(from)} to ${momentInWords(until)}`;
  }
  return describeHalfOpen(from, until);
}

function isEmpty(from: Date, until: Date, range: DateRange): boolean {
  if (from.getTime() !== until.getTime()) return from.getTime() > until.getTime();
  return range.fromExclusive === true || range.untilInclusive !== true;
}

/** [from, until): a whole year, quarter, month or day reads as such; anything else as a span of days. */
function describeHalfOpen(from: Date, until: Date): string {
  if (isMidnight(from) && isMidnight(until) && from.getUTCDate() === 1) {
    const month = from.getUTCMonth();
    if (month === 0 && addMonths(from, 12).getTime() === until.getTime()) return `in ${formatDate(from, 'year')}`;
    if (month % 3 === 0 && addMonths(from, 3).getTime() === until.getTime()) return `in ${formatDate(from, 'quarter')}`;
    if (addMonths(from, 1).getTime() === until.getTime()) return `in ${formatDate(from, 'month')}`;
  }
  if (isMidnight(from) && isMidnight(until)) {
    const lastDay = new Date(until.getTime() - DAY_MS);
    if (lastDay.getTime() === from.getTime()) return `on ${dayInWords(from)}`;
    return `from ${dayInWords(from)} to ${dayInWords(lastDay)}`;
  }
  return `from ${momentInWords(from)} to before ${momentInWords(until)}`;
}
