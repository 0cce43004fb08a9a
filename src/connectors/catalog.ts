/**
 * The catalog: what a connection holds, as the engine sees it. Built by a connector's
 * introspector and cached per connection. Synonyms, segments and metrics are an optional semantic
 * layer a connector may add from a curated vocabulary (Odoo's core models have one).
 */
import type { RowAggregate, FilterOperator, FilterValue, ScalarExpression } from '../query/logical-query.ts';

/** Value types the engine reasons about; `nativeType` keeps the source's own name. */
export type ValueType = 'integer' | 'number' | 'text' | 'date' | 'timestamp' | 'boolean' | 'other';

export interface CatalogColumn {
  readonly name: string;
  readonly type: ValueType;
  readonly nativeType: string;
  readonly nullable: boolean;
  /** Column comment (SQL) or field help/label (Odoo). */
  readonly description?: string;
  /** A display label, when the source has one (Odoo's field string). */
  readonly label?: string;
  /** Unit when known, e.g. `EUR`, `USD`, `days`. */
  readonly unit?: string;
  /** Whether the source can group by this column (Odoo: `groupable`, or `store` before 17). Absent: yes. */
  readonly groupable?: boolean;
  /** Whether the source can filter on this column (Odoo: `searchable`, or `store` before 17). Absent: yes. */
  readonly filterable?: boolean;
  /** Whether the source can order by this column (Odoo: `sortable`, or `store` before 17). Absent: yes. */
  readonly sortable?: boolean;
  /** Closed list of stored values and the labels people use for them (Odoo selection fields). */
  readonly choices?: readonly ColumnChoice[];
  /** Other words people use for this column (a curated vocabulary), e.g. `salesperson` for `user_id`. */
  readonly synonyms?: readonly string[];
}

/**
 * A condition on a column of the same entity, as a semantic layer states it (e.g. posted
 * invoices: `state eq posted`). The engine turns it into a filter of the logical query.
 */
export interface CatalogCondition {
  readonly column: string;
  readonly op: FilterOperator;
  readonly values: readonly FilterValue[];
  /** The entity the column belongs to when it is not the segment's or metric's own (reached many-to-one). */
  readonly entity?: string;
  /** Compare with the day the question is asked instead of `values` ("overdue": due before today). */
  readonly today?: boolean;
}

/**
 * A named subset of an entity's rows that people refer to by a word: "open" invoices, "customers"
 * among partners. When a question uses one of the words about the entity, all conditions apply.
 */
export interface CatalogSegment {
  readonly words: readonly string[];
  readonly label: string;
  readonly conditions: readonly CatalogCondition[];
  /** The date a period applies to when the question names this segment ("solved tickets last week" → resolved_at). */
  readonly time?: string;
}

/**
 * A business measure with an agreed definition, e.g. revenue = sum of `amount_untaxed` over
 * confirmed orders. Preferred over the engine's own guesses when a question uses one of its words.
 */
export interface CatalogMetric {
  readonly words: readonly string[];
  readonly label: string;
  readonly aggregate: RowAggregate;
  /** Absent for a count of rows (or when `expression` is given). */
  readonly column?: string;
  /** An expression over the entity's columns, instead of one column (line value: quantity × unit_price × (1 − discount)). */
  readonly expression?: ScalarExpression;
  readonly conditions: readonly CatalogCondition[];
  readonly unit?: string;
  /** The date a period applies to: a column of the metric's entity or of an entity it points to. */
  readonly time?: { readonly entity: string; readonly column: string };
  /**
   * A state of now (MRR of live subscriptions, headcount of active employees): the data holds no
   * history of it, so no period or time grain applies ("MRR last month" is declined, not read as
   * the MRR of subscriptions started last month).
   */
  readonly current?: boolean;
  /** How it is computed, in words, stated with every answer that uses it. */
  readonly definition?: string;
  /**
   * `aggregate: 'ratio'` only: the two counts or sums divided, each with its own conditions (on
   * the metric's entity) besides the metric's: "churn rate = churned subscriptions / subscriptions
   * that ever paid". Both are shown beside the ratio.
   */
  readonly ratio?: { readonly numerator: CatalogMetricPart; readonly denominator: CatalogMetricPart; readonly percent?: boolean };
  /**
   * The measure "best", "top" and "worst" rank by when the question names none ("our best
   * salespeople" by revenue). At most one metric of a catalog says so.
   */
  readonly ranks?: boolean;
  /**
   * A metric over per-group totals: `per.aggregate` of the expression for each value of `per.by`,
   * then `aggregate` over those ("average order value": the average over orders of each order's revenue).
   */
  readonly per?: { readonly aggregate: Exclude<RowAggregate, 'ratio'>; readonly by: { readonly entity: string; readonly column: string } };
  /**
   * The same measure at a finer grain, for questions the other metrics of its words cannot answer:
   * an order line's revenue for "revenue by product", the order's own for "revenue by customer".
   * A reading that uses it is dropped when another reading reads the same words as a metric that is not one.
   */
  readonly fallback?: boolean;
}

/** One side of a ratio metric. */
export interface CatalogMetricPart {
  readonly label: string;
  readonly aggregate: Exclude<RowAggregate, 'ratio'>;
  /** Absent for a count of rows. */
  readonly column?: string;
  readonly conditions: readonly CatalogCondition[];
}

export interface ColumnChoice {
  /** The stored value, e.g. `out_invoice`. */
  readonly value: string;
  /** The label shown to people, e.g. `Customer Invoice`. */
  readonly label: string;
}

export interface CatalogForeignKey {
  readonly columns: readonly string[];
  readonly refEntity: string;
  readonly refColumns: readonly string[];
}

export interface CatalogEntity {
  /** Name used in logical queries; schema-qualified (`sales.orders`) outside the default schema. */
  readonly name: string;
  readonly schema?: string;
  readonly table: string;
  readonly description?: string;
  readonly label?: string;
  readonly isView: boolean;
  /** Estimated row count; -1 when unknown. */
  readonly rowCount: number;
  readonly primaryKey: readonly string[];
  readonly columns: readonly CatalogColumn[];
  readonly foreignKeys: readonly CatalogForeignKey[];
  /** Other words people use for this entity (a curated vocabulary), e.g. `customer` for `res.partner`. */
  readonly synonyms?: readonly string[];
  readonly segments?: readonly CatalogSegment[];
  readonly metrics?: readonly CatalogMetric[];
}

export interface Catalog {
  readonly entities: readonly CatalogEntity[];
  /**
   * Questions the data owner has checked the engine's answer to (part of the semantic layer). A
   * question whose best reading is the reading of one of them is answered with that reading.
   */
  readonly verifiedQuestions?: readonly string[];
}

/** Distinct values of a low-cardinality text column, for linking words in a question to data. */
export interface ColumnValues {
  readonly entity: string;
  readonly column: string;
  readonly values: readonly string[];
}

export function findEntity(catalog: Catalog, name: string): CatalogEntity | undefined {
  return catalog.entities.find((entity) => entity.name === name);
}

export function findColumn(entity: CatalogEntity, name: string): CatalogColumn | undefined {
  return entity.columns.find((column) => column.name === name);
}
