/** A day, or a moment, in words for sentences and titles: "1 Dec 2025", "1 Dec 2025 14:30" (UTC). */

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
