/**
 * A semantic layer's metrics: words with an agreed definition ("revenue" = sum of amount_untaxed
 * of confirmed sales orders). A metric word is linked to its metric's column (or its entity, for a
 * count) before reading, beating the engine's own guesses for the word; after planning, the
 * measure it became takes the metric's conditions as filters, its label and unit, and the
 * definition is stated as an assumption. A metric word the plan does not measure is declined.
 */
import type { Catalog, CatalogMetric } from '../connectors/catalog.ts';
import { field, type Filter, type LogicalQuery, type Measure } from '../query/logical-query.ts';
import type { Candidate } from './link.ts';
import type { SchemaIndex } from './schema-model.ts';
import type { Item } from './segment.ts';
import type { Token } from './tokenize.ts';

export interface MetricOption {
  readonly entity: string;
  readonly metric: CatalogMetric;
}

export interface MetricUse {
  readonly start: number;
  readonly end: number;
  readonly word: string;
  readonly options: readonly MetricOption[];
}

/** A header's metric is preferred to the same word on its lines, unless the rest of the question needs the lines. */
const LINE_PENALTY = 0.05;
const OPENING_WORDS = new Set(['the', 'of', 'our', 'my', 'a', 'an']);

/** Metric words in the tokens, longest first, each span used once; segment words may overlap them. */
export function findMetricWords(tokens: readonly Token[], catalog: Catalog): MetricUse[] {
  const phrases = new Map<string, MetricOption[]>();
  for (const entity of catalog.entities) {
    for (const metric of entity.metrics ?? []) {
      if (!['count', 'sum', 'avg'].includes(metric.aggregate)) continue;
      for (const word of metric.words) {
        const key = word.toLowerCase().split(/\s+/).filter((part) => part.length > 0).join(' ');
        if (key.length === 0) continue;
        const options = phrases.get(key) ?? [];
        if (!options.some((option) => option.entity === entity.name)) options.push({ entity: entity.name, metric });
        phrases.set(key, options);
      }
    }
  }
  const ordered = [...phrases.entries()].sort((left, right) => right[0].split(' ').length - left[0].split(' ').length);
  const uses: MetricUse[] = [];
  const taken = new Set<number>();
  for (const [phrase, options] of ordered) {
    const parts = phrase.split(' ');
    for (let start = 0; start + parts.length <= tokens.length; start += 1) {
      const matches = parts.every((part, offset) => !taken.has(start + offset) && (tokens[start + offset]!.lower === part || tokens[start + offset]!.lemma === part));
      if (!matches) continue;
      for (let offset = 0; offset < parts.length; offset += 1) taken.add(start + offset);
      uses.push({ start, end: start + parts.length, word: tokens.slice(start, start + parts.length).map((token) => token.text).join(' '), options });
    }
  }
  return uses.sort((left, right) => left.start - right.start);
}

/**
 * The items with each metric word as one mention of its metric's column (or entity, for a count),
 * after an aggregate cue when the question gives none. Options on an entity the question names
 * are kept over the others; a word that does not cover whole items is left alone.
 */
export function linkMetricWords(items: readonly Item[], uses: readonly MetricUse[], schema: SchemaIndex): { items: Item[]; uses: MetricUse[] } {
  let result = [...items];
  const linked: MetricUse[] = [];
  for (const use of uses) {
    const first = result.findIndex((item) => item.start === use.start);
    const last = result.findIndex((item) => item.end === use.end);
    if (first < 0 || last < first || result.slice(first, last + 1).some((item) => item.kind === 'period')) continue;
    const named = namedEntities(result.filter((_, index) => index < first || index > last));
    // "expected revenue" is the label of the column itself: the question names the field, not a definition.
    const usable = use.options.filter((option) => usableOption(option, schema) && !namesItsColumn(use.word, option, schema));
    const about = usable.filter((option) => named.has(option.entity));
    const options = about.length > 0 ? about : usable;
    if (options.length === 0 || new Set(options.map((option) => option.metric.aggregate)).size > 1) continue;
    const candidates: Candidate[] = options.map((option) => candidateOf(option, options, schema));
    const text = use.word;
    const mention: Item = { kind: 'mention', start: use.start, end: use.end, mention: { start: use.start, end: use.end, text, candidates, plural: false } };
    const aggregate = options[0]!.metric.aggregate as 'count' | 'sum' | 'avg';
    const replacement: Item[] = hasAggregateBefore(result, first) ? [mention]
      : [{ kind: 'cue', start: use.start, end: use.start, cue: { kind: 'aggregate', aggregate, start: use.start, end: use.start } }, mention];
    result = [...result.slice(0, first), ...replacement, ...result.slice(last + 1)];
    linked.push({ ...use, options });
  }
  return { items: result, uses: linked };
}

function usableOption(option: MetricOption, schema: SchemaIndex): boolean {
  const entity = schema.entityByName.get(option.entity);
  if (!entity) return false;
  if (option.metric.column === undefined) return option.metric.aggregate === 'count';
  return entity.columnByName.get(option.metric.column)?.isNumeric === true;
}

function namesItsColumn(word: string, option: MetricOption, schema: SchemaIndex): boolean {
  if (option.metric.column === undefined) return false;
  const label = schema.entityByName.get(option.entity)?.columnByName.get(option.metric.column)?.labelWords;
  return label !== undefined && label.join(' ') === word.toLowerCase().split(/\s+/).join(' ');
}

function candidateOf(option: MetricOption, options: readonly MetricOption[], schema: SchemaIndex): Candidate {
  // Lines point to their header: the header's metric is the plainer reading of the word.
  const isLine = options.some((other) => other.entity !== option.entity
    && schema.entityByName.get(option.entity)?.foreignKeys.some((foreignKey) => foreignKey.refEntity === other.entity));
  const score = isLine ? 1 - LINE_PENALTY : 1;
  return option.metric.column === undefined
    ? { kind: 'entity', entity: option.entity, score, match: 'exact' }
    : { kind: 'column', entity: option.entity, column: option.metric.column, score, match: 'exact' };
}

function namedEntities(items: readonly Item[]): Set<string> {
  const named = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'mention') continue;
    const top = item.mention.candidates[0];
    if (top?.kind === 'entity') for (const candidate of item.mention.candidates) if (candidate.kind === 'entity' && candidate.score >= top.score - 0.001) named.add(candidate.entity);
  }
  return named;
}

function hasAggregateBefore(items: readonly Item[], index: number): boolean {
  for (let position = index - 1; position >= 0; position -= 1) {
    const item = items[position]!;
    if (item.kind === 'word' && OPENING_WORDS.has(item.lemma)) continue;
    return item.kind === 'cue' && (item.cue.kind === 'aggregate' || item.cue.kind === 'extreme');
  }
  return false;
}

/**
 * The query with each used metric's conditions as filters, its label and unit on the measure it
 * became, and its definition as an assumption; undefined when a metric word became no measure.
 */
export function applyMetrics(query: LogicalQuery, uses: readonly MetricUse[]): { query: LogicalQuery; assumptions: string[]; definitions: Map<string, string> } | undefined {
  const filters: Filter[] = [...query.filters];
  const measures: Measure[] = [...query.measures];
  const assumptions: string[] = [];
  const definitions = new Map<string, string>();
  for (const use of uses) {
    const found = use.options.map((option) => ({ option, index: measures.findIndex((measure) => isMetricMeasure(measure, option, query.root)) })).find(({ index }) => index >= 0);
    if (!found) return undefined;
    const { option: { entity, metric }, index } = found;
    const measure = measures[index]!;
    if (measure.aggregate === metric.aggregate) {
      measures[index] = { ...measure, label: metric.label, ...(metric.unit ? { unit: metric.unit } : {}) };
    }
    const known = new Set(filters.map(filterKey));
    for (const condition of metric.conditions) {
      const filter: Filter = { kind: 'filter', expression: field(entity, condition.column), op: condition.op, values: condition.values };
      if (!known.has(filterKey(filter))) filters.push(filter);
    }
    const conditions = metric.conditions.map((condition) => `${condition.column} ${condition.op} ${condition.values.join(', ')}`.trim()).join(' and ');
    const definition = `${metric.aggregate === 'count' ? 'count' : metric.aggregate === 'avg' ? 'average' : 'sum'} of ${metric.column ? `${entity}.${metric.column}` : entity}${conditions ? ` where ${conditions}` : ''}`;
    definitions.set(measure.id, definition);
    assumptions.push(`"${use.word}" means ${metric.label}: ${definition}, as the data source defines it.`);
  }
  return { query: { ...query, filters, measures }, assumptions, definitions };
}

/** Whether the measure is the option's metric: its column on its entity, or a count of its entity's rows. */
function isMetricMeasure(measure: Measure, option: MetricOption, root: string): boolean {
  if (option.metric.column === undefined) return measure.aggregate === 'count' && measure.expression === undefined && root === option.entity;
  const expression = measure.expression;
  return expression?.kind === 'field' && expression.entity === option.entity && expression.column === option.metric.column;
}

function filterKey(filter: Filter): string {
  return JSON.stringify([filter.expression, filter.op, filter.values]);
}
