/**
 * Enumerates readings: a beam search over one choice per unit (scored by the choices' own
 * features), each complete combination assembled into a reading and planned into a query, scored
 * again with everything known, and readings that plan to the same query merged.
 */
import { entitiesOf, type LogicalQuery, type Measure } from '../../query/logical-query.ts';
import { planReading, type PlannedReading } from '../plan/plan-reading.ts';
import { Unplannable } from '../plan/unplannable.ts';
import { assemble } from './assemble.ts';
import { isDegenerate } from './degenerate.ts';
import { LAST_RESORT, type Choice } from './choices.ts';
import type { AssemblyInput } from './draft.ts';
import { addFeatures, type Features } from './features.ts';
import { scoreOf } from './model.ts';
import type { MeasureNode, Reading } from './reading.ts';

export interface Candidate {
  readonly reading: Reading;
  readonly planned: PlannedReading;
  readonly features: Features;
  readonly score: number;
  /** Content words the reading leaves unused (token indices). */
  readonly unusedWords: readonly number[];
  /** Identical queries of other readings were merged into this one. */
  readonly key: string;
  /**
   * The same for readings that differ only in key columns shown beside the others (an id next to a
   * name): they give the same answer to whoever reads it.
   */
  readonly core: string;
  /** A count asked of every row of its group: the core of the count by groups it widens (what a semantic layer vouches for). */
  readonly groupedCore?: string;
}

export interface EnumerateOptions {
  /** Partial combinations kept at each step. */
  readonly beam: number;
  /** Complete readings assembled and planned, best first. */
  readonly keep: number;
}

/**
 * How much wider the search looks when its best combinations give no reading at all ("orders from
 * customers in Poland handled by staff in the Hamburg office": the likeliest roles make two subjects
 * of the two tables, and the reading that relates both lies further down).
 */
const WIDER = 10;

export function enumerateReadings(input: AssemblyInput, choices: readonly Choice[][], weights: Readonly<Record<string, number>>, options: EnumerateOptions): Candidate[] {
  const first = choices.map((options) => options.filter((choice) => choice.features[LAST_RESORT] === undefined));
  const found = readingsOf(input, beamSearch(first, weights, options.beam).slice(0, options.keep), weights);
  if (found.length > 0) return found;
  return readingsOf(input, beamSearch(choices, weights, options.beam * WIDER).slice(0, options.keep * WIDER), weights);
}

function readingsOf(input: AssemblyInput, combinations: readonly Combination[], weights: Readonly<Record<string, number>>): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const combination of combinations) {
    const assembled = assemble(input, combination.picks);
    if (!assembled) continue;
    let planned: PlannedReading;
    try {
      planned = planReading(assembled.reading, input.schema, input.now);
    } catch (error) {
      if (error instanceof Unplannable) continue;
      throw error;
    }
    if (leavesSaidSubjectOut(assembled.reading, planned.query, input.schema) || listsOnlyWhatItFixes(planned.query) || isDegenerate(planned.query, input.schema)) continue;
    const features: Features = {};
    for (const pick of combination.picks) if (pick) addFeatures(features, pick.features);
    addFeatures(features, assembled.features);
    addFeatures(features, planned.features);
    const score = scoreOf(features, weights);
    const key = queryKey(planned.query);
    const existing = byKey.get(key);
    if (!existing || existing.score < score) {
      byKey.set(key, {
        reading: assembled.reading, planned, features, score, unusedWords: assembled.unusedWords, key, core: coreKey(planned.query, input.schema),
        ...(planned.grouped ? { groupedCore: coreKey(planned.grouped, input.schema) } : {}),
      });
    }
  }
  return withoutFallbackMetrics([...byKey.values()]).sort((left, right) => right.score - left.score);
}

/**
 * "Which supplier's products generated the most revenue?" read as the products ranked, with the
 * suppliers said as the subject but found nowhere in the query: the word is lost, not read. The
 * subject is in the query when it is the root, joined, or pointed to by a key the query uses
 * ("how many students have advisors": the distinct student ids of the advisor rows).
 */
function leavesSaidSubjectOut(reading: Reading, query: LogicalQuery, schema: AssemblyInput['schema']): boolean {
  if (!reading.subjectSaid) return false;
  const reached = new Set([...entitiesOf(query), ...[...(query.related ?? []), ...(query.relatedCounts ?? [])].flatMap((related) => [related.root, ...related.joins.map((join) => join.toEntity)])]);
  if (reached.has(reading.subject)) return false;
  return !fieldsOf(query).some(({ entity, column }) => schema.entityByName.get(entity)?.foreignKeys.some((key) => key.columns.includes(column) && key.refEntity === reading.subject));
}

/**
 * "List customers in the Wholesale segment" read as the segment of each such customer: a list whose
 * every column its own filters fix to one value shows the question's own words on every row, not
 * the rows asked for.
 */
function listsOnlyWhatItFixes(query: LogicalQuery): boolean {
  if (query.measures.length > 0 || query.dimensions.length > 0 || query.columns.length === 0) return false;
  const fixed = fixedColumns(query);
  return query.columns.every((selected) => fixed.has(`${selected.field.entity}.${selected.field.column}`));
}

/** Columns that an equality filter of the query fixes to one value. */
function fixedColumns(query: LogicalQuery): ReadonlySet<string> {
  return new Set(query.filters.flatMap((filter) => (filter.kind === 'filter' && filter.op === 'eq' && filter.or === undefined && filter.values.length === 1 && filter.expression.kind === 'field' ? [`${filter.expression.entity}.${filter.expression.column}`] : [])));
}

function fieldsOf(value: unknown, found: { entity: string; column: string }[] = []): { entity: string; column: string }[] {
  if (Array.isArray(value)) for (const entry of value) fieldsOf(entry, found);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.kind === 'field' && typeof record.entity === 'string' && typeof record.column === 'string') found.push({ entity: record.entity, column: record.column });
    else for (const entry of Object.values(record)) fieldsOf(entry, found);
  }
  return found;
}

/** Drops readings that use a fallback metric (see CatalogMetric.fallback) for words another reading reads as a metric that is not one. */
function withoutFallbackMetrics(candidates: Candidate[]): Candidate[] {
  const primary = new Set<number>();
  for (const candidate of candidates) for (const measure of metricMeasures(candidate.reading)) if (!measure.metric?.fallback) for (const token of measure.tokens) primary.add(token);
  if (primary.size === 0) return candidates;
  return candidates.filter((candidate) => !metricMeasures(candidate.reading).some((measure) => measure.metric?.fallback && measure.tokens.some((token) => primary.has(token))));
}

function metricMeasures(reading: Reading): MeasureNode[] {
  const measures: MeasureNode[] = [
    ...reading.outputs.filter((output): output is MeasureNode => output.kind === 'measure'),
    ...reading.having.map((having) => having.measure),
    ...reading.order.map((order) => order.key).filter((key): key is MeasureNode => key.kind === 'measure'),
    ...(reading.window ? [reading.window.measure] : []),
  ];
  return measures.filter((measure) => measure.metric !== undefined);
}

interface Combination {
  readonly picks: (Choice | undefined)[];
  readonly score: number;
}

function beamSearch(choices: readonly Choice[][], weights: Readonly<Record<string, number>>, beam: number): Combination[] {
  let partials: Combination[] = [{ picks: [], score: 0 }];
  for (const options of choices) {
    if (options.length === 0) {
      partials = partials.map((partial) => ({ picks: [...partial.picks, undefined], score: partial.score }));
      continue;
    }
    const next: Combination[] = [];
    for (const partial of partials) {
      for (const option of options) next.push({ picks: [...partial.picks, option], score: partial.score + scoreOf(option.features, weights) });
    }
    next.sort((left, right) => right.score - left.score);
    partials = next.slice(0, beam);
  }
  return partials;
}

export function coreKey(query: LogicalQuery, schema: AssemblyInput['schema']): string {
  const column = (entity: string, name: string) => schema.entityByName.get(entity)?.columnByName.get(name);
  // A column its own filter fixes to one value ("musicals with nominee Bob Fosse" and the nominee)
  // repeats what the question said on every row; shown or not, the answer is the same.
  const fixed = fixedColumns(query);
  const columns = query.columns.filter((selected) => column(selected.field.entity, selected.field.column)?.isKey !== true && !fixed.has(`${selected.field.entity}.${selected.field.column}`));
  // Joins only reach parents (many-to-one), so the root's rows stay distinct: counting its distinct
  // primary keys counts its rows.
  const countsRootRows = (measure: Measure): boolean =>
    measure.aggregate === 'count_distinct' && measure.expression?.kind === 'field' && measure.expression.entity === query.root &&
    column(query.root, measure.expression.column)?.isPrimaryKey === true;
  const ids = new Map(query.measures.map((measure, index) => [measure.id, `m${index}`]));
  const renamed = (id: string | undefined): string | undefined => (id === undefined ? undefined : (ids.get(id) ?? id));
  const measures: Measure[] = query.measures.map((measure) => {
    const { expression, ...rest } = measure;
    const named = { ...rest, id: renamed(measure.id) ?? measure.id, numeratorId: renamed(measure.numeratorId), denominatorId: renamed(measure.denominatorId) };
    return countsRootRows(measure) ? { ...named, aggregate: 'count' } : { ...named, expression };
  });
  const dependent = dependentDimensions(query, schema);
  const dimensions = query.dimensions.filter((dimension) => !dependent.has(dimension.id));
  const order = query.order.filter((entry, index) => index === 0 || !dependent.has(entry.id)).map((entry) => ({ ...entry, id: renamed(entry.id) ?? entry.id }));
  const having = query.having.map((entry) => ({ ...entry, measureId: renamed(entry.measureId) ?? entry.measureId }));
  // Filters all hold at once: their order, and a filter said twice ("open invoices that are open"), change no row.
  const filters = [...new Map(query.filters.map((filter) => [stableKey(filter), filter])).entries()]
    .sort(([left], [right]) => left.localeCompare(right)).map(([, filter]) => filter);
  // The same columns in another order are the same answer.
  const shown = (columns.length > 0 ? columns : query.columns).map((selected) => ({ ...selected, id: `${selected.field.entity}.${selected.field.column}` }))
    .sort((left, right) => left.id.localeCompare(right.id));
  const orderIds = new Map(query.columns.map((selected) => [selected.id, `${selected.field.entity}.${selected.field.column}`]));
  const orderBy = order.map((entry) => ({ ...entry, id: orderIds.get(entry.id) ?? entry.id }));
  // A list with its repeated rows and one without them show the same things.
  const distinct = query.measures.length === 0 && query.dimensions.length === 0 ? undefined : query.distinct;
  return queryKey({ ...query, measures, dimensions, order: orderBy, having, filters, columns: shown, joins: [], distinct });
}

/**
 * Groups by a column of rows whose key is a group too ("per account: its id and its name"): the key
 * makes the groups, and the column only shows each group's own value of it. Their ids.
 */
function dependentDimensions(query: LogicalQuery, schema: AssemblyInput['schema']): ReadonlySet<string> {
  if (query.pivot || query.limitPerGroup) return new Set();
  const plain = query.dimensions.filter((dimension) => dimension.field.kind === 'field' && dimension.grain === undefined);
  const grouped = (entity: string, column: string) => plain.some((dimension) => dimension.field.kind === 'field' && dimension.field.entity === entity && dimension.field.column === column);
  const keyOf = (entity: string) => schema.entityByName.get(entity)?.primaryKey ?? [];
  const keyed = (entity: string) => keyOf(entity).length > 0 && keyOf(entity).every((column) => grouped(entity, column));
  return new Set(plain.filter((dimension) => dimension.field.kind === 'field' && keyed(dimension.field.entity) && !keyOf(dimension.field.entity).includes(dimension.field.column))
    .map((dimension) => dimension.id));
}

/** Two readings that plan to the same query give the same rows: one key for both. */
export function queryKey(query: LogicalQuery): string {
  return stableKey(query);
}

/** JSON of a value with its keys sorted and its labels left out. */
export function stableKey(value: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).filter(([name]) => name !== 'label').sort(([left], [right]) => left.localeCompare(right));
      return Object.fromEntries(entries.map(([name, entry]) => [name, strip(entry)]));
    }
    return value;
  };
  return JSON.stringify(strip(value));
}
