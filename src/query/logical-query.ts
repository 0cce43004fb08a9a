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
 * of the same query (see `Measure.numeratorId`). The window aggregates also read another measure
 * of the same query (`Measure.of`), across the query's output rows:
 * - `share`: the measure's part of the total over the rows with the same `within` dimensions
 *   (all rows when `within` is empty), e.g. each category's share of revenue;
 * - `running_total`: the measure summed over rows up to this one along `along`, restarting per
 *   `within` group;
 * - `change`: the measure minus its value in the bucket exactly one grain before, along the time
 *   dimension `along` (with `percent`: relative to that value, in percent). NULL when that bucket
 *   has no row or (in percent) is 0.
 */
export const AGGREGATES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'ratio', 'share', 'running_total', 'change'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** The aggregates that read another measure across output rows rather than the query's rows. */
export const WINDOW_AGGREGATES = ['share', 'running_total', 'change'] as const;
export type WindowAggregate = (typeof WINDOW_AGGREGATES)[number];
/** The aggregates a catalog metric may use. */
export type RowAggregate = Exclude<Aggregate, WindowAggregate>;

/** The unit of a ratio measure with `percent: true`. */
export const PERCENT_UNIT = '%';

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** A unit that is a currency (an ISO 4217 code such as EUR or USD): the measure is money. */
export function isCurrency(unit: string | undefined): unit is string {
  return unit !== undefined && CURRENCY_CODE.test(unit);
}

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
  /** `ratio`, `share` and `change`: the result times 100, in percent (default false: a plain fraction or difference). */
  readonly percent?: boolean;
  /**
   * A measure over per-group totals: first `per.aggregate` of the expression (or of rows) for each
   * distinct `per.by` within the query's groups, then `aggregate` over those totals. "Average order
   * value": aggregate avg, per { aggregate sum, by [orders.id] }, the line value as expression;
   * "average number of tickets per account": avg, per { count, by [tickets.account_id] }. `where`
   * applies to the rows before the first step. When one measure of a query has `per`, every
   * measure that is not a ratio or a window has the same `per.by`.
   */
  readonly per?: { readonly aggregate: Exclude<RowAggregate, 'ratio'>; readonly by: readonly FieldRef[] };
  /** `share`, `running_total`, `change`: the id of the (plain, non-window) measure they read. */
  readonly of?: string;
  /** `share`, `running_total`: dimension ids whose rows form one group (empty or absent: all rows). */
  readonly within?: readonly string[];
  /** `running_total`, `change`: the dimension id rows are taken in order of; for `change` a date dimension with a grain. */
  readonly along?: string;
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
  /**
   * `average`: compare with the average of the same column over all rows of its entity, no other
   * filter applied to that average ("products priced above the average price"). The expression is
   * a field, `op` one of gt, gte, lt, lte, and `values` is empty.
   */
  readonly against?: 'average';
  /**
   * Alternatives: a row passes when it passes this filter or any of these ("founded after 1850 or
   * public"). Each is a plain filter, with neither `against` nor `or` of its own.
   */
  readonly or?: readonly Filter[];
}

/**
 * Rows of the query that have (`exists`) or have no (`!exists`) related rows in another entity:
 * SQL `[NOT] EXISTS` over a correlated sub-select. The related rows are `root` with its own
 * many-to-one `joins`, passing `filters` (on those entities only); `link` ties them to an entity of
 * the query: `link.entity.columns = link.outerEntity.outerColumns`. "Customers without orders in
 * 2025": exists false, root orders, link orders.customer_id = customers.id, filter on order_date.
 * Two of them make the set questions: "bought both X and Y", "X but not Y".
 */
export interface RelatedFilter extends RelatedRows {
  readonly kind: 'related';
  readonly exists: boolean;
  /**
   * How many related rows each row must have, instead of any ("customers who placed more than 20
   * orders": `COUNT(*) > 20` over the same sub-select); `exists` is then true. Rows with none have
   * a count of 0, so "fewer than 5" keeps them.
   */
  readonly count?: RelatedCount;
}

/** Rows related to each row of a query: `root` with its own many-to-one `joins`, tied by `link`, passing `filters` (on those entities only). */
export interface RelatedRows {
  readonly root: string;
  readonly joins: readonly JoinStep[];
  readonly link: RelatedLink;
  readonly filters: readonly Filter[];
}

/** How related rows tie to the outer query: `entity.columns = outerEntity.outerColumns`. */
export interface RelatedLink {
  /** The root or one of the sub-select's joined entities. */
  readonly entity: string;
  readonly columns: readonly string[];
  /** The query's root or one of its joined entities. */
  readonly outerEntity: string;
  readonly outerColumns: readonly string[];
}

/**
 * The number of related rows beside each row of a list query, as an output column: "how many
 * orders has each employee taken" lists every employee, 0 for those with none (a count grouped by
 * the orders' employee shows only employees with orders). SQL `(SELECT COUNT(*) FROM … WHERE link
 * AND filters)`; the related rows are given as in a related filter.
 */
export interface RelatedCountColumn extends RelatedRows {
  readonly id: string;
  readonly label: string;
  /** Count the distinct values of this field of the related rows ("how many products has each customer bought"), not the rows. */
  readonly distinct?: FieldRef;
}

export interface RelatedCount {
  readonly op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';
  /** One bound, or two for `between` (inclusive). */
  readonly values: readonly number[];
}

/** A filter on an aggregated measure (SQL HAVING), referring to a measure by id. */
export interface HavingFilter {
  readonly measureId: string;
  readonly op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';
  /** The bounds; empty when `against` gives the value compared with. */
  readonly values: readonly number[];
  /**
   * `average`: compare with the average of the measure over all groups of the same query (same
   * filters and grouping, no having, order or limit): "customers whose total spend is above the
   * average". Not with `between`.
   */
  readonly against?: 'average';
}

/**
 * Keep only the first `limit` rows of each group: rows with equal `by` dimensions form a group,
 * ranked by `order` (ties broken by the other output columns, so the cut is stable).
 * "Top 3 products per category": by [category], order revenue desc, limit 3.
 */
export interface LimitPerGroup {
  readonly by: readonly string[];
  readonly order: readonly OrderBy[];
  readonly limit: number;
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
  /** Semi- and anti-joins: every one must hold (absent: none). */
  readonly related?: readonly RelatedFilter[];
  /** List queries only: counts of related rows shown after the columns, in this order (absent: none). */
  readonly relatedCounts?: readonly RelatedCountColumn[];
  /** A cut per group instead of (or before) `limit`; aggregate queries with dimensions only. */
  readonly limitPerGroup?: LimitPerGroup;
  /**
   * Show the values of this dimension as columns, one per value ("one column per year"). Not a
   * part of what the source computes: connectors ignore it and `pivotAnswer` applies it to the rows.
   */
  readonly pivot?: { readonly dimension: string };
  /**
   * Rows whose dimension is before `from` were read only so that later rows can be compared with
   * them ("growth in 2025": January against the December before); they are not shown. Like
   * `pivot`, connectors ignore it and `shapeAnswer` (src/render/answer-rows.ts) applies it.
   */
  readonly showFrom?: { readonly dimension: string; readonly from: string };
}

export function field(entity: string, column: string): FieldRef {
  return { kind: 'field', entity, column };
}

/** Every entity a query touches: the root and each join target. */
export function entitiesOf(query: LogicalQuery): string[] {
  return [query.root, ...query.joins.map((join) => join.toEntity)];
}
