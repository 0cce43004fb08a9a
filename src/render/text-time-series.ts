/** The sentence for a measure over time: the span, the first and last values, and the peak. */
import type { TimeGrain } from '../query/logical-query.ts';
import { formatNumber, parseIsoDate, toNumber } from './format-value.ts';
import type { ColumnInfo } from './result-columns.ts';
import { cell, lowerFirst, plural, wasOrWere } from './text-words.ts';
import { timePointInWords } from './date-words.ts';

type Row = readonly unknown[];

const GRAIN_NOUNS: Record<TimeGrain, string> = { year: 'year', quarter: 'quarter', month: 'month', week: 'week', day: 'day' };

/** Rows in time order; rows whose time does not parse keep their place at the end. */
export function sortByTime(rows: readonly Row[], time: ColumnInfo): Row[] {
  const at = (row: Row): number => parseIsoDate(row[time.index])?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((left, right) => at(left) - at(right));
}

/**
 * "Revenue by month from January 2024 to December 2024 (12 months): €1,000.00 in January 2024,
 * €2,000.00 in December 2024 (+100.0%); the peak was €3,000.00 in June 2024."
 */
export function describeTimeSeries(rows: readonly Row[], time: ColumnInfo, measure: ColumnInfo): string {
  const points = sortByTime(rows, time);
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return '';
  if (points.length === 1) return `${measure.label} for ${when(first, time)} ${wasOrWere(measure.label)} ${cell(first, measure)}`;

  const noun = time.grain === undefined ? 'date' : GRAIN_NOUNS[time.grain];
  const head = `${measure.label} by ${lowerFirst(time.label)} from ${when(first, time)} to ${when(last, time)} ` +
    `(${formatNumber(points.length, { type: 'integer', aggregate: 'count' })} ${plural(noun, points.length)})`;
  const onDays = time.grain === 'day' || time.grain === undefined;
  const at = (row: Row): string => `${onDays ? 'on' : 'in'} ${time.grain === 'week' ? 'the ' : ''}${when(row, time)}`;
  const change = percentChange(toNumber(first[measure.index]), toNumber(last[measure.index]));
  let text = `${head}: ${cell(first, measure)} ${at(first)}, ` +
    `${cell(last, measure)} ${at(last)}${change === '' ? '' : ` (${change})`}`;
  const peak = peakOf(points, measure);
  if (peak !== undefined && peak !== first && peak !== last) {
    text += `; the peak was ${cell(peak, measure)} ${at(peak)}`;
  } else if (peak !== undefined) {
    text += `; the peak was ${at(peak)}`;
  }
  return text;
}

function when(row: Row, time: ColumnInfo): string {
  return timePointInWords(row[time.index], time);
}

function peakOf(rows: readonly Row[], measure: ColumnInfo): Row | undefined {
  let peak: Row | undefined;
  let peakValue = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const value = toNumber(row[measure.index]);
    if (value !== undefined && value > peakValue) {
      peak = row;
      peakValue = value;
    }
  }
  return peak;
}

/** "+12.5%" from first to last; '' when it would mislead (a zero or sign-changing start). */
function percentChange(first: number | undefined, last: number | undefined): string {
  if (first === undefined || last === undefined || first <= 0 || last < 0) return '';
  const change = ((last - first) / first) * 100;
  const text = formatNumber(Math.abs(change), { type: 'number', unit: '%' });
  return `${change >= 0 ? '+' : '-'}${text}`;
}
