/**
 * The shape rules of a logical query that the SQL compiler checks before it writes anything: what
 * may be combined with what, and which ids each part may refer to. A query breaking one is refused
 * with `invalid_request`, never compiled into something else.
 */
import type { FieldRef, LimitPerGroup, LogicalQuery, Measure } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { isWindowMeasure } from './sql-grouped.ts';
import { invalid } from './sql-scope.ts';

const PER_AGGREGATES: readonly string[] = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'];

export function checkShape(query: LogicalQuery, dialect: SqlDialect): void {
  const isAggregate = query.measures.length > 0 || query.dimensions.length > 0;
  if (query.columns.length > 0 && isAggregate) invalid('A query lists columns or aggregates measures, not both.');
  if (query.columns.length === 0 && !isAggregate) invalid('A query needs measures, dimensions or columns.');
  if (query.having.length > 0 && query.measures.length === 0) invalid('A having filter needs measures.');
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    invalid(`The limit must be a positive integer, not ${query.limit}.`);
  }
  if (query.related !== undefined && !Array.isArray(query.related)) invalid('Related filters must be a list.');
  if (query.relatedCounts !== undefined && !Array.isArray(query.relatedCounts)) invalid('Related count columns must be a list.');
  if ((query.relatedCounts ?? []).length > 0 && query.columns.length === 0) invalid('Related count columns go beside the columns of a list query.');
  if ((query.relatedCounts ?? []).length > 0 && query.distinct === true) invalid('A list with related count columns lists every row, not distinct ones.');
  if (query.filters.some((filter) => filter.against !== undefined && filter.against !== 'average')) invalid('A filter compares only against the average.');
  if (query.filters.some((filter) => filter.against !== undefined && filter.or !== undefined)) invalid('A filter against the average has no alternatives ("or").');
  checkIds(query, dialect);
  checkPer(query);
  checkWindows(query);
  if (query.limitPerGroup !== undefined) checkLimitPerGroup(query, query.limitPerGroup);
}

function checkIds(query: LogicalQuery, dialect: SqlDialect): void {
  const ids = new Set<string>();
  for (const { id } of [...query.measures, ...query.dimensions, ...query.columns, ...(query.relatedCounts ?? [])]) {
    if (typeof id !== 'string' || id.length === 0) invalid('Output ids must not be empty.');
    const problem = dialect.outputIdProblem(id);
    if (problem !== undefined) invalid(problem);
    if (ids.has(id)) invalid(`The id "${id}" is used twice.`);
    ids.add(id);
  }
  // Derived tables name their columns by the ids, and MySQL's column names ignore letter case.
  const layered = query.limitPerGroup !== undefined || query.measures.some((measure) => measure.per !== undefined || isWindowMeasure(measure));
  if (!layered) return;
  const folded = new Map<string, string>();
  for (const id of ids) {
    const other = folded.get(id.toLowerCase());
    if (other !== undefined) invalid(`The ids "${other}" and "${id}" differ only in letter case, which a derived table cannot tell apart.`);
    folded.set(id.toLowerCase(), id);
  }
}

/** When one measure has `per`, every measure that is not a ratio or a window has the same `per.by`. */
function checkPer(query: LogicalQuery): void {
  const first = query.measures.find((measure) => measure.per !== undefined);
  if (first === undefined) return;
  for (const measure of query.measures) {
    const { per } = measure;
    if (measure.aggregate === 'ratio' || isWindowMeasure(measure)) {
      if (per !== undefined) invalid(`The ${measure.aggregate} measure "${measure.id}" takes no "per"; the measures it reads do.`);
      continue;
    }
    if (per === undefined) invalid(`The measure "${measure.id}" needs the same "per" as "${first.id}": one query aggregates per-group totals of one grouping.`);
    if (!Array.isArray(per.by) || per.by.length === 0) invalid(`The measure "${measure.id}" needs at least one "per.by" field.`);
    if (!sameFields(per.by, first.per!.by)) invalid(`The measures "${first.id}" and "${measure.id}" take per-group totals over different fields.`);
    if (!PER_AGGREGATES.includes(per.aggregate)) invalid(`The measure "${measure.id}" cannot total each group with "${String(per.aggregate)}".`);
    if ((per.aggregate === 'count' || per.aggregate === 'count_distinct') && measure.expression !== undefined && measure.where !== undefined) {
      // 0 would mean both "no row passed" (no total) and "no value among the rows that passed" (a total of 0).
      invalid(`The measure "${measure.id}" counts values per group under its own filters, which cannot tell a group without passing rows from a count of 0.`);
    }
  }
}

function sameFields(left: readonly FieldRef[], right: readonly FieldRef[]): boolean {
  return left.length === right.length && left.every((item, index) => item.entity === right[index]!.entity && item.column === right[index]!.column);
}

function checkWindows(query: LogicalQuery): void {
  const dimensions = new Map(query.dimensions.map((dimension) => [dimension.id, dimension]));
  for (const measure of query.measures) {
    if (!isWindowMeasure(measure)) continue;
    checkWindow(query, measure, dimensions);
  }
  for (const filter of query.having) {
    const measure = query.measures.find(({ id }) => id === filter.measureId);
    if (measure !== undefined && isWindowMeasure(measure)) invalid(`Groups cannot be filtered by the window measure "${measure.id}".`);
  }
}

function checkWindow(query: LogicalQuery, measure: Measure, dimensions: ReadonlyMap<string, LogicalQuery['dimensions'][number]>): void {
  const { id, aggregate } = measure;
  if (measure.expression !== undefined || measure.where !== undefined || measure.numeratorId !== undefined || measure.denominatorId !== undefined) {
    invalid(`The ${aggregate} measure "${id}" reads another measure ("of"); it takes no expression, filters or ratio parts.`);
  }
  const read = query.measures.find((other) => other.id === measure.of);
  if (read === undefined || read === measure) invalid(`The ${aggregate} measure "${id}" reads "${String(measure.of)}", which is not another measure of the query.`);
  if (isWindowMeasure(read)) invalid(`The ${aggregate} measure "${id}" cannot read the window measure "${read.id}".`);
  const within = measure.within ?? [];
  if (!Array.isArray(within) || new Set(within).size !== within.length) invalid(`The "within" of "${id}" must list distinct dimension ids.`);
  for (const each of within) if (!dimensions.has(each)) invalid(`The "within" of "${id}" names "${each}", which is not a dimension of the query.`);
  if (measure.percent === true && aggregate === 'running_total') invalid(`The running total "${id}" cannot be in percent.`);
  if (aggregate === 'share') {
    if (measure.along !== undefined) invalid(`The share "${id}" takes no "along".`);
    return;
  }
  const along = measure.along === undefined ? undefined : dimensions.get(measure.along);
  if (along === undefined) invalid(`The ${aggregate} measure "${id}" needs "along": a dimension of the query.`);
  if (within.includes(along.id)) invalid(`The ${aggregate} measure "${id}" runs along "${along.id}", so it cannot also be within it.`);
  if (aggregate === 'change') {
    if (along.grain === undefined) invalid(`The change "${id}" runs along "${along.id}", which is not a date dimension with a grain.`);
    if (within.length > 0) invalid(`The change "${id}" compares rows with the same other dimensions; it takes no "within".`);
  }
}

function checkLimitPerGroup(query: LogicalQuery, cut: LimitPerGroup): void {
  if (query.columns.length > 0 || query.dimensions.length === 0) invalid('A limit per group needs an aggregate query with dimensions.');
  if (!Number.isInteger(cut.limit) || cut.limit < 1) invalid(`The limit per group must be a positive integer, not ${cut.limit}.`);
  const dimensionIds = query.dimensions.map(({ id }) => id);
  const outputIds = [...dimensionIds, ...query.measures.map(({ id }) => id)];
  if (!Array.isArray(cut.by) || new Set(cut.by).size !== cut.by.length) invalid('The groups of a limit per group must be distinct dimension ids.');
  for (const id of cut.by) if (!dimensionIds.includes(id)) invalid(`The limit per group is by "${id}", which is not a dimension of the query.`);
  if (!Array.isArray(cut.order) || cut.order.length === 0) invalid('A limit per group needs an order to rank the rows of each group by.');
  for (const { id, direction } of cut.order) {
    if (!outputIds.includes(id) || cut.by.includes(id)) invalid(`The limit per group ranks by "${id}", which is not an output column outside its groups.`);
    if (direction !== 'asc' && direction !== 'desc') invalid(`Unknown order direction "${String(direction)}".`);
  }
}
