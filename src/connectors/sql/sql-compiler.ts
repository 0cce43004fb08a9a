/**
 * LogicalQuery → one SELECT, in the dialect the SQL kind passes in. The only place a SQL
 * connector builds SQL from a query:
 *
 * - Every identifier comes from the catalog and is quoted; every value is a bound parameter.
 *   Only fixed keywords and the dialect's functions are written into the text.
 * - Tables are aliased t0 (the root), t1, t2… (the joins, in order, as LEFT JOINs).
 * - Output columns are named by the query's ids, so a result reads back by id.
 * - Row cap: a LIMIT of the query's own limit when it is within `maxRows`, else `maxRows + 1`, so
 *   the connector sees one row too many, cuts to `maxRows` and marks the table truncated.
 *   An aggregate without dimensions returns one row and gets no LIMIT.
 * - Without an explicit order, grouped rows are ordered by their dimensions, so that answers
 *   (time series above all) are stable.
 */
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import { WINDOW_AGGREGATES, type LogicalQuery, type ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { compileDimension, compileExpression, compileMeasure, compileRatio } from './sql-expressions.ts';
import { compileFilter, compileHaving } from './sql-filters.ts';
import { ParameterList, type Fragment } from './sql-parameters.ts';
import { buildScope, fromClause, invalid, type Scope } from './sql-scope.ts';

export interface SqlCompileOptions {
  /** Rows a result may hold; the statement asks for one more to detect truncation. */
  readonly maxRows: number;
}

interface SelectItem {
  readonly sql: string;
  readonly id: string;
}

export function compileSql(query: LogicalQuery, catalog: Catalog, dialect: SqlDialect, options: SqlCompileOptions): CompiledQuery {
  if (query.kind !== 'select') invalid(`Only select queries can be compiled, not "${String(query.kind)}".`);
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) invalid('maxRows must be a positive integer.');
  checkShape(query, dialect);

  const scope = buildScope(query, catalog);
  const parameters = new ParameterList(dialect);
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters, dialect);
  const isList = query.columns.length > 0;

  const measureSql = compileMeasures(query, scope, parameters, dialect);
  const dimensionItems = query.dimensions.map((dimension) => ({ id: dimension.id, sql: compileDimension(dimension, expression, dialect) }));
  const selectItems: SelectItem[] = isList
    ? query.columns.map((column) => ({ id: column.id, sql: expression(column.field).sql }))
    : [...dimensionItems, ...query.measures.map(({ id }) => ({ id, sql: parameters.bindAgain(measureSql.get(id)!) }))];

  const lines = [isList && query.distinct === true ? 'SELECT DISTINCT' : 'SELECT'];
  lines.push(selectItems.map((item) => `  ${item.sql} AS ${dialect.quoteIdentifier(item.id)}`).join(',\n'));
  lines.push(...fromClause(query, scope, dialect));
  const conditions = query.filters.map((filter) => compileFilter(filter, expression, parameters, dialect));
  if (conditions.length > 0) lines.push(`WHERE ${conditions.join('\n  AND ')}`);
  // Without measures, grouping yields the dimensions' distinct combinations.
  if (dimensionItems.length > 0) lines.push(`GROUP BY ${dimensionItems.map((item) => item.sql).join(', ')}`);
  const having = query.having.map((filter) => compileHaving(filter, measureSql, parameters, dialect));
  if (having.length > 0) lines.push(`HAVING ${having.join('\n  AND ')}`);
  const order = orderClause(query, selectItems, dialect);
  if (order !== undefined) lines.push(order);
  const returnsOneRow = !isList && dimensionItems.length === 0;
  if (!returnsOneRow) {
    const limit = query.limit !== undefined && query.limit <= options.maxRows ? query.limit : options.maxRows + 1;
    lines.push(`LIMIT ${parameters.add(limit)}`);
  }
  return { language: 'sql', dialect: dialect.name, text: lines.join('\n'), params: parameters.values };
}

/**
 * Each measure's aggregate, to be placed in SELECT and again in HAVING. Named placeholders (`$1`)
 * can be written twice: the measure binds its values once, here. Positional ones (`?`) cannot:
 * each measure binds on its own list, and every placement binds those values again. A ratio
 * repeats the text of its two measures, so it carries their values in the same order.
 */
function compileMeasures(query: LogicalQuery, scope: Scope, parameters: ParameterList, dialect: SqlDialect): ReadonlyMap<string, Fragment> {
  const fragments = new Map<string, Fragment>();
  for (const measure of query.measures) {
    if (measure.aggregate === 'ratio') continue;
    const own = dialect.namedPlaceholders ? parameters : new ParameterList(dialect);
    const expression = (node: ScalarExpression) => compileExpression(node, scope, own, dialect);
    const sql = compileMeasure(measure, expression, (filter) => compileFilter(filter, expression, own, dialect));
    fragments.set(measure.id, { sql, values: own === parameters ? [] : own.values });
  }
  for (const measure of query.measures) {
    if (measure.aggregate !== 'ratio') continue;
    const numerator = ratioPart(query, fragments, measure.id, measure.numeratorId, 'numerator');
    const denominator = ratioPart(query, fragments, measure.id, measure.denominatorId, 'denominator');
    if (measure.expression !== undefined || measure.where !== undefined) invalid(`The ratio "${measure.id}" takes neither an expression nor filters; its measures do.`);
    fragments.set(measure.id, { sql: compileRatio(measure, numerator.sql, denominator.sql, dialect), values: [...numerator.values, ...denominator.values] });
  }
  // In the query's order, so that SELECT lists the measures as the query does.
  return new Map(query.measures.map(({ id }) => [id, fragments.get(id)!]));
}

function ratioPart(query: LogicalQuery, fragments: ReadonlyMap<string, Fragment>, ratioId: string, id: string | undefined, role: string): Fragment {
  if (id === undefined) invalid(`The ratio "${ratioId}" needs a ${role} measure id.`);
  const fragment = fragments.get(id);
  if (fragment === undefined || id === ratioId) {
    const isRatio = query.measures.some((measure) => measure.id === id && measure.aggregate === 'ratio');
    invalid(isRatio ? `The ratio "${ratioId}" cannot divide another ratio ("${id}").` : `The ratio "${ratioId}" refers to "${id}", which is not a measure of the query.`);
  }
  return fragment;
}

function checkShape(query: LogicalQuery, dialect: SqlDialect): void {
  const isAggregate = query.measures.length > 0 || query.dimensions.length > 0;
  if (query.columns.length > 0 && isAggregate) invalid('A query lists columns or aggregates measures, not both.');
  if (query.columns.length === 0 && !isAggregate) invalid('A query needs measures, dimensions or columns.');
  if (query.having.length > 0 && query.measures.length === 0) invalid('A having filter needs measures.');
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    invalid(`The limit must be a positive integer, not ${query.limit}.`);
  }
  // Shapes of the logical query this compiler does not write yet: refused, never ignored.
  if ((query.related?.length ?? 0) > 0) invalid('Related-row filters are not compiled yet.');
  if (query.limitPerGroup !== undefined) invalid('A limit per group is not compiled yet.');
  if (query.having.some((filter) => filter.against !== undefined)) invalid('A having filter against the average is not compiled yet.');
  if (query.filters.some((filter) => filter.against !== undefined)) invalid('A filter against the average is not compiled yet.');
  if (query.measures.some((measure) => measure.per !== undefined)) invalid('Measures over per-group totals are not compiled yet.');
  if (query.measures.some((measure) => (WINDOW_AGGREGATES as readonly string[]).includes(measure.aggregate))) invalid('Window measures are not compiled yet.');
  const ids = new Set<string>();
  for (const { id } of [...query.measures, ...query.dimensions, ...query.columns]) {
    if (id.length === 0) invalid('Output ids must not be empty.');
    const problem = dialect.outputIdProblem(id);
    if (problem !== undefined) invalid(problem);
    if (ids.has(id)) invalid(`The id "${id}" is used twice.`);
    ids.add(id);
  }
}

function orderClause(query: LogicalQuery, selectItems: readonly SelectItem[], dialect: SqlDialect): string | undefined {
  const ids = new Set(selectItems.map((item) => item.id));
  for (const { id } of query.order) {
    if (!ids.has(id)) invalid(`The order refers to "${id}", which is not an output column of the query.`);
  }
  const order = query.order.length > 0 ? query.order : query.dimensions.map(({ id }) => ({ id, direction: 'asc' as const }));
  const terms = order.map(({ id, direction }) => dialect.orderTerm(dialect.quoteIdentifier(id), direction));
  return terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : undefined;
}
