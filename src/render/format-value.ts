/**
 * Human formatting of single values for sentences, labels and email tables. Table cells in the
 * JSON answer stay exact; only what people read is rounded here.
 *
 * English (en-US) separators throughout, because the sentences around the numbers are English.
 */
import { isCurrency, type Aggregate, type TimeGrain } from '../query/logical-query.ts';
import type { ValueType } from '../connectors/catalog.ts';

/** What a formatter needs to know about the column a value came from. */
export interface ValueFormat {
  readonly type: ValueType;
  /** Currency code (`EUR`), `%`, or a free unit such as `days`. */
  readonly unit?: string;
  readonly aggregate?: Aggregate;
  readonly grain?: TimeGrain;
}

/** Shown for SQL NULL in sentences and tables. */
export const NO_VALUE = '(none)';

const PERCENT_UNITS = new Set(['%', 'percent', 'pct']);
const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

export function isPercent(unit: string | undefined): boolean {
  return unit !== undefined && PERCENT_UNITS.has(unit.toLowerCase());
}

/** A share of a whole: a measure in percent, or a ratio without a unit (a plain fraction). */
export function isShare(format: Pick<ValueFormat, 'unit' | 'aggregate'>): boolean {
  return isPercent(format.unit) || (format.aggregate === 'ratio' && format.unit === undefined);
}

/** A share as the fraction it stands for (12.5 % → 0.125), the form Intl and d3 format as percent. */
export function shareFraction(value: number, format: Pick<ValueFormat, 'unit'>): number {
  return isPercent(format.unit) ? value / 100 : value;
}

/** Counts and integer columns without a unit are shown as whole numbers. */
export function isCount(format: ValueFormat): boolean {
  if (format.aggregate === 'count' || format.aggregate === 'count_distinct') return true;
  return format.type === 'integer' && format.unit === undefined && format.aggregate !== 'avg';
}

export function isTemporalType(type: ValueType): boolean {
  return type === 'date' || type === 'timestamp';
}

/** Numbers may arrive as numeric strings (exact decimals) or bigints; both are shown as numbers. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}

/** 1,234,567.89 · €1,234,567.89 · 12.5% (a percent or a ratio) · 1,234 · 3.5 days */
export function formatNumber(value: number, format: Pick<ValueFormat, 'type' | 'unit' | 'aggregate'>): string {
  const { unit } = format;
  if (isCurrency(unit)) {
    return numberFormat(`currency:${unit}`, { style: 'currency', currency: unit }).format(value);
  }
  if (isShare(format)) {
    return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(shareFraction(value, format));
  }
  const text = isCount({ ...format, unit })
    ? numberFormat('integer', { maximumFractionDigits: 0 }).format(value)
    : formatPlainNumber(value);
  return unit === undefined || unit === '' ? text : `${text} ${unit}`;
}

function formatPlainNumber(value: number): string {
  // Small fractions keep three significant digits, so 0.00123 does not read as 0.
  if (value !== 0 && Math.abs(value) < 1) {
    return numberFormat('small', { maximumSignificantDigits: 3 }).format(value);
  }
  return numberFormat('decimal', { maximumFractionDigits: 2 }).format(value);
}

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i;

/**
 * Parses an ISO date or timestamp as stored. A value without a zone is read as UTC, so that the
 * same stored value gives the same label on every server, whatever its time zone.
 */
export function parseIsoDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value.trim());
  if (match === null) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', fraction = '0', zone] = match;
  const millis = Math.round(Number(`0.${fraction}`) * 1000);
  let time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), millis);
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    time -= sign * offsetMinutes * 60_000;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** 2024-03-05 (UTC). */
export function isoDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function monthName(monthIndex: number): string {
  return MONTH_NAMES[monthIndex] ?? String(monthIndex + 1);
}

/** 2024 · Q3 2024 · March 2024 · week of 2024-03-04 · 2024-03-05 · 2024-03-05 14:30 */
export function formatDate(date: Date, grain?: TimeGrain): string {
  const year = date.getUTCFullYear();
  switch (grain) {
    case 'year':
      return String(year);
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`;
    case 'month':
      return `${monthName(date.getUTCMonth())} ${year}`;
    case 'week':
      return `week of ${isoDay(date)}`;
    case 'day':
      return isoDay(date);
    case undefined: {
      const hasTime = date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0 || date.getUTCSeconds() !== 0;
      return hasTime ? `${isoDay(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : isoDay(date);
    }
  }
}

/** Collapses whitespace and control characters and shortens long text, for use inside sentences. */
export function cleanText(value: string, maxLength = 80): string {
  const single = value.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  return single.length > maxLength ? `${single.slice(0, maxLength - 1).trimEnd()}…` : single;
}

/** Any result value, formatted for people according to its column. */
export function formatValue(value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (format.grain !== undefined || isTemporalType(format.type)) {
    const date = parseIsoDate(value);
    if (date !== undefined) return formatDate(date, format.grain);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (format.type === 'integer' || format.type === 'number' || format.aggregate !== undefined) {
    const number = toNumber(value);
    // A whole number that is not a measure is usually an identifier (order 1001, year 2024):
    // it reads as stored, without separators.
    if (number !== undefined && format.aggregate === undefined && format.unit === undefined && Number.isInteger(number)) return String(value);
    if (number !== undefined) return formatNumber(number, format);
  }
  if (typeof value === 'number') return formatNumber(value, format);
  if (value instanceof Date) return formatDate(value, format.grain);
  if (typeof value === 'string') return cleanText(value, 200);
  return cleanText(JSON.stringify(value) ?? String(value), 200);
}
