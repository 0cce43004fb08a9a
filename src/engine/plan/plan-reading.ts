/**
 * The planner: turns a reading into a logical query — the root entity that reaches everything the
 * reading needs through many-to-one joins, measures, dimensions, columns, filters, having, order,
 * limit. Sums and averages run over the rows of their own entity (the root), so joins never repeat
 * them; a count of an entity reached from a finer root counts its distinct keys; a list whose root
 * is not its subject is distinct.
 */
import { field, PERCENT_UNIT, type TimeGrain, type Dimension, type Filter, type LogicalQuery, type Measure, type OrderBy, type SelectedColumn } from '../../query/logical-query.ts';
import type { Features } from '../readings/features.ts';
import type { GroupNode, MeasureNode, OrderKey, Reading } from '../readings/reading.ts';
import { joinsFor } from '../schema/join-graph.ts';
import { columnOf, entityOf, type SchemaIndex } from '../schema/schema-model.ts';
import { conditionFilters } from './plan-filters.ts';
import { addBuckets, bucketStart, today } from '../question/calendar.ts';
import { relatedFilter } from './plan-related.ts';
import { capitalise, columnLabel, entityNoun, uniqueIds } from './labels.ts';
import { entitiesIn, measureOf } from './plan-measures.ts';
import { metricEntitiesOf, pickRoot } from './root-choice.ts';
import { rowShareMeasures } from './plan-share.ts';
import { everyGroupQuery } from './plan-every-group.ts';
import { Unplannable } from './unplannable.ts';

export interface PlannedReading {
  readonly query: LogicalQuery;
  readonly features: Features;
  /** Choices the question left open, in words. */
  readonly assumptions: readonly string[];
  /** Measure id → how it is computed ("average of employees.salary"). */
  readonly definitions: ReadonlyMap<string, string>;
  /** The written definitions of the semantic layer's metrics the query uses, for every answer to state. */
  readonly metricDefinitions: readonly string[];
  /** A count asked of every row of its group: the count by groups that `query` widens with the rows that have none. */
  readonly grouped?: LogicalQuery;
}


export function planReading(reading: Reading, schema: SchemaIndex, now: Date): PlannedReading {
  const features: Features = {};
  const assumptions: string[] = [];
  const metricDefinitions: string[] = [];
  const measureNodes = reading.outputs.filter((output): output is MeasureNode => output.kind === 'measure');
  const orderMeasures = reading.order.map((entry) => entry.key).filter((key): key is MeasureNode => key.kind === 'measure' && !measureNodes.includes(key));
  const havingMeasures = reading.having.map((entry) => entry.measure).filter((measure) => !measureNodes.includes(measure));
  const allMeasures = dedupeMeasures([...measureNodes, ...orderMeasures, ...havingMeasures]);
  const aggregate = allMeasures.length > 0;
  const choice = pickRoot(reading, schema, allMeasures, features, assumptions);
  const root = choice.root;
  const used = new Set<string>([root]);
  const definitions = new Map<string, string>();

  const built = allMeasures.map((node) => {
    const made = measureOf(node, schema, choice, now);
    if (node.metric?.definition && !metricDefinitions.includes(capitalise(node.metric.definition))) metricDefinitions.push(capitalise(node.metric.definition));
    for (const entity of made.entities) used.add(entity);
    if (made.distinctKey) {
      features['plan.count-distinct-key'] = 1;
      assumptions.push(`Each ${entityNoun(entityOf(schema, node.entity))} is counted once, however many ${entityNoun(entityOf(schema, root), true)} it has.`);
    }
    return made;
  });
  // The query's measures: each node's, a ratio's two parts just before it. `nodeMeasures` is the one each node shows.
  const named = uniqueIds(built.flatMap((made) => [...(made.parts ?? []), made.measure]));
  const measures: Measure[] = [];
  const nodeMeasures: Measure[] = [];
  for (const made of built) {
    const parts = named.slice(measures.length, measures.length + (made.parts?.length ?? 0));
    let own = named[measures.length + parts.length];
    if (parts.length === 2) own = { ...own, numeratorId: parts[0].id, denominatorId: parts[1].id };
    definitions.set(own.id, made.definition);
    measures.push(...parts, own);
    nodeMeasures.push(own);
  }
  const taken = new Set(measures.map((measure) => measure.id));

  const groupFields: { entity: string; column: string; grain?: Dimension['grain'] }[] = [];
  for (const group of reading.groups) {
    if (group.kind === 'entity') {
      const entity = entityOf(schema, group.entity);
      for (const key of entity.primaryKey) groupFields.push({ entity: entity.name, column: key });
      for (const display of entity.displayColumns) groupFields.push({ entity: entity.name, column: display.name });
      if (entity.primaryKey.length === 0 && entity.displayColumns.length === 0) throw new Unplannable('no key to group by');
    } else {
      groupFields.push({ entity: group.entity, column: group.column, ...(group.kind === 'grain' ? { grain: group.grain } : {}) });
    }
  }
  const dimensions: Dimension[] = uniqueIds(dedupe(groupFields).map((entry) => {
    const { label, id } = columnLabel(entityOf(schema, entry.entity), columnOf(schema, entry.entity, entry.column), root);
    used.add(entry.entity);
    return entry.grain ? { id: `${id}_${entry.grain}`, label: `${label} (${entry.grain})`, field: field(entry.entity, entry.column), grain: entry.grain } : { id, label, field: field(entry.entity, entry.column) };
  }), taken);

  // A condition on a total filters groups; over one ungrouped total it would only hide the answer.
  if (reading.having.length > 0 && dimensions.length === 0) throw new Unplannable('a condition on a total needs groups');

  // Beside a total, a column shows only as one of its groups: any other would be dropped unsaid.
  if (aggregate) {
    for (const output of reading.outputs) {
      if (output.kind === 'column' && !dimensions.some((dimension) => dimension.field.kind === 'field' && dimension.field.entity === output.entity && dimension.field.column === output.column)) {
        throw new Unplannable('a column shown beside a total that is not one of its groups');
      }
    }
  }
  const listFields: { entity: string; column: string }[] = [];
  if (!aggregate) {
    for (const output of reading.outputs) {
      if (output.kind === 'column') listFields.push({ entity: output.entity, column: output.column });
      if (output.kind === 'name') listFields.push(...namingColumns(schema, output.entity, features));
    }
    for (const entry of reading.order) if (entry.key.kind === 'column') listFields.push({ entity: entry.key.entity, column: entry.key.column });
  }
  const columns: SelectedColumn[] = uniqueIds(dedupe(listFields).map((entry) => {
    used.add(entry.entity);
    const { label, id } = columnLabel(entityOf(schema, entry.entity), columnOf(schema, entry.entity, entry.column), root);
    return { id, label, field: field(entry.entity, entry.column) };
  }), taken);

  const filters: Filter[] = conditionFilters(reading.conditions, schema, now);
  // A choice the period left open ("FY2024" read as the calendar year) is stated with the answer.
  for (const condition of reading.conditions) if (condition.kind === 'period' && condition.period.assumption) assumptions.push(condition.period.assumption);
  // A metric's own conditions are the query's when it is the only measure (plain WHERE, which every kind runs).
  if (measures.length === 1 && measures[0].where) {
    filters.push(...measures[0].where);
    const { where: _moved, ...plain } = measures[0];
    measures[0] = plain;
  }
  if (reading.rowShare) {
    if (measures.length !== 1) throw new Unplannable('a share of rows beside another measure');
    const made = rowShareMeasures(reading.rowShare, measures[0], schema, root, now);
    measures.splice(0, 1, made.part, made.whole, made.share);
    nodeMeasures.splice(0, 1, made.share);
    definitions.set(made.share.id, made.definition);
    for (const condition of reading.rowShare.conditions) if (condition.kind === 'period' && condition.period.assumption) assumptions.push(condition.period.assumption);
  }
  let showFrom: LogicalQuery['showFrom'];
  if (reading.window) {
    const of = nodeMeasures[allMeasures.indexOf(canonical(allMeasures, reading.window.measure))];
    if (!of) throw new Unplannable('a window without its measure');
    const window = windowMeasure(reading.window.kind, of, dimensions, new Set([...measures, ...dimensions].map((item) => item.id)));
    measures.push(window.measure);
    definitions.set(window.measure.id, window.definition);
    if (window.along?.grain && reading.window.kind === 'change') {
      // A bucket still in progress would make a growth figure out of part of a period.
      filters.push({ kind: 'filter', expression: window.along.field, op: 'lt', values: [bucketStart(today(now), window.along.grain)] });
      assumptions.push(`Growth compares each complete ${window.along.grain} with the one before; the current ${window.along.grain} so far is left out.`);
      showFrom = readBucketBefore(filters, window.along, window.along.grain);
      if (showFrom) assumptions.push(`The first ${window.along.grain} is compared with the ${window.along.grain} before the period, which is read for that only.`);
    }
  }
  for (const measure of measures) for (const filter of measure.where ?? []) if (filter.expression.kind === 'field') used.add(filter.expression.entity);
  for (const filter of filters) for (const entity of filterEntities(filter)) used.add(entity);
  for (const entity of reading.scope) used.add(entity);
  const related = reading.related.map((node) => relatedFilter(node, reading.subject, schema, now));
  if (related.length > 0) used.add(reading.subject);
  const groupedOnly = entitiesOnlyGrouped(reading, dimensions, columns, filters, built.flatMap((made) => made.entities), used, root);
  // Inner-join meaning: rows shown or grouped through a join belong to a row of the joined entity.
  for (const entity of used) {
    if (entity === root) continue;
    const first = choice.reach.paths.get(entity)?.[0];
    if (!first) throw new Unplannable(`${entity} is not reachable from ${root}`);
    const key = field(first.fromEntity, first.fromColumns[0]);
    const keyColumn = columnOf(schema, key.entity, key.column);
    if (filters.some((filter) => filter.op === 'not_null' && filter.expression.kind === 'field' && filter.expression.entity === key.entity && filter.expression.column === key.column)) continue;
    if (!keyColumn.isKey) continue;
    filters.push({ kind: 'filter', expression: key, op: 'not_null', values: [] });
    // A breakdown that leaves rows out says so: it no longer adds up to the total.
    if (groupedOnly.has(entity) && keyColumn.nullable) {
      assumptions.push(`${capitalise(entityNoun(entityOf(schema, key.entity), true))} without a ${entityNoun(entityOf(schema, first.toEntity))} are left out.`);
    }
  }
  const joins = joinsFor(choice.reach, [...used]);
  // Hops a metric's own definition needs (its conditions and its date) are not the reading's choice.
  const metricEntities = new Set(allMeasures.flatMap(metricEntitiesOf));
  features['join.hops'] = joins.filter((join) => !metricEntities.has(join.toEntity)).length;
  const order = orderOf(reading.order, allMeasures, nodeMeasures, dimensions, columns, aggregate);
  const measureId = (node: MeasureNode): string => nodeMeasures[allMeasures.indexOf(canonical(allMeasures, node))].id;
  const query: LogicalQuery = {
    kind: 'select',
    root,
    joins,
    measures,
    dimensions,
    columns: aggregate ? [] : columns,
    // A segment and a value may say the same condition ("open invoices that are open"): it is asked once.
    filters: [...new Map(filters.map((filter) => [JSON.stringify(filter), filter])).values()],
    having: reading.having.map((entry) => ({ measureId: measureId(entry.measure), op: entry.op as 'gt', values: entry.values, ...(entry.against ? { against: entry.against } : {}) })),
    order,
    ...(reading.limit !== undefined && !reading.limitPer ? { limit: reading.limit } : {}),
    ...(reading.limit !== undefined && reading.limitPer ? { limitPerGroup: { by: groupDimensionIds(reading.limitPer, dimensions), order, limit: reading.limit } } : {}),
    ...(!aggregate && (reading.distinct || root !== reading.subject) ? { distinct: true } : {}),
    ...(related.length > 0 ? { related } : {}),
    ...(reading.pivot ? { pivot: { dimension: pivotDimension(reading.pivot, dimensions) } } : {}),
    ...(showFrom ? { showFrom } : {}),
  };
  if (!aggregate && root !== reading.subject) features['plan.list-through-other-root'] = 1;
  if (reading.everyGroup) {
    const group = reading.groups[0].entity;
    assumptions.push(`Every ${entityNoun(entityOf(schema, group))} is listed, one with no ${entityNoun(entityOf(schema, root), true)} with 0.`);
    return { query: everyGroupQuery(query, group), grouped: query, features, assumptions: [...metricDefinitions, ...assumptions], definitions, metricDefinitions };
  }
  return { query, features, assumptions: [...metricDefinitions, ...assumptions], definitions, metricDefinitions };
}

/** The window measure of a reading beside the measure it reads, with the time dimension it runs along. */
function windowMeasure(kind: 'change' | 'share' | 'running_total', of: Measure, dimensions: readonly Dimension[], taken: ReadonlySet<string>): { measure: Measure; definition: string; along?: Dimension } {
  const suffix = { change: 'growth', share: 'share', running_total: 'cumulative' }[kind];
  let id = `${of.id}_${suffix}`;
  for (let count = 2; taken.has(id); count += 1) id = `${of.id}_${suffix}_${count}`;
  const name = of.label.toLowerCase();
  if (kind === 'share') {
    return { measure: { id, label: `Share of ${name}`, aggregate: 'share', of: of.id, within: [], percent: true, unit: PERCENT_UNIT }, definition: `each row's part of the total ${name}, in percent` };
  }
  const along = dimensions.find((dimension) => dimension.grain);
  if (!along?.grain) throw new Unplannable('a running total or growth without a time series');
  if (kind === 'change') {
    return { measure: { id, label: `${of.label} growth vs previous ${along.grain}`, aggregate: 'change', of: of.id, along: along.id, percent: true, unit: PERCENT_UNIT }, definition: `change of ${name} against the ${along.grain} before, in percent`, along };
  }
  const within = dimensions.filter((dimension) => dimension !== along).map((dimension) => dimension.id);
  return { measure: { id, label: `Cumulative ${name}`, aggregate: 'running_total', of: of.id, along: along.id, within, ...(of.unit ? { unit: of.unit } : {}) }, definition: `${name} added up ${along.grain} by ${along.grain}${within.length > 0 ? ', per group' : ''}`, along };
}

/**
 * "Growth in 2025": January is compared with the December before, so the period's lower bound on
 * the growth's date moves one bucket back, and that bucket is read but not shown. Only when the
 * period starts on a bucket's first day; else its first bucket is partial anyway.
 */
function readBucketBefore(filters: Filter[], along: Dimension, grain: TimeGrain): LogicalQuery['showFrom'] {
  const index = filters.findIndex((filter) => filter.op === 'gte' && filter.expression.kind === 'field'
    && filter.expression.entity === along.field.entity && filter.expression.column === along.field.column && typeof filter.values[0] === 'string');
  if (index < 0) return undefined;
  const start = filters[index].values[0] as string;
  if (bucketStart(start, grain) !== start) return undefined;
  filters[index] = { ...filters[index], values: [addBuckets(start, grain, -1)] };
  return { dimension: along.id, from: start };
}

function pivotDimension(group: GroupNode, dimensions: readonly Dimension[]): string {
  const ids = groupDimensionIds([group], dimensions);
  if (ids.length !== 1) throw new Unplannable('a pivot over more than one column');
  return ids[0];
}

/** The dimensions a reading's groups became (an entity group is its key and name columns). */
function groupDimensionIds(groups: readonly GroupNode[], dimensions: readonly Dimension[]): string[] {
  const ids = dimensions.filter((dimension) => groups.some((group) => dimension.field.entity === group.entity
    && (group.kind === 'entity' || (dimension.field.column === group.column && (group.kind !== 'grain' || dimension.grain === group.grain))))).map((dimension) => dimension.id);
  if (ids.length === 0) throw new Unplannable('a limit per group without its groups');
  return ids;
}

/** An entity's naming columns, or its key when it has none. */
function namingColumns(schema: SchemaIndex, entityName: string, features: Features): { entity: string; column: string }[] {
  const entity = entityOf(schema, entityName);
  if (entity.displayColumns.length > 0) return entity.displayColumns.map((column) => ({ entity: entityName, column: column.name }));
  if (entity.primaryKey.length === 0) throw new Unplannable(`${entityName} has no name and no key`);
  features['name.by-key'] = 1;
  return entity.primaryKey.map((column) => ({ entity: entityName, column }));
}

function orderOf(entries: Reading['order'], nodes: readonly MeasureNode[], measures: readonly Measure[], dimensions: readonly Dimension[], columns: readonly SelectedColumn[], aggregate: boolean): OrderBy[] {
  const order: OrderBy[] = [];
  for (const entry of entries) {
    const id = orderId(entry.key, nodes, measures, dimensions, columns);
    if (id === undefined) throw new Unplannable('order key not in the query');
    order.push({ id, direction: entry.direction });
  }
  if (order.length > 0 || !aggregate) return order;
  const time = dimensions.filter((dimension) => dimension.grain);
  if (time.length > 0) return time.map((dimension) => ({ id: dimension.id, direction: 'asc' }));
  if (dimensions.length > 0 && measures.length > 0) return [{ id: measures[0].id, direction: 'desc' }];
  return order;
}

/** A measure asked twice ("the number of sites" shown and compared) is one measure. */
function dedupeMeasures(nodes: readonly MeasureNode[]): MeasureNode[] {
  const kept: MeasureNode[] = [];
  for (const node of nodes) if (!kept.some((other) => sameMeasure(other, node))) kept.push(node);
  return kept;
}

function sameMeasure(left: MeasureNode, right: MeasureNode): boolean {
  return left.aggregate === right.aggregate && left.entity === right.entity && left.column === right.column && left.metric === right.metric;
}

function canonical(kept: readonly MeasureNode[], node: MeasureNode): MeasureNode {
  return kept.find((other) => sameMeasure(other, node)) ?? node;
}

function orderId(key: OrderKey, nodes: readonly MeasureNode[], measures: readonly Measure[], dimensions: readonly Dimension[], columns: readonly SelectedColumn[]): string | undefined {
  if (key.kind === 'measure') return measures[nodes.indexOf(canonical(nodes, key))]?.id;
  return [...columns, ...dimensions].find((item) => item.field.entity === key.entity && item.field.column === key.column && !('grain' in item && item.grain))?.id;
}

function dedupe<T extends { entity: string; column: string; grain?: unknown }>(entries: readonly T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = `${entry.entity}.${entry.column}/${String(entry.grain ?? '')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Entities the query joins only to group by: not measured, shown, filtered or scoped. */
function entitiesOnlyGrouped(reading: Reading, dimensions: readonly Dimension[], columns: readonly SelectedColumn[], filters: readonly Filter[], measured: readonly string[], used: ReadonlySet<string>, root: string): Set<string> {
  const grouped = new Set(dimensions.flatMap((dimension) => (dimension.field.kind === 'field' ? [dimension.field.entity] : [])));
  const otherwise = new Set<string>([root, ...reading.scope, ...measured, ...reading.related.map((node) => node.entity)]);
  for (const column of columns) if (column.field.kind === 'field') otherwise.add(column.field.entity);
  for (const filter of filters) for (const entity of filterEntities(filter)) otherwise.add(entity);
  return new Set([...used].filter((entity) => grouped.has(entity) && !otherwise.has(entity)));
}

/** The entities a filter and its alternatives read. */
function filterEntities(filter: Filter): string[] {
  return [filter, ...(filter.or ?? [])].flatMap((each) => entitiesIn(each.expression));
}
