/**
 * Dates and periods in a question, relative to `now`: "in 2024", "in March 2024", "in March",
 * "Q3 2024", "last quarter", "this year", "YTD", "last 30 days", "since January", "before 2024",
 * "between 2023 and 2024", "2024-03-05", "September 3, 2025". Each becomes a [start, end) range of ISO
 * dates (either end may be open) with a phrase for the interpretation.
 */
import type { TimeGrain } from '../../query/logical-query.ts';
import { addBuckets, addDays, addMonths, bucketStart } from './calendar.ts';
import { LEAD_INS, PointReader } from './period-points.ts';
import type { Token } from './tokens.ts';

export interface Period {
  /** Inclusive ISO start date; absent for "before …". */
  readonly start?: string;
  /** Exclusive ISO end date; absent for "after …". */
  readonly end?: string;
  /** Words for the interpretation: "in 2024", "in Q3 2024", "since January 2025". */
  readonly phrase: string;
  /** The period's natural unit ("2024" → year), used for comparisons such as "2023 vs 2024". */
  readonly grain?: TimeGrain;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  /** A choice the question left open (a fiscal year read as the calendar year). */
  readonly assumption?: string;
}

export interface PeriodOptions {
  /** True when a lemma names an entity, so "order 2024" reads as an id rather than a year. */
  readonly isEntityWord?: (lemma: string) => boolean;
  /** True when a lemma names a numeric column or measure, so "price between 1000 and 2000" is not a period. */
  readonly isNumericWord?: (lemma: string) => boolean;
}

const UNIT_GRAINS: Record<string, TimeGrain> = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' };

export function findPeriods(tokens: readonly Token[], now: Date, options: PeriodOptions = {}): Period[] {
  const periods: Period[] = [];
  const reader = new PointReader(tokens, now, options);
  let index = 0;
  while (index < tokens.length) {
    const found = rangeAt(reader, index);
    if (!found) {
      index += 1;
      continue;
    }
    let tokenStart = found.tokenStart;
    if (tokenStart > 0 && LEAD_INS.has(tokens[tokenStart - 1].lower) && found.leadIn) tokenStart -= 1;
    if (tokenStart > 0 && tokens[tokenStart - 1].lower === 'the' && tokenStart > 1 && LEAD_INS.has(tokens[tokenStart - 2].lower)) tokenStart -= 2;
    periods.push({ ...found.period, tokenStart, tokenEnd: found.tokenEnd });
    index = found.tokenEnd;
  }
  return periods;
}

interface Found {
  readonly period: Omit<Period, 'tokenStart' | 'tokenEnd'>;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly leadIn: boolean;
}

function rangeAt(reader: PointReader, index: number): Found | undefined {
  const word = reader.word(index);
  const pair = (reader.word(index) + ' ' + reader.word(index + 1)).trim();
  const tomorrow = addDays(reader.today, 1);
  if (word === 'between' || word === 'from') {
    if (word === 'between' && reader.options.isNumericWord?.(reader.tokens[index - 1]?.lemma ?? '')) return undefined;
    reader.trusting = true;
    let first = reader.point(index + 1);
    const joiner = first ? reader.word(first.next) : '';
    const second = first && ['and', 'to', 'until', 'till', 'through', 'thru', '-'].includes(joiner) ? reader.point(first.next + 1) : undefined;
    reader.trusting = false;
    // "from March to June 2024": the month without a year takes the end's year.
    if (first && second && first.start >= second.end && first.grain === 'month' && !/\d{4}/.test(first.label.replace(/\d{4}$/, '')) && !reader.tokens.slice(index + 1, first.next).some((token) => /^\d{4}$/.test(token.text))) {
      const endYear = Number((second.end > second.start ? second.start : second.end).slice(0, 4));
      let start = `${endYear}${first.start.slice(4)}`;
      if (start >= second.end) start = `${endYear - 1}${first.start.slice(4)}`;
      first = { ...first, start, end: addMonths(start, 1), label: first.label.replace(/\d{4}$/, start.slice(0, 4)) };
    }
    if (first && second && first.start < second.end) {
      const period = { start: first.start, end: second.end, phrase: `between ${first.label} and ${second.label}`, ...(first.grain === second.grain && first.grain ? { grain: first.grain } : {}) };
      return { period, tokenStart: index, tokenEnd: second.next, leadIn: false };
    }
    return word === 'from' ? sinceFrom(reader, index) : undefined;
  }
  const operator = ['since', 'after', 'before', 'until', 'till', 'through'].includes(word) ? { word, length: 1 }
    : ['prior to', 'earlier than', 'later than', 'up to', 'up until', 'no later than'].includes(pair) ? { word: pair, length: 2 } : undefined;
  if (operator) {
    const point = reader.point(index + operator.length);
    if (!point) return undefined;
    const bare = point.takesIn ? point.label : point.label.replace(/^the /, '');
    const span = { tokenStart: index, tokenEnd: point.next, leadIn: false };
    switch (operator.word) {
      case 'since':
        return { ...span, period: { start: point.start, end: tomorrow, phrase: `since ${bare}` } };
      case 'after':
      case 'later than':
        return { ...span, period: { start: point.end, phrase: `after ${bare}` } };
      case 'before':
      case 'prior to':
      case 'earlier than':
        return { ...span, period: { end: point.start, phrase: `before ${bare}` } };
      default:
        return { ...span, period: { end: point.end, phrase: `up to ${bare}` } };
    }
  }
  const window = rolling(reader, index);
  if (window) return window;
  const point = reader.point(index);
  if (!point) return undefined;
  const phrase = point.takesIn ? `${point.grain === 'day' ? 'on' : 'in'} ${point.label}` : point.label;
  return {
    period: { start: point.start, end: point.end, phrase, ...(point.grain ? { grain: point.grain } : {}), ...(point.assumption ? { assumption: point.assumption } : {}) },
    tokenStart: index,
    tokenEnd: point.next,
    leadIn: true,
  };
}

/** "from March 2024" with no end: the same as "since". */
function sinceFrom(reader: PointReader, index: number): Found | undefined {
  const point = reader.point(index + 1);
  if (!point) return undefined;
  return { period: { start: point.start, end: addDays(reader.today, 1), phrase: `since ${point.label}` }, tokenStart: index, tokenEnd: point.next, leadIn: false };
}


/**
 * "last 30 days", "the previous 2 weeks": a rolling window ending today. "Last 12 months", "past
 * 2 quarters", "last 3 years" are that many complete months, quarters or years before the current
 * one, so that no bucket of the answer is partial; "… including this month" (or "to date") ends
 * today instead.
 */
function rolling(reader: PointReader, index: number): Found | undefined {
  const word = reader.word(index);
  if (!['last', 'past', 'previous', 'prior', 'trailing'].includes(word)) return undefined;
  const number = reader.tokens[index + 1];
  const hasNumber = number?.kind === 'number' && Number.isInteger(number.value) && (number.value ?? 0) > 0;
  const unitToken = reader.tokens[index + (hasNumber ? 2 : 1)];
  const unit = unitToken?.lemma ?? '';
  if (!(unit in UNIT_GRAINS)) return undefined;
  // "last month" is the previous calendar month; "past month" and "last 3 months" are windows.
  if (!hasNumber && word !== 'past' && word !== 'trailing') return undefined;
  const count = hasNumber ? (number.value ?? 1) : 1;
  const tokenEnd = index + (hasNumber ? 3 : 2);
  const unitWord = count === 1 ? unit : `${unit}s`;
  const tomorrow = addDays(reader.today, 1);
  if (unit === 'day' || unit === 'week') {
    const start = unit === 'day' ? addDays(tomorrow, -count) : addDays(tomorrow, -7 * count);
    return { period: { start, end: tomorrow, phrase: `in the last ${count === 1 ? '' : `${count} `}${unitWord} (${start} to ${reader.today})` }, tokenStart: index, tokenEnd, leadIn: true };
  }
  const current = bucketStart(reader.today, unit as TimeGrain);
  const toDate = includesCurrent(reader, tokenEnd, unit);
  if (toDate) {
    const start = addBuckets(current, unit as TimeGrain, -(count - 1));
    return { period: { start, end: tomorrow, phrase: `in the last ${count === 1 ? '' : `${count} `}${unitWord}, this ${unit} so far included (${start} to ${reader.today})` }, tokenStart: index, tokenEnd: toDate, leadIn: true };
  }
  const start = addBuckets(current, unit as TimeGrain, -count);
  return {
    period: { start, end: current, phrase: `in the last ${count === 1 ? '' : `${count} `}complete ${unitWord} (${start} to ${addDays(current, -1)})` },
    tokenStart: index,
    tokenEnd,
    leadIn: true,
  };
}

/** "… including this month", "including the current quarter", "to date": the end of those words, else undefined. */
function includesCurrent(reader: PointReader, from: number, unit: string): number | undefined {
  const words = reader.tokens.slice(from, from + 4).map((token) => token.lower);
  if (words[0] === 'to' && words[1] === 'date') return from + 2;
  if (words[0] === 'including' && (words[1] === 'this' || words[1] === 'the') && (words[1] === 'this' ? words[2] === unit : words[2] === 'current' && words[3] === unit)) return from + (words[1] === 'this' ? 3 : 4);
  return undefined;
}
