/**
 * What one SQL kind writes differently. `compileSql` asks these hooks for every piece of text
 * that is not the same in all SQL dialects; everything else (scope, joins, grouping, the row cap,
 * validation) is written once in this folder.
 */
import type { CatalogEntity, ValueType } from '../catalog.ts';
import type { TimeGrain } from '../../query/logical-query.ts';
import type { ParameterList } from './sql-parameters.ts';

/** A compiled scalar: its SQL text and its type (`number` for arithmetic; the column's type for a field). */
/** Where a text filter's text must appear in the value. */
export type TextMatch = 'contains' | 'starts' | 'ends';

export interface SqlOperand {
  readonly sql: string;
  readonly type: ValueType;
}

export interface SqlDialect {
  /** `CompiledQuery.dialect` of the statements this dialect compiles. */
  readonly name: 'postgresql' | 'mysql';
  /** The placeholder of the `index`-th bound value, counted from 1 (`$1` or `?`). */
  placeholder(index: number): string;
  /**
   * Whether a placeholder names its value (`$1`), so that text holding placeholders can be written
   * twice and still refer to the same values. When false (`?`), repeated text binds its values again.
   */
  readonly namedPlaceholders: boolean;
  /** A quoted identifier, valid for any name. */
  quoteIdentifier(name: string): string;
  /** The entity's table, quoted and schema-qualified where the dialect needs it. */
  qualifiedTableName(entity: Pick<CatalogEntity, 'schema' | 'table'>): string;
  /** Why an output id cannot be a column alias in this dialect, or undefined when it can. */
  outputIdProblem(id: string): string | undefined;
  /** A number bound as an exact decimal (never a float); also used for arithmetic literals and HAVING bounds. */
  exactNumber(parameters: ParameterList, value: number): string;
  /** The dividend of `/`, so that the division is exact (not integer division). Not called for literals. */
  exactDividend(sql: string): string;
  /**
   * The numerator of a ratio measure as a decimal with enough fractional digits that the quotient
   * is the same on every SQL kind to at least 15 significant digits (MySQL keeps only 4 more
   * digits than the dividend's scale; PostgreSQL at least 16 significant ones).
   */
  ratioDividend(sql: string): string;
  /** Per grain: a date or timestamp operand truncated to the start of its period, as a DATE. */
  readonly grainToSql: Readonly<Record<TimeGrain, (operand: SqlOperand) => string>>;
  /**
   * A SUM of integers, typed as an integer: PostgreSQL sums bigints into numeric, MySQL integers
   * into a DECIMAL without decimals, which reads back as an integer.
   */
  integerSum(sql: string): string;
  /** The DATE one day before a DATE: truncated to a grain, the start of the period before a period's start. */
  dayBefore(sql: string): string;
  /** `left <> right`, true when exactly one side is NULL (PostgreSQL's IS DISTINCT FROM). */
  notEqualNullSafe(left: string, right: string): string;
  /** Case-insensitive match of `text` in the operand (anywhere, at its start or at its end), the pattern bound as a parameter. */
  matchText(operand: SqlOperand, text: string, mode: TextMatch, parameters: ParameterList): string;
  /** One ORDER BY term for an output column; NULLs sort last both ways. */
  orderTerm(quotedId: string, direction: 'asc' | 'desc'): string;
  /**
   * Whether an ascending `orderTerm` is an expression over the column (`x IS NULL, x`), which may
   * not name the alias of an aggregate (MariaDB: "reference to group function"): a query ordered
   * ascending by a measure then reads its grouped rows as a derived table first.
   */
  readonly ordersByExpression: boolean;
}

/** A LIKE pattern for text already escaped for the dialect: `%text%`, `text%` or `%text`. */
export function likePattern(escaped: string, mode: TextMatch): string {
  return `${mode === 'starts' ? '' : '%'}${escaped}${mode === 'ends' ? '' : '%'}`;
}
