/** A day, or a moment, in words for sentences and titles: "1 Dec 2025", "1 Dec 2025 14:30" (UTC). */
import type { TimeGrain } from '../query/logical-query.ts';
import { formatDate, formatValue, parseIsoDate, type ValueFormat } from './format-value.ts';

// en-US month abbreviations ("Sep"; en-GB writes "Sept"), put in day-month-year order, which
// no reader takes for month-day.
const DAY_PARTS = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "1 Dec 2025" */
export function dayInWords(date: Date): string {
  const parts = DAY_PARTS.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

export function isMidnight(date: Date): boolean {
  return date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
}

/** "1 Dec 2025", with the time when it is not midnight: "1 Dec 2025 14:30". */
export function momentInWords(date: Date): string {
  return isMidnight(date) ? dayInWords(date) : `${dayInWords(date)} ${TIME.format(date)}`;
}

/** A value of a time column in words: "2024", "Q3 2024", "March 2024", "week of 4 Mar 2024", "5 Mar 2024". */
export function timePointInWords(value: unknown, format: ValueFormat & { readonly grain?: TimeGrain }): string {
  const date = parseIsoDate(value);
  if (date === undefined) return formatValue(value, format);
  switch (format.grain) {
    case 'year':
    case 'quarter':
    case 'month':
      return formatDate(date, format.grain);
    case 'week':
      return `week of ${dayInWords(date)}`;
    default:
      return momentInWords(date);
  }
}
