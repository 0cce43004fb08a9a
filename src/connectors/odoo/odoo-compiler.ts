/**
 * LogicalQuery → an Odoo call plan. The only place the connector decides which RPC to send.
 *
 * - Aggregates and breakdowns → `read_group` (≤18, `lazy: false`) or `formatted_read_group` (19+),
 *   with `field:grain` group-bys and `field:aggregate` measures; a bare count → `search_count`;
 *   lists → `search_read` with fields, order and a limit (always: without one Odoo returns all).
 * - Filters → a domain (`odoo-domain.ts`); a filter on `active` turns `active_test` off so that it
 *   decides by itself which archived records count.
 * - Related filters → a grouped read of the related model first, then `id in` / `id not in` its
 *   values on the root's domain (`odoo-related.ts`), when the link is a many2one to the root's id;
 *   related count columns → the same grouped read, its counts filled in by id after the list is
 *   read, which is then ordered and cut.
 * - Filters against the average → the average of every record of the model read first, then
 *   compared in the domain (`odoo-average.ts`).
 * - Measures with conditions of their own and ratios → one grouped read per condition, merged by
 *   their groups in the connector (`odoo-merge.ts`).
 * - What Odoo cannot compute in one call is refused (`invalid_request`) instead of approximated:
 *   arithmetic measures, measures or group-bys on joined models (beyond a one-hop many2one shown by
 *   name), non-groupable or non-sortable fields, `having` before 19, and what needs the groups
 *   compared with one another or aggregated twice (per-group totals, window measures, a limit per
 *   group, having against the average).
 * - The plan is version-neutral; {@link renderCall} writes the call for a server version, so a
 *   plan compiled before the version was probed still runs right.
 */
import type { Catalog, CatalogColumn, ValueType } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import { WINDOW_AGGREGATES, type Aggregate, type Dimension, type LogicalQuery, type TimeGrain } from '../../query/logical-query.ts';
import { describeAverage, planAverages } from './odoo-average.ts';
import { describeMerge, planMerged } from './odoo-merge.ts';
import { buildScope, compileDomain, filtersOn, invalid, requireColumn, type DomainTerm, type ScopeEntry } from './odoo-domain.ts';
import { renderCall } from './odoo-plan.ts';
import { planRelated, planRelatedCounts, renderRelatedCall, throughKeyTerms } from './odoo-related.ts';
import type { GroupKey, OdooAggregateSpec, OdooPlan, OutputColumn, RelatedSearch } from './odoo-plan.ts';

export interface OdooCompileOptions {
  /** Rows a result may hold; the call asks for one more to detect truncation. */
  readonly maxRows: number;
  /** Major version of the server, when known, for the text people read. Default 17. */
  readonly serverMajor?: number;
}

/** The one-hop target columns that stand for the many2one itself (shown by its display name). */
const NAME_COLUMNS = new Set(['id', 'name', 'display_name', 'complete_name']);

const AGGREGATE_TO_ODOO: Readonly<Record<Aggregate, string>> = {
  count: 'count', count_distinct: 'count_distinct', sum: 'sum', avg: 'avg', min: 'min', max: 'max',
  // read_group cannot divide one aggregate by another: checkShape refuses ratios first.
  ratio: 'ratio',
  share: 'share', running_total: 'running_total', change: 'change',
};

export function compileOdoo(query: LogicalQuery, catalog: Catalog, options: OdooCompileOptions): CompiledQuery {
  const merged = planMerged(query, (part) => planOdoo(part, catalog, options));
  if (merged !== undefined) {
    const text = JSON.stringify({ composed: merged.parts.map((part) => callText(part, options)), merged: describeMerge(merged) }, null, 2);
    return { language: 'odoo-rpc', dialect: 'odoo', text, params: [merged] };
  }
  const plan = planOdoo(query, catalog, options);
  return { language: 'odoo-rpc', dialect: 'odoo', text: JSON.stringify(callText(plan, options), null, 2), params: [plan] };
}

/** The calls a plan makes, as people read them. */
function callText(plan: OdooPlan, options: OdooCompileOptions): Record<string, unknown> {
  // Version unknown (a cached catalog, no call yet): show the ≤18 call, unless only 19+ can run it;
  // execute() renders the call again for the server's real version.
  const assumedMajor = plan.kind === 'group' && plan.having.length > 0 ? 19 : 17;
  const major = options.serverMajor ?? assumedMajor;
  const call = renderCall(plan, major);
  // The related reads come first; their ids are known only when they have run.
  const related = (plan.related ?? []).map((search) => {
    const read = renderRelatedCall(search, major);
    return { model: read.model, method: read.method, ...read.params, keep: keptBy(search) };
  });
  const counted = (plan.kind === 'search_read' ? plan.counts ?? [] : []).map(({ key, search }) => {
    const read = renderRelatedCall(search, major);
    return { model: read.model, method: read.method, ...read.params, countedAs: key };
  });
  // So do the averages a filter compares with.
  const averages = (plan.averages ?? []).map((filter) => describeAverage(filter, renderCall(filter.average, major)));
  return {
    model: call.model, method: call.method, ...call.params,
    ...(related.length === 0 ? {} : { related }), ...(averages.length === 0 ? {} : { averages }), ...(counted.length === 0 ? {} : { counted }),
  };
}

function keptBy(search: RelatedSearch): string {
  if (search.count === undefined) return `id ${search.exists ? 'in' : 'not in'} the ${search.field} values`;
  return `id whose count of ${search.field} values is ${search.count.op} ${search.count.values.join(' and ')}`;
}

export function planOdoo(query: LogicalQuery, catalog: Catalog, options: OdooCompileOptions): OdooPlan {
  if (query.kind !== 'select') invalid(`Only select queries can be compiled, not "${String(query.kind)}".`);
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) invalid('maxRows must be a positive integer.');
  checkShape(query);
  const scope = buildScope(query, catalog);
  const domain: DomainTerm[] = [...compileDomain(query.filters.filter((filter) => filter.against === undefined), scope, catalog), ...throughKeyTerms(query, catalog)];
  const activeTest = !query.filters.some((filter) => filtersOn(filter, 'active'));
  const rowLimit = query.limit !== undefined && query.limit <= options.maxRows ? query.limit : options.maxRows + 1;
  const related = planRelated(query, catalog);
  const averages = planAverages(query.filters, scope, (average) => planOdoo(average, catalog, options));
  const base = { model: query.root, domain, activeTest, ...(related.length === 0 ? {} : { related }), ...(averages.length === 0 ? {} : { averages }) };

  if (query.columns.length > 0 && query.distinct !== true) {
    const output: OutputColumn[] = [];
    const fields: string[] = [];
    for (const column of query.columns) {
      const { name, catalogColumn } = rootFieldFor(scope, column.field.entity, column.field.column, 'list');
      if (!fields.includes(name)) fields.push(name);
      output.push({ id: column.id, source: { kind: 'field', name }, ...describe(catalogColumn) });
    }
    const counts = planRelatedCounts(query, catalog);
    if (counts.length > 0) {
      // Counted after the read: the records are ordered and cut once their counts are known.
      output.push(...counts.map(({ key }, index) => ({ id: query.relatedCounts![index]!.id, source: { kind: 'field' as const, name: key }, type: 'integer' as const, nativeType: 'integer' })));
      const afterOrder = query.order.map(({ id, direction }) => {
        const column = output.find((each) => each.id === id);
        if (column === undefined) invalid(`The order refers to "${id}", which is not a column of the query.`);
        return { key: (column.source as { name: string }).name, direction };
      });
      return { ...base, kind: 'search_read', fields, order: '', limit: options.maxRows + 1, output, counts, afterCounting: { order: afterOrder, limit: rowLimit } };
    }
    const order = query.order.map(({ id, direction }) => {
      const index = output.findIndex((column) => column.id === id);
      if (index < 0) invalid(`The order refers to "${id}", which is not a column of the query.`);
      const source = output[index]!.source as { name: string };
      const column = requireColumn(scope.get(query.root)!.entity, source.name);
      if (column.sortable === false) invalid(`Odoo cannot order "${query.root}" by "${column.name}" (not sortable).`);
      return `${source.name} ${direction}`;
    });
    return { ...base, kind: 'search_read', fields, order: order.join(', '), limit: rowLimit, output };
  }

  const dimensions: readonly Dimension[] = query.columns.length > 0
    ? query.columns.map((column) => ({ id: column.id, label: column.label, field: column.field }))
    : query.dimensions;
  if (dimensions.length === 0 && query.having.length === 0 && query.measures.length === 1 && isRowCount(query.measures[0]!)) {
    return { ...base, kind: 'search_count', output: [{ id: query.measures[0]!.id, source: { kind: 'count' }, type: 'integer', nativeType: 'integer' }] };
  }

  const groupby: GroupKey[] = [];
  const output: OutputColumn[] = [];
  // A related record's id and name are one many2one group key (read_group gives [id, display name]):
  // shown once, under the first dimension's id; the others only name it for order and having.
  const aliases = new Map<string, OutputColumn['source']>();
  for (const dimension of dimensions) {
    const { name, catalogColumn } = rootFieldFor(scope, dimension.field.entity, dimension.field.column, 'group');
    const grain = grainOf(dimension, catalogColumn);
    const index = groupby.findIndex((key) => key.field === name && key.grain === grain);
    if (index >= 0) {
      aliases.set(dimension.id, { kind: 'group', index });
      continue;
    }
    groupby.push({ field: name, ...(grain === undefined ? {} : { grain }) });
    output.push({ id: dimension.id, source: { kind: 'group', index: groupby.length - 1 }, ...(grain === undefined ? describe(catalogColumn) : { type: 'date', nativeType: catalogColumn.nativeType }) });
  }
  const aggregates: OdooAggregateSpec[] = [];
  for (const measure of query.measures) {
    if (isRowCount(measure)) {
      output.push({ id: measure.id, source: { kind: 'count' }, type: 'integer', nativeType: 'integer' });
      continue;
    }
    if (measure.expression === undefined) invalid(`The measure "${measure.id}" (${measure.aggregate}) needs an expression.`);
    if (measure.expression.kind !== 'field') invalid(`Odoo aggregates single fields; the measure "${measure.id}" combines fields or numbers, which read_group cannot compute.`);
    const entry = scope.get(measure.expression.entity);
    if (entry === undefined || entry.prefix !== '') invalid(`Odoo aggregates fields of the model grouped ("${query.root}"), not of "${measure.expression.entity}".`);
    const column = requireColumn(entry.entity, measure.expression.column);
    const aggregate = AGGREGATE_TO_ODOO[measure.aggregate];
    if (aggregate === undefined) invalid(`Unknown aggregate "${String(measure.aggregate)}".`);
    if ((aggregate === 'sum' || aggregate === 'avg') && column.type !== 'number' && column.type !== 'integer') invalid(`The measure "${measure.id}" cannot ${aggregate} ${column.type} values.`);
    let index = aggregates.findIndex((spec) => spec.field === column.name && spec.aggregate === aggregate);
    if (index < 0) index = aggregates.push({ field: column.name, aggregate }) - 1;
    output.push({ id: measure.id, source: { kind: 'aggregate', index }, type: aggregate === 'count' || aggregate === 'count_distinct' ? 'integer' : 'number', nativeType: column.nativeType });
  }
  const sourceOf = (id: string) => {
    const alias = aliases.get(id);
    if (alias !== undefined) return alias;
    const column = output.find((each) => each.id === id);
    if (column === undefined) invalid(`The order or having filter refers to "${id}", which is not in the query.`);
    return column.source;
  };
  const having = query.having.map((filter) => ({ source: sourceOf(filter.measureId), op: filter.op, values: filter.values }));
  const order = query.order.length > 0
    ? query.order.map(({ id, direction }) => ({ source: sourceOf(id), direction }))
    : groupby.map((_, index) => ({ source: { kind: 'group' as const, index }, direction: 'asc' as const }));
  return {
    ...base,
    kind: 'group',
    groupby,
    aggregates,
    having,
    order,
    ...(groupby.length === 0 ? {} : { limit: rowLimit }),
    // Group-bys without measures list distinct combinations: the count is read but not shown.
    output,
  };
}

function checkShape(query: LogicalQuery): void {
  const isAggregate = query.measures.length > 0 || query.dimensions.length > 0;
  if (query.columns.length > 0 && isAggregate) invalid('A query lists columns or aggregates measures, not both.');
  if (query.columns.length === 0 && !isAggregate) invalid('A query needs measures, dimensions or columns.');
  if (query.having.length > 0 && query.measures.length === 0) invalid('A having filter needs measures.');
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) invalid(`The limit must be a positive integer, not ${query.limit}.`);
  if (query.related !== undefined && !Array.isArray(query.related)) invalid('Related filters must be a list.');
  // Each needs every group of the result before any row can be given, and then arithmetic or
  // ordering that read_group does not do: refused rather than approximated from a cut list.
  if (query.limitPerGroup !== undefined) invalid('Odoo cannot keep the first rows of each group: read_group limits the whole result only.');
  if ((query.relatedCounts ?? []).length > 0 && (query.columns.length === 0 || query.distinct === true)) invalid('Related count columns go beside the columns of a list of records.');
  const per = query.measures.find((measure) => measure.per !== undefined);
  if (per !== undefined) invalid(`Odoo cannot aggregate per-group totals ("${per.id}"): read_group aggregates the records once, not the totals of each group again.`);
  if (query.having.some((filter) => filter.against !== undefined)) invalid('Odoo cannot compare a group with the average of all groups: read_group filters groups by fixed values only.');
  for (const measure of query.measures) {
    // One read_group aggregates every row of its domain: conditions and ratios are composed of several (odoo-merge.ts).
    if (measure.where !== undefined) invalid(`Odoo cannot restrict one measure to some rows ("${measure.id}" has its own filters); ask for it on its own.`);
    if (measure.aggregate === 'ratio') invalid(`Odoo cannot divide one aggregate by another (the ratio "${measure.id}").`);
    if ((WINDOW_AGGREGATES as readonly string[]).includes(measure.aggregate)) invalid(`Odoo cannot compute the ${measure.aggregate.replace('_', ' ')} "${measure.id}": read_group does not compare one group's aggregate with other groups'.`);
  }
  const ids = new Set<string>();
  for (const { id } of [...query.measures, ...query.dimensions, ...query.columns]) {
    if (id.length === 0) invalid('Output ids must not be empty.');
    if (ids.has(id)) invalid(`The id "${id}" is used twice.`);
    ids.add(id);
  }
}

function isRowCount(measure: LogicalQuery['measures'][number]): boolean {
  return measure.aggregate === 'count' && measure.expression === undefined;
}

/**
 * The root field that yields a column: a root column itself, or, for the id or name of a model
 * one many2one hop away, that many2one (Odoo reads and groups it as `[id, display name]`).
 */
function rootFieldFor(scope: ReadonlyMap<string, ScopeEntry>, entityName: string, columnName: string, role: 'list' | 'group'): { name: string; catalogColumn: CatalogColumn } {
  const entry = scope.get(entityName);
  if (entry === undefined) invalid(`The entity "${entityName}" is neither the root nor joined.`);
  if (entry.prefix === '') {
    const column = requireColumn(entry.entity, columnName);
    if (role === 'group' && column.groupable === false) invalid(`Odoo cannot group "${entry.entity.name}" by "${column.name}" (not groupable).`);
    return { name: column.name, catalogColumn: column };
  }
  requireColumn(entry.entity, columnName);
  if (entry.rootField === undefined || !NAME_COLUMNS.has(columnName)) {
    invalid(`Odoo reads one model per call: "${entityName}.${columnName}" can only be filtered on, not ${role === 'list' ? 'listed' : 'grouped by'}.`);
  }
  const root = [...scope.values()].find((each) => each.prefix === '')!;
  return rootFieldFor(new Map([[root.entity.name, root]]), root.entity.name, entry.rootField, role);
}

/** Dates and datetimes are always grouped with a grain: Odoo's default would be the month. */
function grainOf(dimension: Dimension, column: CatalogColumn): TimeGrain | undefined {
  const isTemporal = column.type === 'date' || column.type === 'timestamp';
  if (dimension.grain !== undefined && !isTemporal) invalid(`The dimension "${dimension.id}" has a time grain but "${column.name}" is ${column.type}, not a date or datetime.`);
  return isTemporal ? (dimension.grain ?? 'day') : undefined;
}

function describe(column: CatalogColumn): { type: ValueType; nativeType: string; choices?: CatalogColumn['choices'] } {
  return { type: column.type, nativeType: column.nativeType, ...(column.choices === undefined ? {} : { choices: column.choices }) };
}
