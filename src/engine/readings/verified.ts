/**
 * Verified questions: questions of the semantic layer whose answer the data owner has checked (the
 * samples ship theirs; a test checks each one's rows against hand-written SQL). They vouch for a
 * reading, not for a wording: a question whose best reading is a verified question's reading gives
 * the same rows, so it is answered even when the confidence model, fitted on schemas without a
 * semantic layer, would decline it; so is the same reading asked of another period, at another time
 * grain or for another number of rows, or over any period of its metric's own date (vouchedShape).
 * Each is read on the day it is asked about; the layer's own questions about a metric or a segment,
 * the first time that day a question names it.
 */
import type { Catalog, CatalogMetric, CatalogSegment, ColumnValues } from '../../connectors/catalog.ts';
import { knowledgeCache } from '../knowledge-cache.ts';
import { droppedWords } from './decide.ts';
import { stableKey, type Candidate } from './enumerate.ts';
import type { Model } from './model.ts';
import { columnAggregateQuestions, isColumnAggregateReading, isLayerReading, isLayerReadingWithSegment, isRowCountReading, isSegmentReading, layerQuestions, rowCountQuestions, segmentQuestions, type LayerQuestion } from './layer-questions.ts';
import { schemaIndexOf } from '../schema/schema-index.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from './read-question.ts';
import type { Reading } from './reading.ts';
import type { Token } from '../question/tokens.ts';
import { EVERY_MEMBER } from './word-classes.ts';

/** A verified question, under the shape of its reading (see vouchedShape), with that reading's core. */
export interface VerifiedQuestion {
  readonly question: string;
  readonly core: string;
  /** Vouched by the semantic layer's own definition of a metric or a segment, or by its groups for a table's rows or a column, not by a question the owner checked (see layer-questions.ts). */
  readonly layer?: 'metric' | 'segment' | 'rows' | 'column';
  /** The column aggregated, which the question must say by one of its names (a column aggregate the layer vouches for). */
  readonly namedAs?: { readonly entity: string; readonly column: string; readonly names: readonly (readonly string[])[] };
  /** Columns grouped by that the question must say with their table's noun ("supplier country"; see layerQuestions). */
  readonly saidWith?: readonly { readonly entity: string; readonly column: string; readonly words: readonly string[] }[];
}

/**
 * The shapes vouched for, by the owner's verified questions (read on the day) and by the layer's own
 * questions about the metrics and segments a reading names, read the first time a question of the
 * day names them (`load`), so that a question pays only for what it asks about.
 */
export interface VerifiedReadings extends ReadonlyMap<string, VerifiedQuestion> {
  /** Reads, once a day, the layer's questions about the metrics and segments the reading names, the tables it counts and the columns it aggregates. */
  readonly load?: (reading: Reading) => void;
  /** Reads them all (what the layer vouches for, as a whole), but for column aggregates, read only as questions ask for them. */
  readonly loadAll?: () => void;
  /** Whether the layer vouches for a reading of a loaded metric over one segment (see isLayerReadingWithSegment). */
  readonly withSegment?: (reading: Reading) => VerifiedQuestion | undefined;
}

const NONE: VerifiedReadings = new Map();

const byDay = knowledgeCache<{ day: string; readings: VerifiedReadings }>();

export function verifiedReadings(catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): VerifiedReadings {
  const questions = catalog.verifiedQuestions ?? [];
  if (questions.length === 0 && !catalog.entities.some((entity) => (entity.metrics ?? []).length > 0 || (entity.segments ?? []).length > 0)) return NONE;
  const day = now.toISOString().slice(0, 10);
  const known = byDay(catalog, values, model, () => ({ day: '', readings: NONE }));
  if (known.day === day) return known.readings;
  const readings = new Map<string, VerifiedQuestion>();
  const vouch = (shape: string | undefined, question: VerifiedQuestion) => {
    if (shape !== undefined && !readings.has(shape)) readings.set(shape, question);
  };
  for (const question of questions) {
    const reading = verifiedReading(question, catalog, values, model, now);
    if (!reading) continue;
    for (const shape of [vouchedShape(reading), shapeOverAllTime(reading)]) vouch(shape, { question, core: reading.core });
  }
  const metricQuestions = layerQuestions(catalog, values);
  const segmentCounts = segmentQuestions(catalog, values);
  const loaded = new Set<CatalogMetric | CatalogSegment | string>();
  const confirmed: LayerQuestion[] = [];
  const vouchLayer = (question: string, holds: (reading: Reading) => boolean, layer: NonNullable<VerifiedQuestion['layer']>, groups: LayerQuestion['groups'], extra: Partial<VerifiedQuestion> = {}): boolean => {
    const reading = verifiedReading(question, catalog, values, model, now);
    if (!reading || !holds(reading.reading)) return false;
    const saidWith = ownersOf(groups);
    vouch(vouchedShape(reading), { question, core: reading.core, layer, ...(saidWith.length > 0 ? { saidWith } : {}), ...extra });
    return true;
  };
  const loadMetric = (metric: CatalogMetric) => {
    if (loaded.has(metric)) return;
    loaded.add(metric);
    for (const layer of metricQuestions.filter((each) => each.metric === metric)) {
      if (vouchLayer(layer.question, (reading) => isLayerReading(reading, layer), 'metric', layer.groups) && ownersOf(layer.groups).length === 0) confirmed.push(layer);
    }
  };
  const loadSegment = (segment: CatalogSegment) => {
    if (loaded.has(segment)) return;
    loaded.add(segment);
    for (const count of segmentCounts.filter((each) => each.segment === segment)) vouchLayer(count.question, (reading) => isSegmentReading(reading, count), 'segment', count.group ? [count.group] : []);
  };
  const loadRows = (entity: string) => {
    if (loaded.has(entity)) return;
    loaded.add(entity);
    for (const count of rowCountQuestions(catalog, values, entity)) vouchLayer(count.question, (reading) => isRowCountReading(reading, count), 'rows', count.group ? [count.group] : []);
  };
  const schema = schemaIndexOf(catalog);
  const loadColumn = (entity: string, column: string, aggregate: 'sum' | 'avg' | 'min' | 'max') => {
    const key = `${entity}.${column}.${aggregate}`;
    const info = schema.entityByName.get(entity)?.columnByName.get(column);
    if (loaded.has(key) || info === undefined) return;
    loaded.add(key);
    const names = [info.words, info.labelWords, info.alternativeWords, ...(info.synonymWords ?? [])].filter((words): words is readonly string[] => words !== undefined && words.length > 0);
    for (const question of columnAggregateQuestions(catalog, values, entity, column, aggregate)) {
      vouchLayer(question.question, (reading) => isColumnAggregateReading(reading, question), 'column', question.group ? [question.group] : [], { namedAs: { entity, column, names } });
    }
  };
  const load = (reading: Reading) => {
    for (const output of [...reading.outputs, ...reading.having.map((cut) => cut.measure)]) {
      if (output.kind !== 'measure') continue;
      if (output.metric) loadMetric(output.metric);
      else if (output.aggregate === 'count' && output.column === undefined) loadRows(output.entity);
      else if (output.column !== undefined && output.per === undefined && (output.aggregate === 'sum' || output.aggregate === 'avg' || output.aggregate === 'min' || output.aggregate === 'max')) loadColumn(output.entity, output.column, output.aggregate);
    }
    for (const condition of reading.conditions) if (condition.kind === 'segment') loadSegment(condition.segment);
  };
  const loadAll = () => {
    for (const { metric } of metricQuestions) loadMetric(metric);
    for (const { segment } of segmentCounts) loadSegment(segment);
    for (const { name } of catalog.entities) loadRows(name);
  };
  const withSegment = (reading: Reading): VerifiedQuestion | undefined => {
    const layer = confirmed.find((each) => isLayerReadingWithSegment(reading, each, schema));
    return layer && { question: layer.question, core: '', layer: 'metric' };
  };
  const vouched: VerifiedReadings = Object.assign(readings, { load, loadAll, withSegment });
  Object.assign(known, { day, readings: vouched });
  return vouched;
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
export function vouchedShape(candidate: Pick<Candidate, 'core' | 'groupedCore' | 'reading'>): string {
  const dates = candidate.reading.outputs.flatMap((output) => (output.kind === 'measure' && output.metric?.time ? [output.metric.time] : []));
  let core = shapeCore(candidate);
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

/** The core a shape is made of: for a count asked of every row of its group, that of the count by the group it widens. */
function shapeCore(candidate: Pick<Candidate, 'core' | 'groupedCore'>): string {
  return candidate.groupedCore ?? candidate.core;
}

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
  const shown = outputs.filter((output) => output.kind === 'measure');
  // "industries with fewer than 100 accounts": the measure cut by may be shown only as the cut.
  const measures = shown.length > 0 || !having?.length ? shown : [having[0].measure];
  const [measure] = measures;
  const same = (other: typeof measure) => other.kind === 'measure' && measure.kind === 'measure' && other.aggregate === measure.aggregate && other.entity === measure.entity
    && other.column === measure.column && other.metric === measure.metric && other.per === undefined && measure.per === undefined;
  if (measures.length !== 1 || having.length === 0 || !having.every((cut) => same(cut.measure) && cut.against === undefined && cut.values.length > 0)) return undefined;
  const query = JSON.parse(candidate.core) as Record<string, unknown>;
  return vouchedShape({ reading: { ...candidate.reading, having: [] }, core: stableKey({ ...query, having: [] }) });
}

/**
 * "How many orders did each sales rep take last quarter?", "revenue by senior broker": a reading by
 * one table's rows, with only segments of that table said of them. The segment picks which rows
 * are groups, not what each group's figure is, so it vouches for the shape without the segment
 * (undefined when the reading has no such segment, or another condition on that table).
 */
export function shapeWithoutGroupSegment(candidate: Pick<Candidate, 'core' | 'groupedCore' | 'reading'>): string | undefined {
  const { groups, conditions } = candidate.reading;
  const [group] = groups;
  if (groups.length !== 1 || group.kind !== 'entity') return undefined;
  const onGroup = conditions.filter((condition) => condition.entity === group.entity);
  if (onGroup.length === 0 || !onGroup.every((condition) => condition.kind === 'segment')) return undefined;
  type CoreFilter = { expression: { kind: string; entity?: string }; or?: CoreFilter[] };
  const query = JSON.parse(shapeCore(candidate)) as { filters: CoreFilter[] };
  const onGroupTable = (filter: CoreFilter): boolean => [filter, ...(filter.or ?? [])].some((each) => each.expression.kind === 'field' && each.expression.entity === group.entity);
  const reading = { ...candidate.reading, conditions: conditions.filter((condition) => condition.entity !== group.entity) };
  return vouchedShape({ reading, core: stableKey({ ...query, filters: query.filters.filter((filter) => !onGroupTable(filter)) }) });
}

/** Whether the reading's measure of the column is said by all the words of one of the column's names. */
function namesColumn({ entity, column, names }: NonNullable<VerifiedQuestion['namedAs']>, reading: Reading, tokens: readonly Token[]): boolean {
  const measure = reading.outputs.find((output) => output.kind === 'measure' && output.entity === entity && output.column === column);
  if (measure?.kind !== 'measure') return false;
  const said = new Set(measure.tokens.flatMap((index) => [tokens[index]?.lemma, tokens[index]?.lower]));
  return names.some((words) => words.every((word) => said.has(word)));
}

function ownersOf(groups: LayerQuestion['groups']): NonNullable<VerifiedQuestion['saidWith']> {
  return groups.flatMap((group) => (group.kind === 'column' && group.owner ? [{ entity: group.entity, column: group.column, words: group.owner }] : []));
}

/**
 * Whether a vouched shape holds for the reading as the question says it: each column its vouching
 * needs said with its table's noun is ("supplier country", not "country"), the column aggregated is
 * said by one of its names, and a count asks for no group it cannot show ("How many orders has each
 * employee taken?" asks of every employee, those with none too; a count by groups shows only groups
 * with rows).
 */
export function vouchesFor(verified: VerifiedQuestion, reading: Reading, tokens: readonly Token[]): boolean {
  const counted = verified.layer === 'rows' || verified.layer === 'segment';
  if (counted && !reading.everyGroup && reading.groups.some((group) => group.kind === 'entity' && group.tokens.some((index) => EVERY_MEMBER.has(tokens[index]?.lower ?? '')))) return false;
  if (verified.namedAs && !namesColumn(verified.namedAs, reading, tokens)) return false;
  // The group's words, or those of the same column shown ("Which 3 customer countries …": ranked, the column is shown and grouped by).
  const saidOf = (entity: string, column: string) => [...reading.groups, ...reading.outputs]
    .flatMap((node) => ((node.kind === 'column' && node.entity === entity && node.column === column) ? node.tokens : []));
  return (verified.saidWith ?? []).every(({ entity, column, words }) => reading.groups.some((group) => group.kind === 'column' && group.entity === entity && group.column === column)
    && words.every((word) => saidOf(entity, column).some((index) => tokens[index]?.lemma === word || tokens[index]?.lower === word)));
}

/** A verified question's best reading, the one it vouches for; none when it leaves a meaningful word unread. */
export function verifiedReading(question: string, catalog: Catalog, values: readonly ColumnValues[], model: Model, now: Date): Candidate | undefined {
  const { candidates, tokens } = readQuestion(question, catalog, values, model, { ...DEFAULT_READ_OPTIONS, now });
  const best = candidates[0];
  return best && droppedWords(best, tokens).length === 0 ? best : undefined;
}
