/**
 * Chooses the figure that fits the result: one value → kpi, time → line (bars for up to three
 * periods), a category → bar (or pie for a few parts of a whole), rows without measures → table.
 */
import type { AnswerInput, Figure } from './answer.ts';
import { cleanText, toNumber } from './format-value.ts';
import { scopePhrase } from './scope-phrase.ts';
import { classifyResult, type ResultShape } from './result-shape.ts';
import type { ColumnInfo } from './result-columns.ts';
import { answerTitle } from './answer-title.ts';
import { barSpec, kpiSpec, lineSpec, periodBarSpec, pieSpec, tableSpec } from './figure-specs.ts';
import { sortByTime } from './text-time-series.ts';
import { lowerFirst, name, plural, withPhrase } from './text-words.ts';

type Row = readonly unknown[];

/** A pie has at most this many slices; more read better as bars. */
export const PIE_MAX_SLICES = 6;
/** No pie when one slice is more than this share of the whole: the others could not be read. */
export const PIE_MAX_SHARE = 0.8;
/** A time series of at most this many periods is drawn as bars, not a line. */
export const PERIOD_BARS_MAX = 3;
/** Bar charts show at most this many categories: the largest ones. */
export const BAR_MAX_CATEGORIES = 50;
/** Lines (or stacks) per chart at most: the series values with the largest totals. */
export const MAX_SERIES = 10;

/** The figure for an answer, or undefined when there is nothing to draw (no rows). */
export function chooseFigure(input: AnswerInput): Figure | undefined {
  const classified = classifyResult(input.query, input.result);
  const { shape, columns, rows } = classified;
  const period = scopePhrase(input);
  const first = rows[0];
  if (shape.kind === 'empty' || first === undefined) return undefined;
  const title = answerTitle(input, classified);

  if (shape.kind === 'single') return { kind: 'kpi', title, vegaLite: kpiSpec(title, first, shape.measures) };
  if (rows.length === 1 && (shape.kind === 'time-series' || shape.kind === 'ranking' || shape.kind === 'breakdown')) {
    const dimensions = columns.filter((column) => column.role === 'dimension');
    const measureTitle = withPhrase(shape.measure.label, period);
    const subtitle = dimensions.map((dimension) => `${dimension.label}: ${name(first, dimension)}`).join(' · ');
    return { kind: 'kpi', title: measureTitle, vegaLite: kpiSpec(measureTitle, first, [shape.measure], subtitle) };
  }
  switch (shape.kind) {
    case 'time-series': {
      const { time, measure, series } = shape;
      const limited = series === undefined ? { rows, note: '' } : largestSeries(rows, series, measure);
      const noted = title + limited.note;
      // A line through two or three points claims a trend that a few bars only compare.
      if (distinctPeriods(rows, time) <= PERIOD_BARS_MAX) {
        return { kind: 'bar', title: noted, vegaLite: periodBarSpec(noted, sortByTime(limited.rows, time), time, measure, series) };
      }
      return { kind: 'line', title: noted, vegaLite: lineSpec(noted, limited.rows, time, measure, series) };
    }
    case 'ranking':
      return { kind: 'bar', title, vegaLite: barSpec({ title, rows, category: shape.category, measure: shape.measure, sort: shape.direction }) };
    case 'breakdown':
      return breakdownFigure(input, shape, rows, title);
    case 'list':
    case 'grid':
      return tableFigure(input, shape.columns, rows);
  }
}

function breakdownFigure(input: AnswerInput, shape: Extract<ResultShape, { kind: 'breakdown' }>, rows: readonly Row[], title: string): Figure {
  const { category, measure, series } = shape;
  if (series === undefined && isPieEligible(input, rows, measure)) {
    return { kind: 'pie', title, vegaLite: pieSpec(title, rows, category, measure) };
  }
  const [firstOrder] = input.query.order;
  const orderedByCategory = firstOrder !== undefined && firstOrder.id === category.name;
  let shown: readonly Row[] = rows;
  let shownTitle = title;
  if (series !== undefined) {
    const limited = largestSeries(rows, series, measure);
    shown = limited.rows;
    shownTitle = title + limited.note;
  } else if (rows.length > BAR_MAX_CATEGORIES) {
    shown = largest(rows, measure, BAR_MAX_CATEGORIES);
    shownTitle = `${title} (largest ${BAR_MAX_CATEGORIES} of ${rows.length})`;
  }
  const sort = orderedByCategory ? 'none' : 'desc';
  return { kind: 'bar', title: shownTitle, vegaLite: barSpec({ title: shownTitle, rows: shown, category, measure, sort, ...(series === undefined ? {} : { series }) }) };
}

/**
 * A pie only for a few parts of a whole: at most six categories of a sum or a count, no
 * negative or missing values, no slice over 80 % of the whole, and no limit (a limited result is
 * not the whole).
 */
export function isPieEligible(input: AnswerInput, rows: readonly Row[], measure: ColumnInfo): boolean {
  if (input.query.limit !== undefined || input.result.truncated) return false;
  if (rows.length < 2 || rows.length > PIE_MAX_SLICES) return false;
  if (measure.aggregate !== 'sum' && measure.aggregate !== 'count') return false;
  let total = 0;
  let largestSlice = 0;
  for (const row of rows) {
    const value = toNumber(row[measure.index]);
    if (value === undefined || value < 0) return false;
    total += value;
    largestSlice = Math.max(largestSlice, value);
  }
  return total > 0 && largestSlice / total <= PIE_MAX_SHARE;
}

function distinctPeriods(rows: readonly Row[], time: ColumnInfo): number {
  return new Set(rows.map((row) => String(row[time.index]))).size;
}

function largest(rows: readonly Row[], measure: ColumnInfo, count: number): Row[] {
  const value = (row: Row): number => toNumber(row[measure.index]) ?? Number.NEGATIVE_INFINITY;
  return [...rows].sort((left, right) => value(right) - value(left)).slice(0, count);
}

/**
 * Keeps the rows of the series values with the largest totals, so that a line or stacked bar
 * chart split by many values (200 customers) stays readable; the title says what was kept.
 */
function largestSeries(rows: readonly Row[], series: ColumnInfo, measure: ColumnInfo): { rows: readonly Row[]; note: string } {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = name(row, series);
    totals.set(key, (totals.get(key) ?? 0) + (toNumber(row[measure.index]) ?? 0));
  }
  if (totals.size <= MAX_SERIES) return { rows, note: '' };
  const kept = new Set([...totals.entries()].sort((left, right) => right[1] - left[1]).slice(0, MAX_SERIES).map(([key]) => key));
  const note = ` (largest ${MAX_SERIES} of ${totals.size} ${plural(lowerFirst(series.label))})`;
  return { rows: rows.filter((row) => kept.has(name(row, series))), note };
}

function tableFigure(input: AnswerInput, columns: readonly ColumnInfo[], rows: readonly Row[]): Figure {
  const title = cleanText(input.question, 80) || 'Result';
  return { kind: 'table', title, vegaLite: tableSpec(title, rows, columns, rows.length) };
}
