/**
 * LogicalQuery → one MySQL SELECT, valid on MySQL 5.7+ and MariaDB 10.3+: the shared SQL compiler
 * (`../sql/sql-compiler.ts`) with MySQL's hooks, so that it follows the PostgreSQL compiler rule for rule.
 *
 * - Identifiers are backtick-quoted; values are bound parameters (`?`, sent as a server-side
 *   prepared statement).
 * - `neq` and `not_in` keep rows whose value is NULL: `NOT (x <=> ?)` (NULL-safe equality, like
 *   PostgreSQL's IS DISTINCT FROM) and `NOT IN … OR IS NULL`.
 * - Non-integer numbers and arithmetic literals are exact DECIMALs (a JS number would be bound as
 *   a DOUBLE); division yields NULL on a zero divisor; NULLs sort last both ways, as in PostgreSQL.
 * - Window measures and a limit per group use window functions, which MySQL has from 8.0 (MariaDB
 *   from 10.2): on MySQL 5.7 the server refuses those statements, and only those.
 */
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';
import { compileSql, type SqlCompileOptions } from '../sql/sql-compiler.ts';
import { likePattern, type SqlDialect } from '../sql/sql-dialect.ts';
import { qualifiedTableName, quoteIdentifier } from './mysql-sql.ts';

export type MysqlCompileOptions = SqlCompileOptions;

/** MySQL's limit for column names; output ids become column aliases. */
const MAX_IDENTIFIER_CHARACTERS = 64;

/** An exact decimal wide enough for any value a question holds (65 digits, 30 after the point: MySQL's maximum). */
const EXACT_DECIMAL = 'DECIMAL(65,30)';

/**
 * The LIKE escape character. Not backslash: with the NO_BACKSLASH_ESCAPES mode a server has no
 * default escape character and `'\\'` means two characters (MySQL manual, "String Comparison Functions").
 */
const LIKE_ESCAPE = '!';

export const MYSQL_DIALECT: SqlDialect = {
  name: 'mysql',
  placeholder: () => '?',
  namedPlaceholders: false,
  ordersByExpression: true,
  quoteIdentifier,
  qualifiedTableName,
  outputIdProblem: (id) => {
    if ([...id].length > MAX_IDENTIFIER_CHARACTERS) return `The id "${id}" is longer than ${MAX_IDENTIFIER_CHARACTERS} characters.`;
    if (id.endsWith(' ') || id.includes('\u0000')) return `The id "${id}" ends with a space or holds a NUL character, which MySQL does not allow.`;
    return undefined;
  },
  // Bound as text and cast, never as a DOUBLE.
  exactNumber: (parameters, value) => `CAST(${parameters.add(String(value))} AS ${EXACT_DECIMAL})`,
  // MySQL's `/` never truncates.
  exactDividend: (sql) => sql,
  // 30 decimals: `/` adds div_precision_increment (4) to the dividend's scale, up to 30.
  ratioDividend: (sql) => `CAST(${sql} AS ${EXACT_DECIMAL})`,
  // As DATE values; the week starts on Monday, as ISO and PostgreSQL's date_trunc.
  grainToSql: {
    year: ({ sql }) => `MAKEDATE(YEAR(${sql}), 1)`,
    quarter: ({ sql }) => `(MAKEDATE(YEAR(${sql}), 1) + INTERVAL (QUARTER(${sql}) - 1) QUARTER)`,
    month: ({ sql }) => `CAST(DATE_FORMAT(${sql}, '%Y-%m-01') AS DATE)`,
    week: ({ sql }) => `(DATE(${sql}) - INTERVAL WEEKDAY(${sql}) DAY)`,
    day: ({ sql }) => `DATE(${sql})`,
  },
  integerSum: (sql) => sql,
  // `date - 1` would be arithmetic on the number 20240301.
  dayBefore: (sql) => `(${sql} - INTERVAL 1 DAY)`,
  notEqualNullSafe: (left, right) => `NOT (${left} <=> ${right})`,
  matchText: (operand, text, mode, parameters) => {
    // Lower-cased on both sides and compared byte for byte: case-insensitive whatever the
    // column's collation, and accent-sensitive, as PostgreSQL's ILIKE.
    const pattern = likePattern(text.replace(/[!%_]/g, `${LIKE_ESCAPE}$&`), mode);
    return `LOWER(CONVERT(${operand.sql} USING utf8mb4)) LIKE LOWER(${parameters.add(pattern)}) COLLATE utf8mb4_bin ESCAPE '${LIKE_ESCAPE}'`;
  },
  // MySQL puts NULLs first when ascending.
  orderTerm: (quotedId, direction) => (direction === 'desc' ? `${quotedId} DESC` : `${quotedId} IS NULL, ${quotedId} ASC`),
};

export function compileMysql(query: LogicalQuery, catalog: Catalog, options: MysqlCompileOptions): CompiledQuery {
  return compileSql(query, catalog, MYSQL_DIALECT, options);
}
