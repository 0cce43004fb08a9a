/**
 * The text answer: one or a few plain sentences that answer with the numbers. The sentence
 * follows the result's shape (see result-shape.ts); the numbers are formatted for people.
 */
import type { AnswerInput, TextAnswer } from './answer.ts';
import { formatNumber, parseIsoDate, toNumber } from './format-value.ts';
import { dayInWords, timePointInWords } from './date-words.ts';
import { addBuckets, bucketStart, today } from '../engine/question/calendar.ts';
import type { TimeGrain } from '../query/logical-query.ts';
import { scopePhrase } from './scope-phrase.ts';
import { classifyResult, type ResultShape } from './result-shape.ts';
import type { ColumnInfo } from './result-columns.ts';
import { describeTimeSeries } from './text-time-series.ts';
import { cell, joinList, lowerFirst, name, plural, sentence, upperFirst, wasOrWere, withPhrase } from './text-words.ts';

type Row = readonly unknown[];

/** Names listed in a sentence before "and N more". */
const LISTED_NAMES = 10;
/** A breakdown with at most this many groups names them all. */
const NAMED_GROUPS = 6;
/** List rows shown in the sentence. */
const LISTED_ROWS = 3;

export function buildTextAnswer(input: AnswerInput): TextAnswer {
  return { text: answerText(input) };
}

export function answerText(input: AnswerInput): string {
  return answerSentences(input, { definitions: true }).join(' ');
}

export interface SentenceOptions {
  /**
   * State each business metric's definition after the number. A text answer must, since it is
   * all the caller gets; an email states them where it says how the question was read.
   */
  readonly definitions: boolean;
}

/** The answer's sentences, the one that answers first. */
export function answerSentences(input: AnswerInput, options: SentenceOptions): string[] {
  const { shape, columns, rows } = classifyResult(input.query, input.result);
  const period = scopePhrase(input);
  const sentences = [describeShape(shape, columns, rows, input, period), ...partialBuckets(columns, rows, input.answeredAt), ...partialPeriodColumns(input)];
  // A metric's number means what its definition says ("revenue of orders not cancelled"): say it.
  if (options.definitions) sentences.push(...(input.definitions ?? []));
  if (input.result.truncated) {
    sentences.push(`The result was cut at ${formatCount(input.result.rows.length)} rows, so it is incomplete.`);
  }
  return sentences.map((text) => sentence(upperFirst(text)));
}

function describeShape(shape: ResultShape, columns: readonly ColumnInfo[], rows: readonly Row[], input: AnswerInput, period: string): string {
  switch (shape.kind) {
    case 'empty':
      return describeEmpty(input.interpretation);
    case 'single':
      return describeSingle(rows[0] ?? [], shape.measures, period);
    case 'ranking':
      return describeRanking(rows, shape.category, shape.measure, shape.direction, period);
    case 'breakdown':
      return shape.series === undefined
        ? describeBreakdown(rows, input.result.truncated, shape.category, shape.measure, period)
        : describeCombinations(rows, [shape.category, shape.series], shape.measure, period);
    case 'time-series':
      return shape.series === undefined
        ? describeTimeSeries(rows, shape.time, shape.measure)
        : describeCombinations(rows, [shape.time, shape.series], shape.measure, period);
    case 'list':
      return describeList(rows, shape.columns, input.result.truncated, period);
    case 'grid': {
      const dimensions = columns.filter((column) => column.role === 'dimension');
      const measure = columns.find((column) => column.role === 'measure');
      return measure === undefined ? describeList(rows, columns, input.result.truncated, period) : describeCombinations(rows, dimensions, measure, period);
    }
  }
}

/**
 * A time bucket still in progress when the answer was computed (this month, this year) holds part
 * of its period: "November 2026 is counted up to 24 Nov 2026, so it is not complete."
 */
function partialBuckets(columns: readonly ColumnInfo[], rows: readonly Row[], answeredAt: Date): string[] {
  const notes: string[] = [];
  for (const column of columns) {
    if (column.role !== 'dimension' || column.grain === undefined || column.grain === 'day') continue;
    const current = bucketStart(today(answeredAt), column.grain);
    const inProgress = rows.find((row) => parseIsoDate(row[column.index])?.toISOString().slice(0, 10) === current);
    if (inProgress !== undefined) notes.push(notComplete(timePointInWords(inProgress[column.index], column), answeredAt));
  }
  return notes;
}

/** The same for a period spread into columns ("revenue this year vs last year"): the column of the period in progress. */
function partialPeriodColumns(input: AnswerInput): string[] {
  const current = (grain: TimeGrain) => bucketStart(today(input.answeredAt), grain);
  return input.query.measures.filter((measure) => {
    const from = measure.where?.find((filter) => filter.op === 'gte')?.values[0];
    const to = measure.where?.find((filter) => filter.op === 'lt')?.values[0];
    return PARTIAL_GRAINS.some((grain) => from === current(grain) && to === addBuckets(current(grain), grain, 1));
  }).map((measure) => notComplete(measure.label, input.answeredAt));
}

function notComplete(what: string, answeredAt: Date): string {
  return `${what} is counted up to ${dayInWords(answeredAt)}, so it is not complete`;
}

const PARTIAL_GRAINS: readonly TimeGrain[] = ['year', 'quarter', 'month', 'week'];

function formatCount(count: number): string {
  return formatNumber(count, { type: 'integer', aggregate: 'count' });
}

function describeEmpty(interpretation: string): string {
  const lookedFor = interpretation.trim();
  return lookedFor === '' ? 'No data matched the question.' : `No data matched the question. Looked for: ${sentence(lookedFor)}`;
}

/** "Total revenue in 2024 was €1,234,567.89." / "In 2024: orders 12, revenue €5.00." */
function describeSingle(row: Row, measures: readonly ColumnInfo[], period: string): string {
  const [only] = measures;
  if (measures.length === 1 && only !== undefined) {
    const subject = withPhrase(only.label, period);
    return row[only.index] === null || row[only.index] === undefined
      ? `${subject}: no value, as no rows matched`
      : `${subject} ${wasOrWere(only.label)} ${cell(row, only)}`;
  }
  const parts = measures.map((measure) => `${lowerFirst(measure.label)} ${cell(row, measure)}`);
  return period === '' ? upperFirst(parts.join(', ')) : `${upperFirst(period)}: ${parts.join(', ')}`;
}

/** "Top 5 customers by revenue in 2024: Acme (€120,000.00), Globex (€90,000.00), …" */
function describeRanking(rows: readonly Row[], category: ColumnInfo, measure: ColumnInfo, direction: 'asc' | 'desc', period: string): string {
  const which = direction === 'desc' ? 'Top' : 'Bottom';
  const count = rows.length;
  const noun = plural(lowerFirst(category.label), count);
  const head = withPhrase(`${which} ${count === 1 ? '' : `${formatCount(count)} `}${noun} by ${lowerFirst(measure.label)}`, period);
  return `${head}: ${namedValues(rows, category, measure)}`;
}

/** "A (v), B (v), C (v)", at most LISTED_NAMES, then "and N more". */
function namedValues(rows: readonly Row[], category: ColumnInfo, measure: ColumnInfo): string {
  const named = rows.slice(0, LISTED_NAMES).map((row) => `${name(row, category)} (${cell(row, measure)})`);
  const rest = rows.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${formatCount(rest)} more` : joinList(named);
}

/** Highest and lowest rows by a measure, skipping empty values. */
export function extremes(rows: readonly Row[], measure: ColumnInfo): { highest: Row; lowest: Row } | undefined {
  let highest: Row | undefined;
  let lowest: Row | undefined;
  for (const row of rows) {
    const value = toNumber(row[measure.index]);
    if (value === undefined) continue;
    if (highest === undefined || value > (toNumber(highest[measure.index]) ?? -Infinity)) highest = row;
    if (lowest === undefined || value < (toNumber(lowest[measure.index]) ?? Infinity)) lowest = row;
  }
  return highest === undefined || lowest === undefined ? undefined : { highest, lowest };
}

/** Sums and counts add up to a whole; averages, minimums and maximums do not. */
export function isAdditive(measure: ColumnInfo): boolean {
  return measure.aggregate === 'sum' || measure.aggregate === 'count';
}

/** "Revenue by region in 2024: North (€…), South (€…). Together €…" or highest/lowest of many. */
function describeBreakdown(rows: readonly Row[], truncated: boolean, category: ColumnInfo, measure: ColumnInfo, period: string): string {
  const head = withPhrase(`${measure.label} by ${lowerFirst(category.label)}`, period);
  let text: string;
  if (rows.length <= NAMED_GROUPS) {
    text = `${head}: ${namedValues(rows, category, measure)}`;
  } else {
    const groups = `${formatCount(rows.length)} ${plural(lowerFirst(category.label))}`;
    const found = extremes(rows, measure);
    text = found === undefined
      ? `${head}: ${groups}, none with a value`
      : `${head}, across ${groups}: highest ${name(found.highest, category)} (${cell(found.highest, measure)}), ` +
        `lowest ${name(found.lowest, category)} (${cell(found.lowest, measure)})`;
  }
  if (isAdditive(measure) && !truncated && rows.length > 1) {
    const total = rows.reduce((sum: number, row) => sum + (toNumber(row[measure.index]) ?? 0), 0);
    text = `${sentence(text)} Total: ${formatNumber(total, measure)}`;
  }
  return text;
}

/** Two or more dimensions: how many combinations, and the highest and lowest. */
function describeCombinations(rows: readonly Row[], dimensions: readonly ColumnInfo[], measure: ColumnInfo, period: string): string {
  const by = joinList(dimensions.map((dimension) => lowerFirst(dimension.label)));
  const head = withPhrase(`${measure.label} by ${by}`, period);
  const found = extremes(rows, measure);
  const combinations = `${formatCount(rows.length)} ${rows.length === 1 ? 'combination' : 'combinations'}`;
  if (found === undefined) return `${head}: ${combinations}, none with a value`;
  const label = (row: Row): string => dimensions.map((dimension) => name(row, dimension)).join(' / ');
  if (rows.length === 1) return `${head}: ${label(found.highest)} (${cell(found.highest, measure)})`;
  return `${head}, ${combinations}: highest ${label(found.highest)} (${cell(found.highest, measure)}), ` +
    `lowest ${label(found.lowest)} (${cell(found.lowest, measure)})`;
}

/**
 * "12 countries: Austria, Belgium, …" or "23 rows (order, customer); the first 3: …", with the
 * conditions and period the rows were picked by ("28 names with orders … and without any …: …").
 */
function describeList(rows: readonly Row[], columns: readonly ColumnInfo[], truncated: boolean, scope: string): string {
  const [only] = columns;
  const count = `${truncated ? 'more than ' : ''}${formatCount(rows.length)}`;
  if (columns.length === 1 && only !== undefined) {
    const names = rows.slice(0, LISTED_NAMES).map((row) => name(row, only));
    const rest = rows.length - names.length;
    const listed = rest > 0 ? `${names.join(', ')} and ${formatCount(rest)} more` : joinList(names);
    return `${withPhrase(`${upperFirst(count)} ${plural(lowerFirst(only.label), rows.length)}`, scope)}: ${listed}`;
  }
  const labels = columns.map((column) => lowerFirst(column.label)).join(', ');
  const head = withPhrase(`The list has ${count} ${rows.length === 1 ? 'row' : 'rows'} (${labels})`, scope);
  const shown = rows.slice(0, LISTED_ROWS).map((row) => columns.map((column) => name(row, column)).join(' · '));
  if (rows.length === 1) return `${head}: ${shown[0] ?? ''}`;
  return `${head}; the first ${formatCount(shown.length)}: ${shown.join('; ')}`;
}
