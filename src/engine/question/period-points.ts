/**
 * Points in time named in a question ("2024", "March 2024", "Q3", "last quarter", "YTD",
 * "September 3, 2025", "FY2024"), each with its [start, end) range; periods.ts wraps them in ranges.
 */
import type { TimeGrain } from '../../query/logical-query.ts';
import { addDays, addMonths, iso, monthOf, monthTitle, partsOf, quarterOf, startOfWeek, today } from './calendar.ts';
import type { PeriodOptions } from './periods.ts';
import { DIGIT_ORDINAL, type Token } from './tokens.ts';

export interface Point {
  readonly start: string;
  readonly end: string;
  /** "2024", "March 2024", "last quarter (Q1 2025)". */
  readonly label: string;
  /** Whether the label reads after "in" ("in 2024") or alone ("last quarter"). */
  readonly takesIn: boolean;
  readonly grain?: TimeGrain;
  readonly next: number;
  readonly assumption?: string;
}

/** Words before "year" that say which one, as years from the current one. */
const RELATIVE_YEARS: Readonly<Record<string, number>> = { this: 0, current: 0, last: -1, previous: -1, next: 1 };
const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };
const YEAR_BLOCKERS = new Set([
  'over', 'above', 'under', 'below', 'than', 'between', 'least', 'most', 'exceeding', 'exceed', 'top', 'bottom', 'first',
  '$', '€', '£', '#', '=', '>', '<', '>=', '<=', '!=', 'id', 'number', 'no', 'exactly', 'equal', 'equals', 'code',
]);
export const LEAD_INS: ReadonlySet<string> = new Set(['in', 'during', 'for', 'of', 'on', 'within', 'throughout', 'from']);

export class PointReader {
  readonly tokens: readonly Token[];
  readonly today: string;
  readonly options: PeriodOptions;
  /** Set while reading the operands of "between … and …", where bare numbers are years. */
  trusting = false;

  constructor(tokens: readonly Token[], now: Date, options: PeriodOptions) {
    this.tokens = tokens;
    this.today = today(now);
    this.options = options;
  }

  word(index: number): string {
    return this.tokens[index]?.lower ?? '';
  }

  point(index: number): Point | undefined {
    return this.soFar(index) ?? this.relative(index) ?? this.toDate(index) ?? this.quarter(index) ?? this.half(index) ?? this.monthDay(index)
      ?? this.isoDate(index) ?? this.fiscal(index) ?? this.year(index);
  }

  /** "so far this year", "this month so far", "this quarter to date": the current period up to today. */
  private soFar(index: number): Point | undefined {
    const before = this.word(index) === 'so' && this.word(index + 1) === 'far';
    const at = before ? index + 2 : index;
    if (!['this', 'current'].includes(this.word(at))) return undefined;
    const current = this.relative(at);
    if (!current) return undefined;
    const after = !before && ((this.word(current.next) === 'so' && this.word(current.next + 1) === 'far') || (this.word(current.next) === 'to' && this.word(current.next + 1) === 'date'));
    if (!before && !after) return undefined;
    const end = addDays(this.today, 1);
    return { start: current.start, end, label: `${current.label.replace(/\)$/, '')} so far, to ${this.today})`, takesIn: false, next: after ? current.next + 2 : current.next };
  }

  private relative(index: number): Point | undefined {
    const word = this.word(index);
    const { year, month } = partsOf(this.today);
    if (word === 'today') return { start: this.today, end: addDays(this.today, 1), label: `today (${this.today})`, takesIn: false, grain: 'day', next: index + 1 };
    if (word === 'yesterday') {
      const day = addDays(this.today, -1);
      return { start: day, end: this.today, label: `yesterday (${day})`, takesIn: false, grain: 'day', next: index + 1 };
    }
    const offsets: Record<string, number> = { this: 0, current: 0, last: -1, previous: -1, prior: -1, next: 1 };
    if (!(word in offsets)) return undefined;
    const unit = this.tokens[index + 1]?.lemma ?? '';
    const offset = offsets[word];
    const next = index + 2;
    const label = (text: string): string => `${word === 'current' ? 'this' : word} ${unit} (${text})`;
    if (unit === 'year') {
      return { start: iso(year + offset, 1), end: iso(year + offset + 1, 1), label: label(String(year + offset)), takesIn: false, grain: 'year', next };
    }
    if (unit === 'quarter') {
      const first = iso(year, (quarterOf(month) - 1) * 3 + 1);
      const start = addMonths(first, 3 * offset);
      const parts = partsOf(start);
      return { start, end: addMonths(start, 3), label: label(`Q${quarterOf(parts.month)} ${parts.year}`), takesIn: false, grain: 'quarter', next };
    }
    if (unit === 'month') {
      const start = addMonths(iso(year, month), offset);
      const parts = partsOf(start);
      return { start, end: addMonths(start, 1), label: label(`${monthTitle(parts.month)} ${parts.year}`), takesIn: false, grain: 'month', next };
    }
    if (unit === 'week') {
      const start = addDays(startOfWeek(this.today), 7 * offset);
      return { start, end: addDays(start, 7), label: label(`week of ${start}`), takesIn: false, grain: 'week', next };
    }
    return undefined;
  }

  /** YTD, MTD, QTD, "year to date". */
  private toDate(index: number): Point | undefined {
    const word = this.word(index);
    const spelled = this.word(index + 1) === 'to' && this.word(index + 2) === 'date';
    const unit = word === 'ytd' ? 'year' : word === 'mtd' ? 'month' : word === 'qtd' ? 'quarter' : spelled ? this.tokens[index].lemma : '';
    const next = spelled ? index + 3 : index + 1;
    const { year, month } = partsOf(this.today);
    const end = addDays(this.today, 1);
    if (unit === 'year') return { start: iso(year, 1), end, label: `year to date (${year})`, takesIn: false, next };
    if (unit === 'month') return { start: iso(year, month), end, label: `month to date (${monthTitle(month)} ${year})`, takesIn: false, next };
    if (unit === 'quarter') {
      const quarter = quarterOf(month);
      return { start: iso(year, (quarter - 1) * 3 + 1), end, label: `quarter to date (Q${quarter} ${year})`, takesIn: false, next };
    }
    return undefined;
  }

  private quarter(index: number): Point | undefined {
    const word = this.word(index);
    let quarter: number | undefined;
    let next = index + 1;
    let year: number | undefined;
    const compact = /^q([1-4])$/.exec(word);
    if (compact) quarter = Number(compact[1]);
    else if (ORDINALS[word] && this.tokens[index + 1]?.lemma === 'quarter') {
      quarter = ORDINALS[word];
      next = index + 2;
    } else if (this.yearValue(index) !== undefined && /^q([1-4])$/.test(this.word(index + 1))) {
      return this.quarterPoint(Number(this.word(index + 1)[1]), this.yearValue(index), index + 2);
    }
    if (quarter === undefined) return undefined;
    const said = this.yearOf(next);
    if (said) ({ year, next } = said);
    return this.quarterPoint(quarter, year, next);
  }

  private quarterPoint(quarter: number, givenYear: number | undefined, next: number): Point {
    const current = partsOf(this.today);
    const year = givenYear ?? (iso(current.year, (quarter - 1) * 3 + 1) <= this.today ? current.year : current.year - 1);
    const start = iso(year, (quarter - 1) * 3 + 1);
    return { start, end: addMonths(start, 3), label: `Q${quarter} ${year}`, takesIn: true, grain: 'quarter', next };
  }

  /** H1 2024, "the second half of 2024". */
  private half(index: number): Point | undefined {
    const word = this.word(index);
    let half: number | undefined;
    let next = index + 1;
    if (/^h[12]$/.test(word)) half = Number(word[1]);
    else if ((word === 'first' || word === 'second') && this.word(index + 1) === 'half') {
      half = word === 'first' ? 1 : 2;
      next = index + 2;
    }
    if (half === undefined) return undefined;
    const current = partsOf(this.today);
    const said = this.yearOf(next);
    let year: number;
    if (said) ({ year, next } = said);
    else year = iso(current.year, half === 1 ? 1 : 7) <= this.today ? current.year : current.year - 1;
    const start = iso(year, half === 1 ? 1 : 7);
    return { start, end: addMonths(start, 6), label: `H${half} ${year}`, takesIn: true, next };
  }

  /** The year a part of a year is said of: "2024", "of 2024", "of this year", "of last year" (and the position after it). */
  private yearOf(index: number): { year: number; next: number } | undefined {
    const at = this.word(index) === 'of' ? index + 1 : index;
    const given = this.yearValue(at);
    if (given !== undefined) return { year: given, next: at + 1 };
    const offset = RELATIVE_YEARS[this.word(at)];
    if (offset === undefined || this.tokens[at + 1]?.lemma !== 'year') return undefined;
    return { year: partsOf(this.today).year + offset, next: at + 2 };
  }

  private monthDay(index: number): Point | undefined {
    let month = monthOf(this.word(index));
    let day: number | undefined;
    let next = index + 1;
    if (month !== undefined) {
      // "may" is also a verb: a month only with a year or a day, or after a period preposition.
      if (this.word(index) === 'may' && this.yearValue(next) === undefined && this.dayValue(next) === undefined
        && !LEAD_INS.has(this.word(index - 1)) && !['since', 'before', 'after', 'until'].includes(this.word(index - 1))) return undefined;
      const dayHere = this.dayValue(next);
      if (dayHere) {
        day = dayHere.day;
        next = dayHere.next;
      }
    } else {
      const dayFirst = this.dayValue(index);
      if (!dayFirst) return undefined;
      const afterOf = this.word(dayFirst.next) === 'of' ? dayFirst.next + 1 : dayFirst.next;
      month = monthOf(this.word(afterOf));
      if (month === undefined) return undefined;
      day = dayFirst.day;
      next = afterOf + 1;
    }
    if (this.word(next) === ',') next += 1;
    let year = this.yearValue(next);
    if (year !== undefined) next += 1;
    else if (this.word(next - 1) === ',') next -= 1;
    const current = partsOf(this.today);
    if (year === undefined) year = iso(current.year, month, day ?? 1) <= this.today ? current.year : current.year - 1;
    if (day !== undefined) {
      const start = iso(year, month, day);
      return { start, end: addDays(start, 1), label: start, takesIn: true, grain: 'day', next };
    }
    const start = iso(year, month);
    return { start, end: addMonths(start, 1), label: `${monthTitle(month)} ${year}`, takesIn: true, grain: 'month', next };
  }

  /** A day of the month: "5", "5th", "21st". */
  private dayValue(index: number): { day: number; next: number } | undefined {
    const token = this.tokens[index];
    const ordinal = token?.kind === 'word' ? Number(DIGIT_ORDINAL.exec(token.text)?.[1]) : NaN;
    if (!Number.isNaN(ordinal)) return ordinal >= 1 && ordinal <= 31 ? { day: ordinal, next: index + 1 } : undefined;
    if (token?.kind !== 'number' || !Number.isInteger(token.value) || (token.value ?? 0) < 1 || (token.value ?? 0) > 31 || /[^0-9]/.test(token.text)) return undefined;
    const suffix = this.word(index + 1);
    return { day: token.value ?? 1, next: ['st', 'nd', 'rd', 'th'].includes(suffix) ? index + 2 : index + 1 };
  }

  private isoDate(index: number): Point | undefined {
    const token = this.tokens[index];
    if (token?.kind !== 'date') return undefined;
    if (token.text.length === 7) {
      const [year, month] = token.text.split('-').map(Number);
      if (month < 1 || month > 12) return undefined;
      const start = iso(year, month);
      return { start, end: addMonths(start, 1), label: `${monthTitle(month)} ${year}`, takesIn: true, grain: 'month', next: index + 1 };
    }
    const start = token.text;
    if (Number.isNaN(Date.parse(`${start}T00:00:00Z`))) return undefined;
    return { start, end: addDays(start, 1), label: start, takesIn: true, grain: 'day', next: index + 1 };
  }

  /** FY2024, "fiscal year 2024": read as the calendar year, and said so. */
  private fiscal(index: number): Point | undefined {
    const word = this.word(index);
    let next = index + 1;
    let year: number | undefined;
    const glued = /^fy(\d{2}|\d{4})$/.exec(word);
    if (glued) year = glued[1].length === 2 ? 2000 + Number(glued[1]) : Number(glued[1]);
    else if (word === 'fy' || word === 'fiscal') {
      if (this.word(next) === 'year') next += 1;
      year = this.yearValue(next, true);
      if (year !== undefined) next += 1;
    }
    if (year === undefined) return undefined;
    return {
      start: iso(year, 1), end: iso(year + 1, 1), label: `fiscal year ${year}`, takesIn: true, grain: 'year', next,
      assumption: `Fiscal year ${year} is taken as the calendar year ${year}.`,
    };
  }

  private year(index: number): Point | undefined {
    let start = index;
    if (this.word(index) === 'year' && this.yearValue(index + 1, true) !== undefined) start = index + 1;
    const year = this.yearValue(start, start !== index);
    if (year === undefined) return undefined;
    return { start: iso(year, 1), end: iso(year + 1, 1), label: String(year), takesIn: true, grain: 'year', next: start + 1 };
  }

  /** A four-digit year, unless the words before it make it a number ("over 2000", "order 2024"). */
  private yearValue(index: number, trustedHere = false): number | undefined {
    const trusted = trustedHere || this.trusting;
    const token = this.tokens[index];
    if (token?.kind !== 'number' || !/^\d{4}$/.test(token.text)) return undefined;
    const value = token.value ?? 0;
    if (value < 1900 || value > 2100) return undefined;
    if (trusted) return value;
    // "cancelled subscriptions 2024 versus 2025": a number compared with a year is a year.
    const next = this.word(index + 1);
    if (['vs', 'versus', 'compared'].includes(next)) return value;
    const previous = this.tokens[index - 1];
    if (previous && YEAR_BLOCKERS.has(previous.lower)) return undefined;
    // "between 1000 and 2000": the second number of a numeric range is not a year either.
    if (previous && ['and', 'to', '-'].includes(previous.lower) && this.tokens[index - 2]?.kind === 'number'
      && ['between', 'from'].includes(this.word(index - 3))) return undefined;
    if (previous && previous.kind === 'word' && this.options.isEntityWord?.(previous.lemma) && !LEAD_INS.has(this.word(index - 2))) return undefined;
    return value;
  }
}
