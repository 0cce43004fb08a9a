/**
 * What the question asks for, in terms of mentions that are not yet resolved to columns:
 * the reader (read.ts) fills it, the planner (plan.ts) resolves it against the schema.
 */
import type { TimeGrain } from '../query/logical-query.ts';
import type { CompareOp } from './cues.ts';
import type { Mention } from './link.ts';
import type { Period } from './periods.ts';
import type { Concept } from './thesaurus.ts';

export type AggregateWord = 'count' | 'sum' | 'avg' | 'min' | 'max';

export type MeasureSource =
  /** Rows of an entity ("how many orders"); the subject's when `mention` is absent. */
  | { readonly kind: 'count'; readonly mention?: Mention }
  /** A numeric column or a concept word ("amount", "revenue"). */
  | { readonly kind: 'field'; readonly mention: Mention }
  /** A concept implied by a word such as "cheapest" (price) or "best selling" (money). */
  | { readonly kind: 'concept'; readonly concept: Concept };

export interface MeasureIntent {
  /** Absent when no word said it: the planner picks sum for amounts, average for prices. */
  readonly aggregate?: AggregateWord;
  readonly source: MeasureSource;
  /** "number of different countries". */
  readonly distinct: boolean;
  /** An entity named with the measure: "amount of invoices". */
  readonly scope?: Mention;
}

export type DimensionIntent =
  | { readonly kind: 'mention'; readonly mention: Mention; readonly each?: boolean }
  | { readonly kind: 'grain'; readonly grain: TimeGrain; readonly dateHint?: Mention };

export interface ValueFilterIntent {
  /** Several mentions are alternatives of one column ("Germany or France"). */
  readonly mentions: readonly Mention[];
  readonly negated: boolean;
  /** A word next to the value that names its column or entity ("shipped to", "customers"). */
  readonly hints: readonly Mention[];
}

export type ComparisonTarget =
  | { readonly kind: 'field'; readonly mention: Mention }
  /** "more than 5 orders": a count of related rows (a having filter). */
  | { readonly kind: 'count'; readonly mention: Mention }
  /** "invoices over 1000": the entity's amount column. */
  | { readonly kind: 'amount'; readonly mention: Mention }
  /** "with total revenue over 1000": the measure of the query. */
  | { readonly kind: 'measure'; readonly measureIndex: number };

export interface ComparisonIntent {
  readonly op: CompareOp;
  readonly values: readonly number[];
  readonly target: ComparisonTarget;
  readonly negated: boolean;
}

export interface QuotedIntent {
  readonly text: string;
  readonly column?: Mention;
  readonly op: 'eq' | 'contains';
  readonly negated: boolean;
}

export interface PeriodIntent {
  readonly period: Period;
  /** A word naming the date: "shipped in 2024", "due in March", "ordered last year". */
  readonly dateHint?: Mention;
}

export interface RankIntent {
  readonly direction: 'asc' | 'desc';
  readonly limit?: number;
  /** "top customers", "bottom products": a short list when no number is given; other superlatives name one. */
  readonly several?: boolean;
  /** Index into `measures` of the measure ranked by, or a column to sort a list by. */
  readonly measureIndex?: number;
  readonly column?: Mention;
  readonly concept?: Concept;
  /** The entity a concept ranking is about when it is not the subject ("customers with the cheapest invoices"). */
  readonly conceptEntity?: Mention;
}

export interface Intent {
  /** The entity (or column) being counted, listed or ranked. */
  subject?: Mention;
  measures: MeasureIntent[];
  dimensions: DimensionIntent[];
  valueFilters: ValueFilterIntent[];
  comparisons: ComparisonIntent[];
  quoted: QuotedIntent[];
  periods: PeriodIntent[];
  /** "2023 vs 2024": compare the periods side by side. */
  versus: boolean;
  rank?: RankIntent;
  /** Explicit sort: "sorted by price". */
  sort?: { readonly mention?: Mention; readonly measureIndex?: number; readonly direction: 'asc' | 'desc' };
  /** Links that must be empty: "tickets with no agent" → agent_id is null. */
  missing: Mention[];
  /** Dates that must be set: "resolved tickets" → resolved_at is not null. */
  dateSet: Mention[];
  /** Columns asked for in a list ("the names of products"). */
  columns: Mention[];
  /** Columns named after "is/are" ("customers who are active"): yes/no conditions, not columns to show. */
  predicates: Mention[];
  /** Predicates said with "not" ("customers who are not active"). */
  negatedPredicates: Mention[];
  /** The entity that owns an asked column ("the name of each department" → departments). */
  owners: Map<Mention, Mention>;
  /** Columns asked for next to the rows ("products with their supplier", "customers and their cities"). */
  extraColumns: Mention[];
  /** Other entities named, which scope the question ("customers who ordered"). */
  context: Mention[];
  /** List wording (list, show, which…) was used. */
  listWords: boolean;
  /** "who …": the answer must name someone. */
  asksWho?: boolean;
  /** "all the information about…": every column of the subject. */
  allColumns?: boolean;
  /** A selling or buying verb: the sales lines take part ("products sold last quarter"). */
  salesFact?: boolean;
  /** "unique", "distinct", "different". */
  distinct: boolean;
  /** "first 10": a limit without an order. */
  limit?: number;
  /** Why the question cannot be planned, found while reading. */
  problems: string[];
}

export function emptyIntent(): Intent {
  return {
    measures: [], dimensions: [], valueFilters: [], comparisons: [], quoted: [], periods: [], versus: false,
    columns: [], extraColumns: [], predicates: [], negatedPredicates: [], owners: new Map(), context: [], missing: [], dateSet: [], listWords: false, distinct: false, problems: [],
  };
}
