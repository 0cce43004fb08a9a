/**
 * A reading: one complete interpretation of a question as a typed tree of what to show, which
 * rows count, how they are grouped, ranked and cut. The planner turns it into a logical query
 * and the explainer into words, so the sentence and the SQL come from the same object. Every node
 * records the question's tokens it stands for, so that each word is accounted for.
 */
import type { CatalogMetric, CatalogSegment } from '../../connectors/catalog.ts';
import type { TimeGrain } from '../../query/logical-query.ts';
import type { CompareOp } from '../question/cues.ts';
import type { Period } from '../question/periods.ts';

export type ReadingAggregate = 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max';

/** A number computed over rows: count of an entity's rows, or an aggregate of a column or a metric. */
export interface MeasureNode {
  readonly kind: 'measure';
  readonly aggregate: ReadingAggregate;
  /** The entity whose rows are counted or aggregated. */
  readonly entity: string;
  /** The column aggregated; absent for a count of rows. */
  readonly column?: string;
  /** A semantic-layer metric that defines the measure (its aggregate, column and conditions). */
  readonly metric?: CatalogMetric;
  /**
   * A measure over per-group totals: `per.aggregate` of the column (or rows) for each row of
   * `per.entity`, then `aggregate` over those ("the average number of orders per customer").
   */
  readonly per?: { readonly aggregate: ReadingAggregate; readonly entity: string };
  readonly tokens: readonly number[];
}

/** A column shown as it is. */
export interface ColumnNode {
  readonly kind: 'column';
  readonly entity: string;
  readonly column: string;
  readonly tokens: readonly number[];
}

/** An entity's rows shown by the columns that name them (name; first and last name). */
export interface NameNode {
  readonly kind: 'name';
  readonly entity: string;
  readonly tokens: readonly number[];
}

export type OutputNode = MeasureNode | ColumnNode | NameNode;

export type ConditionNode =
  | { readonly kind: 'equals'; readonly entity: string; readonly column: string; readonly values: readonly (string | number | boolean)[]; readonly negated: boolean; readonly tokens: readonly number[] }
  /** `against: 'average'`: compared with the column's average over all its entity's rows; no values. */
  /** Compared with `values`, the column's average, or `otherColumn` of the same row ("units in stock below their reorder level"). */
  | { readonly kind: 'compare'; readonly entity: string; readonly column: string; readonly op: CompareOp; readonly values: readonly number[]; readonly against?: 'average'; readonly otherColumn?: string; readonly tokens: readonly number[] }
  | { readonly kind: 'text'; readonly entity: string; readonly column: string; readonly mode: 'contains' | 'starts' | 'ends'; readonly text: string; readonly negated: boolean; readonly tokens: readonly number[] }
  | { readonly kind: 'period'; readonly entity: string; readonly column: string; readonly period: Period; readonly tokens: readonly number[] }
  /** A link that is empty ("employees without a manager") or set ("tickets with an agent"). */
  | { readonly kind: 'missing'; readonly entity: string; readonly column: string; readonly negated: boolean; readonly tokens: readonly number[] }
  | { readonly kind: 'segment'; readonly entity: string; readonly segment: CatalogSegment; readonly tokens: readonly number[] }
  /** Alternatives said with "or" ("founded after 1850 or public"); `entity` is the first one's. */
  | { readonly kind: 'either'; readonly entity: string; readonly options: readonly ConditionNode[]; readonly tokens: readonly number[] };

/**
 * Rows of the subject that have (`exists`) or have no related rows of another entity, with
 * conditions on those rows: "customers without orders in 2025", "products never ordered".
 */
export interface RelatedNode {
  /** The entity whose rows must exist or not (orders). */
  readonly entity: string;
  readonly exists: boolean;
  /** Conditions on the related rows (order date in 2025); they stay inside the sub-select. */
  readonly conditions: readonly ConditionNode[];
  /** How many related rows there must be, instead of any ("placed more than 20 orders"). */
  readonly count?: { readonly op: CompareOp; readonly values: readonly number[] };
  /** Other rows of the subject itself that share this column's value ("industries shared by companies in the USA and in China"). */
  readonly sharing?: { readonly column: string };
  /** The row of the subject's own kind its key points to, by this key ("employees who report to Julian Daum": reports_to). */
  readonly parentVia?: string;
  /** The rows of the subject's own kind whose key points to the subject's row ("Liz Müller's manager": her manager_id). */
  readonly childVia?: string;
  readonly tokens: readonly number[];
}

export type GroupNode =
  | { readonly kind: 'column'; readonly entity: string; readonly column: string; readonly tokens: readonly number[] }
  /**
   * One group per row of the entity, shown by its name; `via` the foreign key the question named
   * ("by salesperson" = orders.employee_id), which is then the join to it.
   */
  | { readonly kind: 'entity'; readonly entity: string; readonly via?: { readonly entity: string; readonly column: string }; readonly tokens: readonly number[] }
  | { readonly kind: 'grain'; readonly entity: string; readonly column: string; readonly grain: TimeGrain; readonly tokens: readonly number[] };

export interface HavingNode {
  readonly measure: MeasureNode;
  readonly op: CompareOp;
  readonly values: readonly number[];
  /** Compared with the measure's average over all groups instead of `values`. */
  readonly against?: 'average';
  readonly tokens: readonly number[];
}

export type OrderKey = { readonly kind: 'column'; readonly entity: string; readonly column: string } | MeasureNode;

export interface OrderNode {
  readonly key: OrderKey;
  readonly direction: 'asc' | 'desc';
  readonly tokens: readonly number[];
}

export interface Reading {
  /** The entity whose rows are listed, counted or ranked. */
  readonly subject: string;
  readonly outputs: readonly OutputNode[];
  readonly conditions: readonly ConditionNode[];
  readonly related: readonly RelatedNode[];
  readonly groups: readonly GroupNode[];
  readonly having: readonly HavingNode[];
  readonly order: readonly OrderNode[];
  readonly limit?: number;
  /**
   * A measure read across the rows, beside the one measure: "revenue growth by month" (its change
   * against the bucket before, in percent), "each category's share of revenue", "cumulative
   * revenue by month".
   */
  readonly window?: { readonly kind: 'change' | 'share' | 'running_total'; readonly measure: MeasureNode; readonly tokens: readonly number[] };
  /**
   * The part of the counted rows that pass `conditions`, in percent of them all: "what percentage of
   * orders were cancelled" (the query's own conditions narrow both counts).
   */
  readonly rowShare?: { readonly measure: MeasureNode; readonly conditions: readonly ConditionNode[] };
  /** A group whose values are shown as columns ("one column per status"). */
  readonly pivot?: GroupNode;
  /** The count is asked of every row of its one group's table ("each employee"), those with none too. */
  readonly everyGroup?: boolean;
  /** The limit applies within each group of these ("the top 3 products per category"), not to all rows. */
  readonly limitPer?: readonly GroupNode[];
  readonly distinct: boolean;
  /** Other entities the question names that the rows must relate to (joined, nothing shown). */
  readonly scope: readonly string[];
  /** The subject was said or counted ("of support agents"), not inferred from what is shown. */
  readonly subjectSaid: boolean;
  /** Tokens used by the reading beyond its nodes: cue words, grammar words that took a role. */
  readonly usedTokens: readonly number[];
  /** Lemmas of all the question's words: where two keys join the same tables, the words may name one ("approved by"). */
  readonly saidLemmas: readonly string[];
}
