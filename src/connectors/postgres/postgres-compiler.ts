/**
 * LogicalQuery → one PostgreSQL SELECT: the shared SQL compiler (`../sql/sql-compiler.ts`) with
 * PostgreSQL's hooks.
 *
 * - Identifiers are double-quoted; values are bound parameters (`$1, $2…`).
 * - `neq` and `not_in` keep rows whose value is NULL: `IS DISTINCT FROM`, and `NOT IN … OR IS NULL`.
 * - Division is exact (numeric) and yields NULL instead of failing on a zero divisor.
 */
import type { Catalog, CatalogEntity } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';
import { compileSql, type SqlCompileOptions } from '../sql/sql-compiler.ts';
import { likePattern, type SqlDialect, type SqlOperand } from '../sql/sql-dialect.ts';
import { quoteIdentifier } from './postgres-sql.ts';

export type PostgresCompileOptions = SqlCompileOptions;

/** PostgreSQL truncates longer identifiers (NAMEDATALEN - 1), which would rename an output column. */
const MAX_IDENTIFIER_BYTES = 63;

/** `date_trunc` of a grain, as a date. A date is cast to timestamp so date_trunc does not go through timestamptz and the time zone. */
function dateTrunc(field: string): (operand: SqlOperand) => string {
  return (operand) => `date_trunc('${field}', ${operand.type === 'date' ? `${operand.sql}::timestamp` : operand.sql})::date`;
}

export const POSTGRES_DIALECT: SqlDialect = {
  name: 'postgresql',
  placeholder: (index) => `$${index}`,
  namedPlaceholders: true,
  ordersByExpression: false,
  quoteIdentifier,
  qualifiedTableName,
  outputIdProblem: (id) => (new TextEncoder().encode(id).length > MAX_IDENTIFIER_BYTES ? `The id "${id}" is longer than ${MAX_IDENTIFIER_BYTES} bytes.` : undefined),
  // An integer column accepts a numeric bound; COUNT(*) is bigint, so that 2.5 is a valid HAVING bound.
  exactNumber: (parameters, value) => `${parameters.add(value)}::numeric`,
  exactDividend: (sql) => `${sql}::numeric`,
  ratioDividend: (sql) => `${sql}::numeric`,
  grainToSql: { year: dateTrunc('year'), quarter: dateTrunc('quarter'), month: dateTrunc('month'), week: dateTrunc('week'), day: dateTrunc('day') },
  integerSum: (sql) => `(${sql})::int8`,
  // date - integer is a date.
  dayBefore: (sql) => `(${sql} - 1)`,
  notEqualNullSafe: (left, right) => `${left} IS DISTINCT FROM ${right}`,
  matchText: (operand, text, mode, parameters) => {
    const value = operand.type === 'text' ? operand.sql : `${operand.sql}::text`;
    // Backslash is LIKE's default escape character.
    return `${value} ILIKE ${parameters.add(likePattern(text.replace(/[\\%_]/g, '\\$&'), mode))}`;
  },
  orderTerm: (quotedId, direction) => `${quotedId} ${direction === 'desc' ? 'DESC NULLS LAST' : 'ASC'}`,
};

export function compilePostgres(query: LogicalQuery, catalog: Catalog, options: PostgresCompileOptions): CompiledQuery {
  return compileSql(query, catalog, POSTGRES_DIALECT, options);
}

/** `"table"` in `public`, `"schema"."table"` elsewhere (and for `public.pg_*`, which `pg_catalog` would shadow). */
export function qualifiedTableName(entity: Pick<CatalogEntity, 'schema' | 'table'>): string {
  const table = quoteIdentifier(entity.table);
  if (entity.schema === undefined || (entity.schema === 'public' && !entity.table.startsWith('pg_'))) return table;
  return `${quoteIdentifier(entity.schema)}.${table}`;
}
