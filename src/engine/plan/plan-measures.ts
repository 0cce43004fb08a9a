/**
 * A measure node as a logical-query measure: its aggregate, the expression aggregated, a label, an
 * id and a definition in words. A count of an entity reached from a finer root becomes a count of
 * its distinct keys; a semantic-layer metric brings its own conditions as a filtered aggregate.
 */
import type { CatalogCondition, CatalogMetric, CatalogMetricPart } from '../../connectors/catalog.ts';
import { field, PERCENT_UNIT, WINDOW_AGGREGATES, type Filter, type FieldRef, type Measure, type ScalarExpression } from '../../query/logical-query.ts';
import type { MeasureNode } from '../readings/reading.ts';
import type { RootChoice } from '../schema/join-graph.ts';
import { columnOf, entityOf, type SchemaIndex } from '../schema/schema-model.ts';
import { columnWords, entityNoun, snakeId, capitalise } from './labels.ts';
import { Unplannable } from './unplannable.ts';

export interface BuiltMeasure {
  readonly measure: Measure;
  /** A ratio's numerator and denominator, which the query computes (and shows) before it. */
  readonly parts?: readonly [Measure, Measure];
  readonly definition: string;
  /** Entities the measure's expression reads. */
  readonly entities: readonly string[];
  /** Counted by distinct key because the root is finer than the counted entity. */
  readonly distinctKey: boolean;
}

const WORD: Record<MeasureNode['aggregate'], string> = { count: 'number of', count_distinct: 'number of distinct', sum: 'total', avg: 'average', min: 'lowest', max: 'highest' };
const ID_WORD: Record<MeasureNode['aggregate'], string> = { count: 'count', count_distinct: 'distinct_count', sum: 'total', avg: 'average', min: 'min', max: 'max' };

export function measureOf(node: MeasureNode, schema: SchemaIndex, choice: RootChoice, now: Date): BuiltMeasure {
  if (node.per) return perGroupMeasure(node, node.per, schema, choice, now);
  const entity = entityOf(schema, node.entity);
  if (node.metric?.aggregate === 'ratio') return ratioMetric(node, node.metric, now);
  if (node.metric) {
    const metric = node.metric;
    const where = metric.conditions.map((condition) => catalogFilter(condition, node.entity, now));
    const label = capitalise(node.aggregate === metric.aggregate ? metric.label : `${WORD[node.aggregate]} ${metric.label.toLowerCase()}`);
    const expression = metric.expression ?? (node.column ? field(node.entity, node.column) : undefined);
    const per = metric.per && node.aggregate === metric.aggregate ? { aggregate: metric.per.aggregate, by: [field(metric.per.by.entity, metric.per.by.column)] } : undefined;
    if (metric.per && !per) throw new Unplannable('another aggregate of a metric over per-group totals');
    return {
      measure: { id: snakeId(label.split(' ')), label, aggregate: node.aggregate, ...(expression ? { expression } : {}), ...(metric.unit ? { unit: metric.unit } : {}), ...(where.length > 0 ? { where } : {}), ...(per ? { per } : {}) },
      definition: metric.definition ?? `${WORD[node.aggregate]} ${node.column ? `${node.entity}.${node.column}` : node.entity}${conditionsInWords(metric.conditions)}`,
      entities: [node.entity, ...(expression ? entitiesIn(expression) : []), ...where.flatMap((filter) => entitiesIn(filter.expression)), ...(per ? [per.by[0].entity] : [])],
      distinctKey: false,
    };
  }
  if (!node.column) {
    const noun = entityNoun(entity, true);
    if (node.entity === choice.root) {
      return { measure: { id: `${snakeId(noun.split(' '))}_count`, label: capitalise(`number of ${noun}`), aggregate: 'count' }, definition: `count of ${node.entity} rows`, entities: [node.entity], distinctKey: false };
    }
    const key = distinctKeyOf(node.entity, schema, choice);
    return {
      measure: { id: `${snakeId(noun.split(' '))}_count`, label: capitalise(`number of ${noun}`), aggregate: 'count_distinct', expression: key },
      definition: `count of distinct ${node.entity}`,
      entities: key.kind === 'field' ? [key.entity] : [],
      distinctKey: true,
    };
  }
  const column = columnOf(schema, node.entity, node.column);
  const words = columnWords(column);
  const label = capitalise(`${WORD[node.aggregate]} ${words.join(' ')}`);
  return {
    measure: { id: snakeId([ID_WORD[node.aggregate], ...words]), label, aggregate: node.aggregate, expression: field(node.entity, node.column), ...(column.unit ? { unit: column.unit } : {}) },
    definition: `${WORD[node.aggregate]} of ${node.entity}.${node.column}`,
    entities: [node.entity],
    distinctKey: false,
  };
}

/**
 * "The average number of orders per customer": the inner measure for each key of the per entity
 * (the foreign key the root holds to it), then the node's aggregate over those.
 */
function perGroupMeasure(node: MeasureNode, per: NonNullable<MeasureNode['per']>, schema: SchemaIndex, choice: RootChoice, now: Date): BuiltMeasure {
  const inner = measureOf({ ...node, aggregate: per.aggregate, per: undefined }, schema, choice, now);
  if (inner.distinctKey || inner.measure.aggregate === 'ratio' || (WINDOW_AGGREGATES as readonly string[]).includes(inner.measure.aggregate)) throw new Unplannable('a per-group measure over a count of another entity');
  const by = distinctKeyOf(per.entity, schema, choice);
  const group = entityNoun(entityOf(schema, per.entity));
  const label = capitalise(`${WORD[node.aggregate]} ${inner.measure.label.toLowerCase()} per ${group}`);
  return {
    // Rows without a group (an order with no customer) belong to no group's total.
    measure: {
      ...inner.measure, id: snakeId(label.split(' ')), label, aggregate: node.aggregate, per: { aggregate: inner.measure.aggregate as 'count', by: [by] },
      where: [...(inner.measure.where ?? []), { kind: 'filter', expression: by, op: 'not_null', values: [] }],
    },
    definition: `${WORD[node.aggregate]} over ${per.entity} of the ${inner.definition}`,
    entities: [...inner.entities, ...(by.kind === 'field' ? [by.entity] : [])],
    distinctKey: false,
  };
}

/** A ratio the semantic layer defines: its two parts, each under the metric's conditions and its own, and their quotient. */
function ratioMetric(node: MeasureNode, metric: CatalogMetric, now: Date): BuiltMeasure {
  if (!metric.ratio) throw new Unplannable('a ratio metric without its parts');
  const part = (spec: CatalogMetricPart): Measure => {
    const where = [...metric.conditions, ...spec.conditions].map((condition) => catalogFilter(condition, node.entity, now));
    return { id: snakeId(spec.label.split(' ')), label: spec.label, aggregate: spec.aggregate, ...(spec.column ? { expression: field(node.entity, spec.column) } : {}), ...(where.length > 0 ? { where } : {}) };
  };
  const numerator = part(metric.ratio.numerator);
  const denominator = part(metric.ratio.denominator);
  const percent = metric.ratio.percent === true;
  return {
    measure: { id: snakeId(metric.label.split(' ')), label: metric.label, aggregate: 'ratio', numeratorId: numerator.id, denominatorId: denominator.id, ...(percent ? { percent: true, unit: PERCENT_UNIT } : {}) },
    parts: [numerator, denominator],
    definition: metric.definition ?? `${metric.ratio.numerator.label.toLowerCase()} / ${metric.ratio.denominator.label.toLowerCase()}`,
    entities: [node.entity, ...[...metric.conditions, ...metric.ratio.numerator.conditions, ...metric.ratio.denominator.conditions].flatMap((condition) => (condition.entity ? [condition.entity] : []))],
    distinctKey: false,
  };
}

/** Entities whose columns an expression reads (a metric's line cost reads the product's unit cost). */
export function entitiesIn(expression: ScalarExpression): string[] {
  if (expression.kind === 'field') return [expression.entity];
  return expression.kind === 'arithmetic' ? [...entitiesIn(expression.left), ...entitiesIn(expression.right)] : [];
}

/** The key to count an entity by from a finer root: the foreign key column when one hop away. */
function distinctKeyOf(entity: string, schema: SchemaIndex, choice: RootChoice): FieldRef {
  const path = choice.reach.paths.get(entity) ?? [];
  const last = path.at(-1);
  if (last && last.fromColumns.length === 1) return field(last.fromEntity, last.fromColumns[0]);
  const key = entityOf(schema, entity).primaryKey;
  if (key.length !== 1) throw new Unplannable(`${entity} has no single-column key to count by`);
  return field(entity, key[0]);
}

/** A semantic layer's condition as a filter: on its own entity or the one given, compared with today when it says so. */
export function catalogFilter(condition: CatalogCondition, entity: string, now: Date): Filter {
  const values = condition.today ? [now.toISOString().slice(0, 10)] : condition.values;
  return { kind: 'filter', expression: field(condition.entity ?? entity, condition.column), op: condition.op, values };
}

const OP_WORDS: Partial<Record<CatalogCondition['op'], string>> = { eq: 'is', neq: 'is not', gt: 'above', gte: 'at least', lt: 'below', lte: 'at most', in: 'is one of', not_in: 'is none of', is_null: 'is empty', not_null: 'is set' };

/** A metric's own conditions, so that a metric without a written definition still states its filters. */
function conditionsInWords(conditions: readonly CatalogCondition[]): string {
  if (conditions.length === 0) return '';
  const phrase = (condition: CatalogCondition): string =>
    `${condition.column.replace(/_/g, ' ')} ${OP_WORDS[condition.op] ?? condition.op}${condition.today ? ' today' : condition.values.length > 0 ? ` ${condition.values.join(', ')}` : ''}`;
  return ` where ${conditions.map(phrase).join(' and ')}`;
}
