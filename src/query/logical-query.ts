/**
 * The logical query: plain, immutable data that says *what* to compute, never *how* in SQL.
 * Only a connector's compiler turns it into a statement, so nothing upstream can produce a write.
 * The shape follows Cube's query format (measures, dimensions, filters, order, limit).
 */

/** A column of an entity (table or Odoo model) in the connection's catalog. */
export interface FieldRef {
  readonly kind: 'field';
  /** Entity name exactly as in the catalog (for SQL: the table name, schema-qualified when not the default). */
  readonly entity: string;
  /** Column name exactly as in the catalog. */
  readonly column: string;
}

export interface Literal {
  readonly kind: 'literal';
  readonly value: number;
}

/** Arithmetic over numeric fields, e.g. quantity × unit_price × (1 − discount). */
export interface Arithmetic {
  readonly kind: 'arithmetic';
  readonly op: '+' | '-' | '*' | '/';
  readonly left: ScalarExpression;
  readonly right: ScalarExpression;
}

export type ScalarExpression = FieldRef | Literal | Arithmetic;

/**
 * How a measure combines rows. `ratio` aggregates nothing itself: it divides two other measures
 * of the same query (see `Measure.numeratorId`).
 */
export const AGGREGATES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'ratio'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** The unit of a ratio measure with `percent: true`. */
export const PERCENT_UNIT = '%';

export interface Measure {
  /** Output column name, unique within the query (e.g. `total_revenue`). */
  readonly id: string;
  /** Human label (e.g. "Total revenue"). */
  readonly label: string;
  readonly aggregate: Aggregate;
  /** The expression aggregated; absent for `count` of rows and for `ratio`. */
  readonly expression?: ScalarExpression;
  /** Unit shown to people, e.g. a currency code or "days"; `%` for a ratio in percent. */
  readonly unit?: string;
  /**
   * A conditional measure: only rows passing all these filters (besides the query's own) are
   * aggregated (SQL `SUM(CASE WHEN … THEN x END)`, `COUNT(CASE WHEN … THEN 1 END)`). Absent: every
   * row of the query counts. Not allowed on `ratio`; when present it holds at least one filter.
   */
  readonly where?: readonly Filter[];
  /** `ratio` only: the id of the measure divided (another, non-ratio measure of this query). */
  readonly numeratorId?: string;
  /**
   * `ratio` only: the id of the measure divided by (another, non-ratio measure of this query). A
   * denominator of 0 or NULL makes the ratio NULL; a NULL numerator (no row passed its `where`)
   * counts as 0.
   */
  readonly denominatorId?: string;
  /** `ratio` only: the quotient times 100, in percent (default false: a plain fraction). */
  readonly percent?: boolean;
}

export const TIME_GRAINS = ['year', 'quarter', 'month', 'week', 'day'] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

export interface Dimension {
  readonly id: string;
  readonly label: string;
  readonly field: FieldRef;
  /** Truncate a date/time field to this grain. */
  readonly grain?: TimeGrain;
}

export const FILTER_OPERATORS = [
  'eq', 'neq', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between', 'contains', 'starts_with', 'ends_with', 'is_null', 'not_null',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterValue = string | number | boolean;

/**
 * A row filter. `between` takes [low, high] inclusive; date ranges from the engine use
 * `gte` + `lt` pairs so that the upper bound is exclusive. `contains`, `starts_with` and `ends_with`
 * are case-insensitive text matches.
 */
export interface Filter {
  readonly kind: 'filter';
  readonly expression: ScalarExpression;
  readonly op: FilterOperator;
  readonly values: readonly FilterValue[];
}

/** A filter on an aggregated measure (SQL HAVING), referring to a measure by id. */
export interface HavingFilter {
  readonly measureId: string;
  readonly op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';
  readonly values: readonly number[];
}

export interface OrderBy {
  /** A measure id, dimension id, or a selected column id. */
  readonly id: string;
  readonly direction: 'asc' | 'desc';
}

/** A plain column in a list query (no aggregation). */
export interface SelectedColumn {
  readonly id: string;
  readonly label: string;
  readonly field: FieldRef;
}

/**
 * A many-to-one (or one-to-one) hop used to reach another entity from the root:
 * `from.entity.fromColumns = to.entity.toColumns`. The engine's planner chooses the path;
 * compilers emit it as LEFT JOINs in order.
 */
export interface JoinStep {
  readonly fromEntity: string;
  readonly fromColumns: readonly string[];
  readonly toEntity: string;
  readonly toColumns: readonly string[];
}

/**
 * One read query. Either an aggregate query (measures, optionally grouped by dimensions) or a
 * list query (columns, no measures). The root is the entity whose rows are counted or listed.
 */
export interface LogicalQuery {
  readonly kind: 'select';
  readonly root: string;
  readonly joins: readonly JoinStep[];
  readonly measures: readonly Measure[];
  readonly dimensions: readonly Dimension[];
  readonly columns: readonly SelectedColumn[];
  readonly filters: readonly Filter[];
  readonly having: readonly HavingFilter[];
  readonly order: readonly OrderBy[];
  /** Maximum rows; absent means the connector's row cap. */
  readonly limit?: number;
  /** SELECT DISTINCT for list queries. */
  readonly distinct?: boolean;
}

export function field(entity: string, column: string): FieldRef {
  return { kind: 'field', entity, column };
}

/** Every entity a query touches: the root and each join target. */
export function entitiesOf(query: LogicalQuery): string[] {
  return [query.root, ...query.joins.map((join) => join.toEntity)];
}
