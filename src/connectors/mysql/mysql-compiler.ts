/**
 * LogicalQuery → one MySQL SELECT, valid on MySQL 5.7+ and MariaDB 10.3+. The only place the
 * connector builds SQL from a query; it mirrors the PostgreSQL compiler rule for rule:
 *
 * - Every identifier comes from the catalog and is backtick-quoted; every value is a bound
 *   parameter (`?`, sent as a server-side prepared statement). Only fixed keywords and the
 *   functions of the tables below are written into the text.
 * - Tables are aliased t0 (the root), t1, t2… (the joins, in order, as LEFT JOINs).
 * - `neq` and `not_in` keep rows whose value is NULL: `NOT (x <=> ?)` (NULL-safe equality, like
 *   PostgreSQL's IS DISTINCT FROM) and `NOT IN … OR IS NULL`.
 * - Row cap: a LIMIT of the query's own limit when it is within `maxRows`, else `maxRows + 1`;
 *   an aggregate without dimensions returns one row and gets no LIMIT.
 * - Non-integer numbers and arithmetic literals are exact DECIMALs (a JS number would be bound as
 *   a DOUBLE); division yields NULL on a zero divisor; NULLs sort last both ways, as in PostgreSQL.
 */
import type { Catalog, CatalogColumn, CatalogEntity, ValueType } from '../catalog.ts';
import { findColumn, findEntity } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import { QuerentError } from '../../core/errors.ts';
import type { Aggregate, Dimension, Filter, HavingFilter, LogicalQuery, Measure, ScalarExpression, TimeGrain } from '../../query/logical-query.ts';
import { ParameterList, type Fragment } from './mysql-parameters.ts';
import { qualifiedTableName, quoteIdentifier } from './mysql-sql.ts';

export interface MysqlCompileOptions {
  /** Rows a result may hold; the statement asks for one more to detect truncation. */
  readonly maxRows: number;
}

/** Date truncation per grain, as DATE values (the week starts on Monday, as ISO and PostgreSQL's date_trunc). */
const GRAIN_TO_SQL: Readonly<Record<TimeGrain, (value: string) => string>> = {
  year: (value) => `MAKEDATE(YEAR(${value}), 1)`,
  quarter: (value) => `(MAKEDATE(YEAR(${value}), 1) + INTERVAL (QUARTER(${value}) - 1) QUARTER)`,
  month: (value) => `CAST(DATE_FORMAT(${value}, '%Y-%m-01') AS DATE)`,
  week: (value) => `(DATE(${value}) - INTERVAL WEEKDAY(${value}) DAY)`,
  day: (value) => `DATE(${value})`,
};

const AGGREGATE_TO_SQL: Readonly<Record<Aggregate, string>> = {
  count: 'COUNT', count_distinct: 'COUNT', sum: 'SUM', avg: 'AVG', min: 'MIN', max: 'MAX',
};

const COMPARISON_TO_SQL: Readonly<Record<'eq' | 'gt' | 'gte' | 'lt' | 'lte', string>> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** MySQL's limit for column names; output ids become column aliases. */
const MAX_IDENTIFIER_CHARACTERS = 64;

/**
 * The LIKE escape character. Not backslash: with the NO_BACKSLASH_ESCAPES mode a server has no
 * default escape character and `'\\'` means two characters (MySQL manual, "String Comparison Functions").
 */
const LIKE_ESCAPE = '!';

interface ScopeEntry { readonly alias: string; readonly entity: CatalogEntity }
interface CompiledExpression { readonly sql: string; readonly type: ValueType }
interface SelectItem { readonly sql: string; readonly id: string }
export function compileMysql(query: LogicalQuery, catalog: Catalog, options: MysqlCompileOptions): CompiledQuery {
  if (query.kind !== 'select') invalid(`Only select queries can be compiled, not "${String(query.kind)}".`);
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) invalid('maxRows must be a positive integer.');
  checkShape(query);

  const scope = buildScope(query, catalog);
  const parameters = new ParameterList();
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters);
  const isList = query.columns.length > 0;

  const dimensionItems = query.dimensions.map((dimension) => ({ id: dimension.id, sql: compileDimension(dimension, expression) }));
  // `?` is positional and HAVING repeats a measure's text: each measure binds its own values.
  const measureSql = new Map(query.measures.map((measure): [string, Fragment] => {
    const own = new ParameterList();
    return [measure.id, { sql: compileMeasure(measure, (node) => compileExpression(node, scope, own)), values: own.values }];
  }));
  const selectItems: SelectItem[] = isList
    ? query.columns.map((column) => ({ id: column.id, sql: expression(column.field).sql }))
    : [...dimensionItems, ...query.measures.map(({ id }) => ({ id, sql: parameters.bindAgain(measureSql.get(id)!) }))];

  const lines = [isList && query.distinct === true ? 'SELECT DISTINCT' : 'SELECT'];
  lines.push(selectItems.map((item) => `  ${item.sql} AS ${quoteIdentifier(item.id)}`).join(',\n'));
  lines.push(...fromClause(query, scope));
  const conditions = query.filters.map((filter) => compileFilter(filter, expression, parameters));
  if (conditions.length > 0) lines.push(`WHERE ${conditions.join('\n  AND ')}`);
  if (dimensionItems.length > 0) lines.push(`GROUP BY ${dimensionItems.map((item) => item.sql).join(', ')}`);
  const having = query.having.map((filter) => compileHaving(filter, measureSql, parameters));
  if (having.length > 0) lines.push(`HAVING ${having.join('\n  AND ')}`);
  const order = orderClause(query, selectItems);
  if (order !== undefined) lines.push(order);
  if (isList || dimensionItems.length > 0) {
    const limit = query.limit !== undefined && query.limit <= options.maxRows ? query.limit : options.maxRows + 1;
    lines.push(`LIMIT ${parameters.add(limit)}`);
  }
  return { language: 'sql', dialect: 'mysql', text: lines.join('\n'), params: parameters.values };
}

function checkShape(query: LogicalQuery): void {
  const isAggregate = query.measures.length > 0 || query.dimensions.length > 0;
  if (query.columns.length > 0 && isAggregate) invalid('A query lists columns or aggregates measures, not both.');
  if (query.columns.length === 0 && !isAggregate) invalid('A query needs measures, dimensions or columns.');
  if (query.having.length > 0 && query.measures.length === 0) invalid('A having filter needs measures.');
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) invalid(`The limit must be a positive integer, not ${query.limit}.`);
  const ids = new Set<string>();
  for (const { id } of [...query.measures, ...query.dimensions, ...query.columns]) {
    if (id.length === 0) invalid('Output ids must not be empty.');
    if ([...id].length > MAX_IDENTIFIER_CHARACTERS) invalid(`The id "${id}" is longer than ${MAX_IDENTIFIER_CHARACTERS} characters.`);
    if (id.endsWith(' ') || id.includes('\u0000')) invalid(`The id "${id}" ends with a space or holds a NUL character, which MySQL does not allow.`);
    if (ids.has(id)) invalid(`The id "${id}" is used twice.`);
    ids.add(id);
  }
}

/** The root as t0 and each join target as t1, t2…; every join must start from an entity already in scope. */
function buildScope(query: LogicalQuery, catalog: Catalog): ReadonlyMap<string, ScopeEntry> {
  const scope = new Map<string, ScopeEntry>([[query.root, { alias: 't0', entity: requireEntity(catalog, query.root) }]]);
  for (const join of query.joins) {
    const from = scope.get(join.fromEntity);
    if (from === undefined) invalid(`The join to "${join.toEntity}" starts from "${join.fromEntity}", which is not joined yet.`);
    if (scope.has(join.toEntity)) invalid(`The entity "${join.toEntity}" is joined twice.`);
    const to = requireEntity(catalog, join.toEntity);
    if (join.fromColumns.length === 0 || join.fromColumns.length !== join.toColumns.length) {
      invalid(`The join from "${join.fromEntity}" to "${join.toEntity}" needs matching, non-empty column lists.`);
    }
    join.fromColumns.forEach((column) => requireColumn(from.entity, column));
    join.toColumns.forEach((column) => requireColumn(to, column));
    scope.set(join.toEntity, { alias: `t${scope.size}`, entity: to });
  }
  return scope;
}

function fromClause(query: LogicalQuery, scope: ReadonlyMap<string, ScopeEntry>): string[] {
  const root = scope.get(query.root)!;
  const lines = [`FROM ${qualifiedTableName(root.entity)} AS ${root.alias}`];
  for (const join of query.joins) {
    const from = scope.get(join.fromEntity)!;
    const to = scope.get(join.toEntity)!;
    const on = join.toColumns.map((toColumn, index) => `${to.alias}.${quoteIdentifier(toColumn)} = ${from.alias}.${quoteIdentifier(join.fromColumns[index]!)}`);
    lines.push(`LEFT JOIN ${qualifiedTableName(to.entity)} AS ${to.alias} ON ${on.join(' AND ')}`);
  }
  return lines;
}

function compileExpression(node: ScalarExpression, scope: ReadonlyMap<string, ScopeEntry>, parameters: ParameterList): CompiledExpression {
  switch (node.kind) {
    case 'field': {
      const entry = scope.get(node.entity);
      if (entry === undefined) invalid(`The entity "${node.entity}" is neither the root nor joined.`);
      const column = requireColumn(entry.entity, node.column);
      return { sql: `${entry.alias}.${quoteIdentifier(column.name)}`, type: column.type };
    }
    case 'literal':
      if (!Number.isFinite(node.value)) invalid(`The literal ${node.value} is not a finite number.`);
      return { sql: parameters.addExact(node.value), type: 'number' };
    case 'arithmetic': {
      const left = compileExpression(node.left, scope, parameters);
      const right = compileExpression(node.right, scope, parameters);
      for (const operand of [left, right]) {
        if (operand.type !== 'integer' && operand.type !== 'number') invalid(`Arithmetic needs numbers, not ${operand.type} (${operand.sql}).`);
      }
      // MySQL's `/` never truncates; NULLIF says outright that a zero divisor gives NULL.
      if (node.op === '/') return { sql: `(${left.sql} / NULLIF(${right.sql}, 0))`, type: 'number' };
      if (!['+', '-', '*'].includes(node.op)) invalid(`Unknown arithmetic operator "${String(node.op)}".`);
      return { sql: `(${left.sql} ${node.op} ${right.sql})`, type: 'number' };
    }
    default:
      return invalid(`Unknown expression kind "${String((node as { kind: unknown }).kind)}".`);
  }
}

function compileMeasure(measure: Measure, expression: (node: ScalarExpression) => CompiledExpression): string {
  const aggregate = AGGREGATE_TO_SQL[measure.aggregate];
  if (aggregate === undefined) invalid(`Unknown aggregate "${String(measure.aggregate)}".`);
  if (measure.expression === undefined) {
    if (measure.aggregate !== 'count') invalid(`The measure "${measure.id}" (${measure.aggregate}) needs an expression.`);
    return 'COUNT(*)';
  }
  const operand = expression(measure.expression);
  if ((measure.aggregate === 'sum' || measure.aggregate === 'avg') && operand.type !== 'integer' && operand.type !== 'number') {
    invalid(`The measure "${measure.id}" cannot ${measure.aggregate} ${operand.type} values.`);
  }
  return measure.aggregate === 'count_distinct' ? `COUNT(DISTINCT ${operand.sql})` : `${aggregate}(${operand.sql})`;
}

/** A dimension, truncated to its grain as a date when it has one. */
function compileDimension(dimension: Dimension, expression: (node: ScalarExpression) => CompiledExpression): string {
  const operand = expression(dimension.field);
  if (dimension.grain === undefined) return operand.sql;
  const truncate = GRAIN_TO_SQL[dimension.grain];
  if (truncate === undefined) invalid(`Unknown time grain "${String(dimension.grain)}".`);
  if (operand.type !== 'date' && operand.type !== 'timestamp') {
    invalid(`The dimension "${dimension.id}" has a time grain but ${operand.sql} is ${operand.type}, not a date or timestamp.`);
  }
  return truncate(operand.sql);
}

function compileFilter(filter: Filter, expression: (node: ScalarExpression) => CompiledExpression, parameters: ParameterList): string {
  const operand = expression(filter.expression);
  const { op, values } = filter;
  for (const value of values) {
    if (typeof value === 'number' && !Number.isFinite(value)) invalid(`The filter value ${value} is not a finite number.`);
  }
  switch (op) {
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      expectValues(filter, 1);
      return `${operand.sql} ${COMPARISON_TO_SQL[op]} ${parameters.addComparable(values[0]!)}`;
    case 'neq':
      expectValues(filter, 1);
      return `NOT (${operand.sql} <=> ${parameters.addComparable(values[0]!)})`;
    case 'between':
      expectValues(filter, 2);
      return `${operand.sql} BETWEEN ${parameters.addComparable(values[0]!)} AND ${parameters.addComparable(values[1]!)}`;
    case 'in':
    case 'not_in': {
      if (values.length === 0) invalid(`The filter "${op}" on ${operand.sql} needs at least one value.`);
      const list = values.map((value) => parameters.addComparable(value)).join(', ');
      return op === 'in' ? `${operand.sql} IN (${list})` : `(${operand.sql} NOT IN (${list}) OR ${operand.sql} IS NULL)`;
    }
    case 'contains': {
      expectValues(filter, 1);
      // Lower-cased on both sides and compared byte for byte: case-insensitive whatever the
      // column's collation, and accent-sensitive, as PostgreSQL's ILIKE.
      const pattern = `%${String(values[0]).replace(/[!%_]/g, `${LIKE_ESCAPE}$&`)}%`;
      return `LOWER(CONVERT(${operand.sql} USING utf8mb4)) LIKE LOWER(${parameters.add(pattern)}) COLLATE utf8mb4_bin ESCAPE '${LIKE_ESCAPE}'`;
    }
    case 'is_null':
    case 'not_null':
      expectValues(filter, 0);
      return `${operand.sql} ${op === 'is_null' ? 'IS NULL' : 'IS NOT NULL'}`;
    default:
      return invalid(`Unknown filter operator "${String(op)}".`);
  }
}

/** A filter on a measure repeats the measure's aggregate; its bounds are exact decimals. */
function compileHaving(filter: HavingFilter, measureSql: ReadonlyMap<string, Fragment>, parameters: ParameterList): string {
  const measure = measureSql.get(filter.measureId);
  if (measure === undefined) invalid(`The having filter refers to "${filter.measureId}", which is not a measure of the query.`);
  for (const value of filter.values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`The having value ${String(value)} is not a finite number.`);
  }
  const count = filter.op === 'between' ? 2 : 1;
  if (filter.values.length !== count) invalid(`The having filter "${filter.op}" on "${filter.measureId}" needs ${count} value${count === 1 ? '' : 's'}.`);
  const aggregate = parameters.bindAgain(measure);
  const [low, high] = filter.values.map((value) => parameters.addExact(value));
  if (filter.op === 'between') return `${aggregate} BETWEEN ${low} AND ${high}`;
  if (filter.op === 'neq') return `NOT (${aggregate} <=> ${low})`;
  const comparison = COMPARISON_TO_SQL[filter.op];
  if (comparison === undefined) invalid(`Unknown having operator "${String(filter.op)}".`);
  return `${aggregate} ${comparison} ${low}`;
}

/** NULLs last both ways, as PostgreSQL sorts them (MySQL puts them first when ascending). */
function orderClause(query: LogicalQuery, selectItems: readonly SelectItem[]): string | undefined {
  const ids = new Set(selectItems.map((item) => item.id));
  for (const { id } of query.order) {
    if (!ids.has(id)) invalid(`The order refers to "${id}", which is not an output column of the query.`);
  }
  const order = query.order.length > 0 ? query.order : query.dimensions.map(({ id }) => ({ id, direction: 'asc' as const }));
  const terms = order.map(({ id, direction }) => (direction === 'desc' ? `${quoteIdentifier(id)} DESC` : `${quoteIdentifier(id)} IS NULL, ${quoteIdentifier(id)} ASC`));
  return terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : undefined;
}

function expectValues(filter: Filter, count: number): void {
  if (filter.values.length !== count) invalid(`The filter "${filter.op}" needs ${count} value${count === 1 ? '' : 's'}, not ${filter.values.length}.`);
}

function requireEntity(catalog: Catalog, name: string): CatalogEntity {
  return findEntity(catalog, name) ?? invalid(`The entity "${name}" is not in the catalog.`);
}

function requireColumn(entity: CatalogEntity, name: string): CatalogColumn {
  return findColumn(entity, name) ?? invalid(`The entity "${entity.name}" has no column "${name}".`);
}

/** Compile errors name the bad part of the query; the engine that built it gets them as `invalid_request`. */
function invalid(detail: string): never {
  throw new QuerentError('invalid_request', detail);
}
