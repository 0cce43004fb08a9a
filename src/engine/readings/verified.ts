/**
 * Verified questions: questions of the semantic layer whose answer the data owner has checked (the
 * samples ship theirs; a test checks each one's rows against hand-written SQL). They vouch for a
 * reading, not for a wording: a question whose best reading is a verified question's reading gives
 * the same rows, so it is answered even when the confidence model, fitted on schemas without a
 * semantic layer, would decline it; so is the same reading asked of another period, at another time
 * grain or for another number of rows, or over any period of its metric's own date (vouchedShape).
 * Each is read on the day it is asked about.
 */
import type { Catalog, ColumnValues } from '../../connectors/catalog.ts';
import { knowledgeCache } from '../knowledge-cache.ts';
import { droppedWords } from './decide.ts';
import { stableKey, type Candidate } from './enumerate.ts';
import type { Model } from './model.ts';
import { isLayerReading, isLayerReadingWithSegment, isSegmentReading, layerQuestions, segmentQuestions, type LayerQuestion } from './layer-questions.ts';
import { schemaIndexOf } from '../schema/schema-index.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from './read-question.ts';
import type { Reading } from './reading.ts';
import type { Token } from '../question/tokens.ts';

/** A verified question, under the shape of its reading (see vouchedShape), with that reading's core. */
export interface VerifiedQuestion {
  readonly question: string;
  readonly core: string;
  /** Vouched by the semantic layer's own definition of a metric or a segment, not by a question the owner checked (see layerQuestions, segmentQuestions). */
  readonly layer?: 'metric' | 'segment';
  /** Columns grouped by that the question must say with their table's noun ("supplier country"; see layerQuestions). */
  readonly saidWith?: readonly { readonly entity: string; readonly column: string; readonly words: readonly string[] }[];
}

/** …and, where the layer defines metrics, whether it vouches for a reading of one over a segment (see isLayerReadingWithSegment). */
export type VerifiedReadings = ReadonlyMap<string, VerifiedQuestion> & { readonly withSegment?: (reading: Reading) => VerifiedQuestion | undefined };

const NONE: VerifiedReadings = new Map();

const byDay = knowledgeCache<{ day: string; readings: VerifiedReadings }>();

export function verifiedReadings(catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): VerifiedReadings {
  const questions = catalog.verifiedQuestions ?? [];
  if (questions.length === 0 && !catalog.entities.some((entity) => (entity.metrics ?? []).length > 0 || (entity.segments ?? []).length > 0)) return NONE;
  const day = now.toISOString().slice(0, 10);
  const known = byDay(catalog, values, model, () => ({ day: '', readings: NONE }));
  if (known.day === day) return known.readings;
  const readings = new Map<string, VerifiedQuestion>();
  for (const question of questions) {
    const reading = verifiedReading(question, catalog, values, model, now);
    if (!reading) continue;
    for (const shape of [vouchedShape(reading), shapeOverAllTime(reading)]) {
      if (shape !== undefined && !readings.has(shape)) readings.set(shape, { question, core: reading.core });
    }
  }
  const confirmed: LayerQuestion[] = [];
  for (const layer of layerQuestions(catalog, values)) {
    const reading = verifiedReading(layer.question, catalog, values, model, now);
    if (!reading || !isLayerReading(reading.reading, layer)) continue;
    if (ownersOf(layer.groups).length === 0) confirmed.push(layer);
    const shape = vouchedShape(reading);
    const saidWith = ownersOf(layer.groups);
    if (!readings.has(shape)) readings.set(shape, { question: layer.question, core: reading.core, layer: 'metric', ...(saidWith.length > 0 ? { saidWith } : {}) });
  }
  for (const segment of segmentQuestions(catalog, values)) {
    const reading = verifiedReading(segment.question, catalog, values, model, now);
    if (!reading || !isSegmentReading(reading.reading, segment)) continue;
    const shape = vouchedShape(reading);
    const saidWith = ownersOf(segment.group ? [segment.group] : []);
    if (!readings.has(shape)) readings.set(shape, { question: segment.question, core: reading.core, layer: 'segment', ...(saidWith.length > 0 ? { saidWith } : {}) });
  }
  const schema = schemaIndexOf(catalog);
  const withSegment = (reading: Reading): VerifiedQuestion | undefined => {
    const layer = confirmed.find((each) => isLayerReadingWithSegment(reading, each, schema));
    return layer && { question: layer.question, core: '', layer: 'metric' };
  };
  Object.assign(known, { day, readings: Object.assign(readings, { withSegment }) });
  return readings;
}

/**
 * What a verified question vouches for: its reading's measures, groups, joins, columns and
 * conditions, whatever the dates of its period, whether or where it cuts the rows, which way it
 * sorts them, and any period on the date its metric is dated by (the semantic layer's own date for
 * it). "Bottom 5 products by revenue" is "top 5 products by revenue" sorted the other way; "monthly revenue in
 * 2025" is "revenue by month this year" asked of another year; "top 5 customers by revenue" is "top
 * 10 customers by revenue" cut shorter, "revenue by customer" the same uncut, and "top 5 customers
 * by revenue last quarter" the same over one quarter of the order date; "revenue by year" is "revenue
 * by month this year" at another grain and over all dates. A period on another date
 * ("customers who joined last quarter") stays in the shape. The core is canonical JSON (sorted
 * keys), so dates and the limit are found as such.
 */
export function vouchedShape(candidate: Pick<Candidate, 'core' | 'reading'>): string {
  const dates = candidate.reading.outputs.flatMap((output) => (output.kind === 'measure' && output.metric?.time ? [output.metric.time] : []));
  let core = candidate.core;
  if (dates.length > 0) {
    const query = JSON.parse(core) as { filters: { expression: { kind: string; entity?: string; column?: string }; values: unknown[]; or?: unknown }[] };
    const onMetricDate = (filter: (typeof query.filters)[number]) => filter.expression.kind === 'field' && filter.or === undefined
      && dates.some((date) => date.entity === filter.expression.entity && date.column === filter.expression.column)
      && filter.values.length > 0 && filter.values.every((value) => typeof value === 'string' && ISO_DATE.test(value));
    core = JSON.stringify({ ...query, filters: query.filters.filter((filter) => !onMetricDate(filter)) });
  }
  return core.replace(/"\d{4}-\d{2}-\d{2}(?:T[^"]*)?"/g, '"<date>"').replace(/"limit":\d+,/g, '').replace(/,"limit":\d+/g, '').replace(/"direction":"(?:asc|desc)"/g, '"direction":"<either>"')
    .replace(/"grain":"[a-z]+"/g, '"grain":"<grain>"').replace(/"id":"([^"]+)_(?:day|week|month|quarter|year)"/g, '"id":"$1_<grain>"');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * "which customers have not ordered in the last 6 months?" also vouches for "customers who never
 * ordered": the rows with (or without) related rows in a period are those rows over all time when no
 * period is said. The shape without the related rows' periods; undefined when they have none.
 */
function shapeOverAllTime(candidate: Pick<Candidate, 'core' | 'reading'>): string | undefined {
  const query = JSON.parse(candidate.core) as { related?: { filters: { values: unknown[] }[] }[] };
  const dated = (filter: { values: unknown[] }) => filter.values.length > 0 && filter.values.every((value) => typeof value === 'string' && ISO_DATE.test(value));
  if (!(query.related ?? []).some((related) => related.filters.some(dated))) return undefined;
  const related = (query.related ?? []).map((each) => ({ ...each, filters: each.filters.filter((filter) => !dated(filter)) }));
  return vouchedShape({ reading: candidate.reading, core: stableKey({ ...query, related }) });
}

/**
 * "categories with revenue above 1,000,000", "agents with more than 50 solved tickets": a reading
 * with groups kept or cut by a number said of its one measure. The cut picks among the rows the reading without it gives, so it
 * vouches for the shape without the cut (undefined when the reading has no such cut, or another).
 */
export function shapeWithoutCut(candidate: Pick<Candidate, 'core' | 'reading'>): string | undefined {
  const { having, outputs } = candidate.reading;
  const measures = outputs.filter((output) => output.kind === 'measure');
  const [measure] = measures;
  const same = (other: typeof measure) => other.kind === 'measure' && measure.kind === 'measure' && other.aggregate === measure.aggregate && other.entity === measure.entity
    && other.column === measure.column && other.metric === measure.metric && other.per === undefined && measure.per === undefined;
  if (measures.length !== 1 || having.length === 0 || !having.every((cut) => same(cut.measure) && cut.against === undefined && cut.values.length > 0)) return undefined;
  const query = JSON.parse(candidate.core) as Record<string, unknown>;
  return vouchedShape({ reading: { ...candidate.reading, having: [] }, core: stableKey({ ...query, having: [] }) });
}

function ownersOf(groups: LayerQuestion['groups']): NonNullable<VerifiedQuestion['saidWith']> {
  return groups.flatMap((group) => (group.kind === 'column' && group.owner ? [{ entity: group.entity, column: group.column, words: group.owner }] : []));
}

/** Whether a reading says each column its vouching needs said with its table's noun ("supplier country", not "country"). */
export function saysOwners(verified: VerifiedQuestion, reading: Reading, tokens: readonly Token[]): boolean {
  return (verified.saidWith ?? []).every(({ entity, column, words }) => reading.groups.some((group) => group.kind === 'column' && group.entity === entity && group.column === column
    && words.every((word) => group.tokens.some((index) => tokens[index]?.lemma === word || tokens[index]?.lower === word))));
}

/** A verified question's best reading, the one it vouches for; none when it leaves a meaningful word unread. */
export function verifiedReading(question: string, catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): Candidate | undefined {
  const { candidates, tokens } = readQuestion(question, catalog, values, model, { ...DEFAULT_READ_OPTIONS, now });
  const best = candidates[0];
  return best && droppedWords(best, tokens).length === 0 ? best : undefined;
}
