/**
 * Chooses the figure that fits the result: one value → kpi, time → line, a category → bar (or
 * pie for a few parts of a whole), rows without measures → table.
 */
import type { AnswerInput, Figure } from './answer.ts';
import { cleanText, toNumber } from './format-value.ts';
import { periodPhrase } from './period-phrase.ts';
import { classifyResult, type ResultShape } from './result-shape.ts';
import type { ColumnInfo } from './result-columns.ts';
import { barSpec, kpiSpec, lineSpec, pieSpec, tableSpec } from './figure-specs.ts';
import { lowerFirst, name, plural, withPhrase } from './text-words.ts';

type Row = readonly unknown[];

/** A pie has at most this many slices; more read better as bars. */
export const PIE_MAX_SLICES = 6;
/** Bar charts show at most this many categories: the largest ones. */
export const BAR_MAX_CATEGORIES = 50;

/** The figure for an answer, or undefined when there is nothing to draw (no rows). */
export function chooseFigure(input: AnswerInput): Figure | undefined {
  const { shape, columns } = classifyResult(input.query, input.result);
  const { rows } = input.result;
  const period = periodPhrase(input.query);
  const first = rows[0];
  if (shape.kind === 'empty' || first === undefined) return undefined;

  if (shape.kind === 'single') {
    const title = shape.measures.length === 1 ? withPhrase(shape.measures[0]?.label ?? '', period) : withPhrase('Summary', period);
    return { kind: 'kpi', title, vegaLite: kpiSpec(title, first, shape.measures) };
  }
  if (rows.length === 1 && (shape.kind === 'time-series' || shape.kind === 'ranking' || shape.kind === 'breakdown')) {
    const dimensions = columns.filter((column) => column.role === 'dimension');
    const title = withPhrase(shape.measure.label, period);
    const subtitle = dimensions.map((dimension) => `${dimension.label}: ${name(first, dimension)}`).join(' · ');
    return { kind: 'kpi', title, vegaLite: kpiSpec(title, first, [shape.measure], subtitle) };
  }
  switch (shape.kind) {
    case 'time-series': {
      const by = shape.series === undefined ? lowerFirst(shape.time.label) : `${lowerFirst(shape.time.label)} and ${lowerFirst(shape.series.label)}`;
      const title = withPhrase(`${shape.measure.label} by ${by}`, period);
      return { kind: 'line', title, vegaLite: lineSpec(title, rows, shape.time, shape.measure, shape.series) };
    }
    case 'ranking': {
      const noun = plural(lowerFirst(shape.category.label), rows.length);
      const which = shape.direction === 'desc' ? 'Top' : 'Bottom';
      const title = withPhrase(`${which} ${rows.length} ${noun} by ${lowerFirst(shape.measure.label)}`, period);
      return { kind: 'bar', title, vegaLite: barSpec({ title, rows, category: shape.category, measure: shape.measure, sort: shape.direction }) };
    }
    case 'breakdown':
      return breakdownFigure(input, shape, period);
    case 'list':
    case 'grid':
      return tableFigure(input, shape.columns);
  }
}

function breakdownFigure(input: AnswerInput, shape: Extract<ResultShape, { kind: 'breakdown' }>, period: string): Figure {
  const { rows } = input.result;
  const { category, measure, series } = shape;
  const by = series === undefined ? lowerFirst(category.label) : `${lowerFirst(category.label)} and ${lowerFirst(series.label)}`;
  const title = withPhrase(`${measure.label} by ${by}`, period);
  if (series === undefined && isPieEligible(input, rows, measure)) {
    return { kind: 'pie', title, vegaLite: pieSpec(title, rows, category, measure) };
  }
  const [firstOrder] = input.query.order;
  const orderedByCategory = firstOrder !== undefined && firstOrder.id === category.name;
  let shown = rows;
  let shownTitle = title;
  if (series === undefined && rows.length > BAR_MAX_CATEGORIES) {
    shown = largest(rows, measure, BAR_MAX_CATEGORIES);
    shownTitle = `${title} (largest ${BAR_MAX_CATEGORIES} of ${rows.length})`;
  }
  const sort = orderedByCategory ? 'none' : 'desc';
  return { kind: 'bar', title: shownTitle, vegaLite: barSpec({ title: shownTitle, rows: shown, category, measure, sort, ...(series === undefined ? {} : { series }) }) };
}

/**
 * A pie only for a few parts of a whole: at most six categories of a sum or a count, no
 * negative or missing values, and no limit (a limited result is not the whole).
 */
export function isPieEligible(input: AnswerInput, rows: readonly Row[], measure: ColumnInfo): boolean {
  if (input.query.limit !== undefined || input.result.truncated) return false;
  if (rows.length < 2 || rows.length > PIE_MAX_SLICES) return false;
  if (measure.aggregate !== 'sum' && measure.aggregate !== 'count') return false;
  let total = 0;
  for (const row of rows) {
    const value = toNumber(row[measure.index]);
    if (value === undefined || value < 0) return false;
    total += value;
  }
  return total > 0;
}

function largest(rows: readonly Row[], measure: ColumnInfo, count: number): Row[] {
  const value = (row: Row): number => toNumber(row[measure.index]) ?? Number.NEGATIVE_INFINITY;
  return [...rows].sort((left, right) => value(right) - value(left)).slice(0, count);
}

function tableFigure(input: AnswerInput, columns: readonly ColumnInfo[]): Figure {
  const title = cleanText(input.question, 80) || 'Result';
  return { kind: 'table', title, vegaLite: tableSpec(title, input.result.rows, columns, input.result.rows.length) };
}
