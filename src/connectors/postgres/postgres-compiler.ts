/**
 * LogicalQuery → one PostgreSQL SELECT. The only place the connector builds SQL from a query.
 *
 * - Every identifier comes from the catalog and is double-quoted; every value is a bound
 *   parameter (`$1, $2…`). Only fixed keywords from the tables below are written into the text.
 * - Tables are aliased t0 (the root), t1, t2… (the joins, in order, as LEFT JOINs).
 * - Output columns are named by the query's ids, so a result reads back by id.
 * - `neq` and `not_in` keep rows whose value is NULL ("status is not cancelled" includes rows
 *   without a status): `IS DISTINCT FROM`, and `NOT IN … OR IS NULL`.
 * - Row cap: a LIMIT of the query's own limit when it is within `maxRows`, else `maxRows + 1`, so
 *   the connector sees one row too many, cuts to `maxRows` and marks the table truncated.
 *   An aggregate without dimensions returns one row and gets no LIMIT.
 * - Division is exact (numeric) and yields NULL instead of failing on a zero divisor.
 * - Without an explicit order, grouped rows are ordered by their dimensions, so that answers
 *   (time series above all) are stable.
 */
import type { Catalog, CatalogEntity, ValueType } from '../catalog.ts';
import { findColumn, findEntity } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import { QuerentError } from '../../core/errors.ts';
import type {
  Aggregate,
  Dimension,
  FieldRef,
  Filter,
  FilterValue,
  HavingFilter,
  LogicalQuery,
  Measure,
  ScalarExpression,
  TimeGrain,
} from '../../query/logical-query.ts';
import { quoteIdentifier } from './postgres-sql.ts';

export interface PostgresCompileOptions {
  /** Rows a result may hold; the statement asks for one more to detect truncation. */
  readonly maxRows: number;
}

/** `date_trunc` field names for each grain. */
const GRAIN_TO_SQL: Readonly<Record<TimeGrain, string>> = {
  year: 'year',
  quarter: 'quarter',
  month: 'month',
  week: 'week',
  day: 'day',
};

const AGGREGATE_TO_SQL: Readonly<Record<Aggregate, string>> = {
  count: 'COUNT',
  count_distinct: 'COUNT',
  sum: 'SUM',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
};

const COMPARISON_TO_SQL = {
  eq: '=',
  neq: 'IS DISTINCT FROM',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
} as const;

/** PostgreSQL truncates longer identifiers (NAMEDATALEN - 1), which would rename an output column. */
const MAX_IDENTIFIER_BYTES = 63;

interface ScopeEntry {
  readonly alias: string;
  readonly entity: CatalogEntity;
}

interface CompiledExpression {
  readonly sql: string;
  /** `number` for arithmetic; the column's type for a field. */
  readonly type: ValueType;
  readonly isLiteral: boolean;
}

interface SelectItem {
  readonly sql: string;
  readonly id: string;
}

/** Bound parameters in order of appearance; `add` returns the placeholder. */
class ParameterList {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A comparison value: non-integer numbers are cast so that an integer column accepts them. */
  addComparable(value: FilterValue): string {
    const placeholder = this.add(value);
    return typeof value === 'number' && !Number.isInteger(value) ? `${placeholder}::numeric` : placeholder;
  }
}

export function compilePostgres(query: LogicalQuery, catalog: Catalog, options: PostgresCompileOptions): CompiledQuery {
  if (query.kind !== 'select') invalid(`Only select queries can be compiled, not "${String(query.kind)}".`);
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) invalid('maxRows must be a positive integer.');
  checkShape(query);

  const scope = buildScope(query, catalog);
  const parameters = new ParameterList();
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters);
  const isList = query.columns.length > 0;

  const measureSql = new Map<string, string>();
  for (const measure of query.measures) measureSql.set(measure.id, compileMeasure(measure, expression));
  const dimensionItems = query.dimensions.map((dimension) => ({ id: dimension.id, sql: compileDimension(dimension, expression) }));
  const selectItems: SelectItem[] = isList
    ? query.columns.map((column) => ({ id: column.id, sql: expression(column.field).sql }))
    : [...dimensionItems, ...query.measures.map((measure) => ({ id: measure.id, sql: measureSql.get(measure.id) ?? '' }))];

  const lines: string[] = [];
  lines.push(isList && query.distinct === true ? 'SELECT DISTINCT' : 'SELECT');
  lines.push(selectItems.map((item) => `  ${item.sql} AS ${quoteIdentifier(item.id)}`).join(',\n'));
  lines.push(...fromClause(query, scope));

  const conditions = query.filters.map((filter) => compileFilter(filter, expression, parameters));
  if (conditions.length > 0) lines.push(`WHERE ${conditions.join('\n  AND ')}`);
  // Without measures, grouping yields the dimensions' distinct combinations.
  if (dimensionItems.length > 0) lines.push(`GROUP BY ${dimensionItems.map((item) => item.sql).join(', ')}`);
  const having = query.having.map((filter) => compileHaving(filter, measureSql, parameters));
  if (having.length > 0) lines.push(`HAVING ${having.join('\n  AND ')}`);

  const order = orderClause(query, selectItems);
  if (order !== undefined) lines.push(order);
  const returnsOneRow = !isList && dimensionItems.length === 0;
  if (!returnsOneRow) {
    const limit = query.limit !== undefined && query.limit <= options.maxRows ? query.limit : options.maxRows + 1;
    lines.push(`LIMIT ${parameters.add(limit)}`);
  }

  return { language: 'sql', dialect: 'postgresql', text: lines.join('\n'), params: parameters.values };
}

/** `"table"` in `public`, `"schema"."table"` elsewhere (and for `public.pg_*`, which `pg_catalog` would shadow). */
export function qualifiedTableName(entity: Pick<CatalogEntity, 'schema' | 'table'>): string {
  const table = quoteIdentifier(entity.table);
  if (entity.schema === undefined || (entity.schema === 'public' && !entity.table.startsWith('pg_'))) return table;
  return `${quoteIdentifier(entity.schema)}.${table}`;
}

function checkShape(query: LogicalQuery): void {
  const isAggregate = query.measures.length > 0 || query.dimensions.length > 0;
  if (query.columns.length > 0 && isAggregate) invalid('A query lists columns or aggregates measures, not both.');
  if (query.columns.length === 0 && !isAggregate) invalid('A query needs measures, dimensions or columns.');
  if (query.having.length > 0 && query.measures.length === 0) invalid('A having filter needs measures.');
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    invalid(`The limit must be a positive integer, not ${query.limit}.`);
  }
  const ids = new Set<string>();
  for (const { id } of [...query.measures, ...query.dimensions, ...query.columns]) {
    if (id.length === 0) invalid('Output ids must not be empty.');
    if (new TextEncoder().encode(id).length > MAX_IDENTIFIER_BYTES) invalid(`The id "${id}" is longer than ${MAX_IDENTIFIER_BYTES} bytes.`);
    if (ids.has(id)) invalid(`The id "${id}" is used twice.`);
    ids.add(id);
  }
}

/** The root as t0 and each join target as t1, t2…; every join must start from an entity already in scope. */
function buildScope(query: LogicalQuery, catalog: Catalog): ReadonlyMap<string, ScopeEntry> {
  const scope = new Map<string, ScopeEntry>();
  scope.set(query.root, { alias: 't0', entity: requireEntity(catalog, query.root) });
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
    const on = join.toColumns.map(
      (toColumn, index) => `${to.alias}.${quoteIdentifier(toColumn)} = ${from.alias}.${quoteIdentifier(join.fromColumns[index]!)}`,
    );
    lines.push(`LEFT JOIN ${qualifiedTableName(to.entity)} AS ${to.alias} ON ${on.join(' AND ')}`);
  }
  return lines;
}

function compileExpression(node: ScalarExpression, scope: ReadonlyMap<string, ScopeEntry>, parameters: ParameterList): CompiledExpression {
  switch (node.kind) {
    case 'field':
      return compileField(node, scope);
    case 'literal':
      if (!Number.isFinite(node.value)) invalid(`The literal ${node.value} is not a finite number.`);
      return { sql: `${parameters.add(node.value)}::numeric`, type: 'number', isLiteral: true };
    case 'arithmetic': {
      const left = compileExpression(node.left, scope, parameters);
      const right = compileExpression(node.right, scope, parameters);
      for (const operand of [left, right]) {
        if (operand.type !== 'integer' && operand.type !== 'number') invalid(`Arithmetic needs numbers, not ${operand.type} (${operand.sql}).`);
      }
      if (node.op === '/') {
        // numeric division: integer division would truncate; NULLIF: no error on a zero divisor.
        const dividend = left.isLiteral ? left.sql : `${left.sql}::numeric`;
        return { sql: `(${dividend} / NULLIF(${right.sql}, 0))`, type: 'number', isLiteral: false };
      }
      if (!['+', '-', '*'].includes(node.op)) invalid(`Unknown arithmetic operator "${String(node.op)}".`);
      return { sql: `(${left.sql} ${node.op} ${right.sql})`, type: 'number', isLiteral: false };
    }
    default:
      return invalid(`Unknown expression kind "${String((node as { kind: unknown }).kind)}".`);
  }
}

function compileField(field: FieldRef, scope: ReadonlyMap<string, ScopeEntry>): CompiledExpression {
  const entry = scope.get(field.entity);
  if (entry === undefined) invalid(`The entity "${field.entity}" is neither the root nor joined.`);
  const column = requireColumn(entry.entity, field.column);
  return { sql: `${entry.alias}.${quoteIdentifier(column.name)}`, type: column.type, isLiteral: false };
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
  const grain = GRAIN_TO_SQL[dimension.grain];
  if (grain === undefined) invalid(`Unknown time grain "${String(dimension.grain)}".`);
  if (operand.type !== 'date' && operand.type !== 'timestamp') {
    invalid(`The dimension "${dimension.id}" has a time grain but ${operand.sql} is ${operand.type}, not a date or timestamp.`);
  }
  // A date is cast to timestamp so date_trunc does not go through timestamptz and the time zone.
  const source = operand.type === 'date' ? `${operand.sql}::timestamp` : operand.sql;
  return `date_trunc('${grain}', ${source})::date`;
}

function compileFilter(filter: Filter, expression: (node: ScalarExpression) => CompiledExpression, parameters: ParameterList): string {
  const operand = expression(filter.expression);
  const { op, values } = filter;
  for (const value of values) {
    if (typeof value === 'number' && !Number.isFinite(value)) invalid(`The filter value ${value} is not a finite number.`);
  }
  switch (op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      expectValues(filter, 1);
      return `${operand.sql} ${COMPARISON_TO_SQL[op]} ${parameters.addComparable(values[0]!)}`;
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
      const text = operand.type === 'text' ? operand.sql : `${operand.sql}::text`;
      // Backslash is LIKE's default escape character.
      const pattern = `%${String(values[0]).replace(/[\\%_]/g, '\\$&')}%`;
      return `${text} ILIKE ${parameters.add(pattern)}`;
    }
    case 'is_null':
      expectValues(filter, 0);
      return `${operand.sql} IS NULL`;
    case 'not_null':
      expectValues(filter, 0);
      return `${operand.sql} IS NOT NULL`;
    default:
      return invalid(`Unknown filter operator "${String(op)}".`);
  }
}

/** A filter on a measure repeats the measure's aggregate (and reuses its parameters). */
function compileHaving(filter: HavingFilter, measureSql: ReadonlyMap<string, string>, parameters: ParameterList): string {
  const aggregate = measureSql.get(filter.measureId);
  if (aggregate === undefined) invalid(`The having filter refers to "${filter.measureId}", which is not a measure of the query.`);
  for (const value of filter.values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`The having value ${String(value)} is not a finite number.`);
  }
  // COUNT(*) is bigint: cast so that 2.5 is a valid bound.
  const bound = (value: number) => `${parameters.add(value)}::numeric`;
  if (filter.op === 'between') {
    if (filter.values.length !== 2) invalid(`The having filter "between" on "${filter.measureId}" needs 2 values.`);
    return `${aggregate} BETWEEN ${bound(filter.values[0]!)} AND ${bound(filter.values[1]!)}`;
  }
  const comparison = COMPARISON_TO_SQL[filter.op];
  if (comparison === undefined) invalid(`Unknown having operator "${String(filter.op)}".`);
  if (filter.values.length !== 1) invalid(`The having filter "${filter.op}" on "${filter.measureId}" needs 1 value.`);
  return `${aggregate} ${comparison} ${bound(filter.values[0]!)}`;
}

function orderClause(query: LogicalQuery, selectItems: readonly SelectItem[]): string | undefined {
  const ids = new Set(selectItems.map((item) => item.id));
  for (const { id } of query.order) {
    if (!ids.has(id)) invalid(`The order refers to "${id}", which is not an output column of the query.`);
  }
  const order = query.order.length > 0
    ? query.order.map(({ id, direction }) => `${quoteIdentifier(id)} ${direction === 'desc' ? 'DESC NULLS LAST' : 'ASC'}`)
    : query.dimensions.map(({ id }) => `${quoteIdentifier(id)} ASC`);
  return order.length > 0 ? `ORDER BY ${order.join(', ')}` : undefined;
}

function expectValues(filter: Filter, count: number): void {
  if (filter.values.length !== count) {
    invalid(`The filter "${filter.op}" needs ${count} value${count === 1 ? '' : 's'}, not ${filter.values.length}.`);
  }
}

function requireEntity(catalog: Catalog, name: string): CatalogEntity {
  const entity = findEntity(catalog, name);
  if (entity === undefined) invalid(`The entity "${name}" is not in the catalog.`);
  return entity;
}

function requireColumn(entity: CatalogEntity, name: string) {
  const column = findColumn(entity, name);
  if (column === undefined) invalid(`The entity "${entity.name}" has no column "${name}".`);
  return column;
}

/** Compile errors name the bad part of the query; the engine that built it gets them as `invalid_request`. */
function invalid(detail: string): never {
  throw new QuerentError('invalid_request', detail);
}
