/**
 * The curated vocabulary (`odoo-vocabulary.ts`) applied to one server's entity, as `fields_get`
 * described it to the connecting user: a field that is missing (module not installed, field group
 * not granted) or not filterable, or a selection key the server does not report, removes what
 * needs it instead of producing a condition Odoo would reject or never match.
 */
import type { CatalogColumn, CatalogCondition, CatalogEntity, CatalogMetric, CatalogSegment } from '../catalog.ts';
import { findColumn } from '../catalog.ts';
import type { FilterValue } from '../../query/logical-query.ts';
import { ARCHIVED, ODOO_VOCABULARY, type Alternatives, type ConditionSpec, type MetricSpec, type ModelVocabulary } from './odoo-vocabulary.ts';

/** The entity with synonyms on it and its columns, and the segments and metrics this server supports. */
export function withSemanticLayer(entity: CatalogEntity, vocabulary: ModelVocabulary | undefined = ODOO_VOCABULARY[entity.name]): CatalogEntity {
  if (vocabulary === undefined) return entity;
  const columns = entity.columns.map((column) => {
    const words = vocabulary.fields?.[column.name];
    return words === undefined ? column : { ...column, synonyms: wordForms(words) };
  });
  const segments: CatalogSegment[] = [];
  const own = vocabulary.segments ?? [];
  for (const spec of own.some((segment) => segment.words.includes('archived')) ? own : [...own, ARCHIVED]) {
    const conditions = firstSupported(entity, spec.when);
    if (conditions !== undefined) segments.push({ words: wordForms(spec.words), label: spec.label, conditions });
  }
  const metrics: CatalogMetric[] = [];
  for (const spec of vocabulary.metrics ?? []) {
    const metric = resolveMetric(entity, spec);
    if (metric !== undefined) metrics.push(metric);
  }
  return {
    ...entity,
    columns,
    synonyms: wordForms(vocabulary.synonyms),
    ...(segments.length === 0 ? {} : { segments }),
    ...(metrics.length === 0 ? {} : { metrics }),
  };
}

function resolveMetric(entity: CatalogEntity, spec: MetricSpec): CatalogMetric | undefined {
  const conditions = firstSupported(entity, spec.when);
  if (conditions === undefined) return undefined;
  const base = { words: wordForms(spec.words), label: spec.label, aggregate: spec.aggregate, conditions, ...(spec.fallback ? { fallback: true } : {}), ...(spec.current ? { current: true } : {}) };
  if (spec.column === undefined) return spec.aggregate === 'count' ? base : undefined;
  const column = spec.column.map((name) => findColumn(entity, name)).find((each) => each !== undefined && canAggregate(each, spec.aggregate));
  if (column === undefined) return undefined;
  const time = timeOf(entity, spec.time);
  return { ...base, column: column.name, ...(column.unit === undefined ? {} : { unit: column.unit }), ...(time === undefined ? {} : { time }) };
}

/**
 * The metric's date: its own first present date field, or (`via`) the pointed-to model's, when the
 * many2one is there; that model's field is checked once the whole catalog is known (`withValidTimes`).
 */
function timeOf(entity: CatalogEntity, spec: MetricSpec['time']): CatalogMetric['time'] {
  if (spec === undefined) return undefined;
  if (spec.via !== undefined) {
    const { field, model } = spec.via;
    const pointsThere = entity.foreignKeys.some((key) => key.columns.length === 1 && key.columns[0] === field && key.refEntity === model);
    return pointsThere ? { entity: model, column: spec.columns[0] } : undefined;
  }
  const column = spec.columns.map((name) => findColumn(entity, name)).find((each) => each !== undefined && isDated(each));
  return column === undefined ? undefined : { entity: entity.name, column: column.name };
}

function isDated(column: CatalogColumn): boolean {
  return (column.type === 'date' || column.type === 'timestamp') && column.filterable !== false;
}

/** Drops a metric's date that is on another model the catalog does not have, or not as a filterable date. */
export function withValidTimes(entities: readonly CatalogEntity[]): CatalogEntity[] {
  const dated = (entityName: string, columnName: string): boolean => {
    const entity = entities.find((each) => each.name === entityName);
    const column = entity === undefined ? undefined : findColumn(entity, columnName);
    return column !== undefined && isDated(column);
  };
  return entities.map((entity) => (entity.metrics?.some((metric) => metric.time !== undefined && !dated(metric.time.entity, metric.time.column))
    ? { ...entity, metrics: entity.metrics.map(({ time, ...metric }) => (time === undefined || dated(time.entity, time.column) ? { ...metric, ...(time ? { time } : {}) } : metric)) }
    : entity));
}

function canAggregate(column: CatalogColumn, aggregate: MetricSpec['aggregate']): boolean {
  if (aggregate === 'count' || aggregate === 'count_distinct') return true;
  return column.type === 'number' || column.type === 'integer';
}

/** The first alternative every condition of which this entity supports, with values narrowed to the server's. */
function firstSupported(entity: CatalogEntity, alternatives: Alternatives): CatalogCondition[] | undefined {
  for (const alternative of alternatives) {
    const conditions = alternative.map((spec) => supported(entity, spec));
    if (conditions.every((each) => each !== undefined)) return conditions as CatalogCondition[];
  }
  return undefined;
}

function supported(entity: CatalogEntity, spec: ConditionSpec): CatalogCondition | undefined {
  const column = findColumn(entity, spec.column);
  if (column === undefined || column.filterable === false) return undefined;
  if (column.choices === undefined || spec.values.length === 0) return { column: column.name, op: spec.op, values: spec.values, ...(spec.today ? { today: true } : {}) };
  const keys = new Set(column.choices.map((choice) => choice.value));
  const values: FilterValue[] = spec.values.filter((value) => typeof value === 'string' && keys.has(value));
  // A condition left with no key the server knows would match nothing (or, negated, everything).
  if (values.length === 0) return undefined;
  return { column: column.name, op: spec.op === 'in' && values.length === 1 ? 'eq' : spec.op === 'not_in' && values.length === 1 ? 'neq' : spec.op, values };
}

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { person: 'people', salesperson: 'salespeople', salesman: 'salesmen', staff: 'staff', personnel: 'personnel', stock: 'stock', inventory: 'inventory', 'to-do': 'to-dos' };

/** The words with their plural forms (the last word of a phrase is pluralised), lower case, each once. */
export function wordForms(words: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const word of words) {
    const lower = word.toLowerCase();
    forms.add(lower);
    forms.add(pluralOf(lower));
  }
  return [...forms];
}

function pluralOf(phrase: string): string {
  const parts = phrase.split(' ');
  const last = parts.pop()!;
  // Adjectives, participles and prepositional phrases ("confirmed", "open", "to invoice") have no
  // plural; nor have words already plural or uncountable ("sales", "taxes").
  if (/(ed|en|ing|able|ible|open|won|lost|paid|due|active|current|former|sold|progress|[^s]s)$/.test(last) || /^(to|in|not|can|is) /.test(phrase)) return phrase;
  const plural = IRREGULAR_PLURALS[last]
    ?? (/[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(last) ? `${last}es` : `${last}s`);
  return [...parts, plural].join(' ');
}
