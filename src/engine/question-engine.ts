import type { Catalog, ColumnValues } from '../connectors/catalog.ts';
import type { LogicalQuery } from '../query/logical-query.ts';
import type { DeclineCode } from './declines.ts';
import type { RowsOf } from './readings/same-rows.ts';

/** What the engine knows about a connection when it plans a question. */
export interface EngineContext {
  readonly catalog: Catalog;
  /** Distinct values of low-cardinality text columns, for linking words to data. */
  readonly values: readonly ColumnValues[];
  /** "Now", for relative periods such as "last quarter". */
  readonly now: Date;
  /**
   * The run a follow-up question refines ("and last year?", "only in Germany", "by month
   * instead"): its question and the query it was answered with.
   */
  readonly previous?: PreviousQuestion;
  /**
   * The rows a query gives on this connection, as the asker would see them (read-only, bounded),
   * or undefined when that cannot be told (too many rows). Readings close in likelihood that give
   * the same rows are one answer; without it, readings are told apart by their words only.
   */
  readonly rowsOf?: RowsOf;
}

export interface PreviousQuestion {
  readonly question: string;
  readonly query: LogicalQuery;
}

export interface PlannedQuestion {
  readonly ok: true;
  readonly query: LogicalQuery;
  /** The question as the engine understood it, in plain words. */
  readonly interpretation: string;
  /** Choices the engine made that the question left open ("revenue = quantity × unit price"). */
  readonly assumptions: readonly string[];
  /** Every condition of the query in words ("status is cancelled"), so that no answer drops one. */
  readonly conditions: readonly string[];
  /** How each business metric the query uses is defined, in words ("Revenue = … of orders that are not cancelled"). */
  readonly definitions?: readonly string[];
  /** The model's probability for the reading answered, 0–1. */
  readonly confidence: number;
}

export interface DeclinedQuestion {
  readonly ok: false;
  /** Why, as a code of the decline catalogue (src/engine/declines.ts). */
  readonly code: DeclineCode;
  /** Why, in words for the asker. */
  readonly reason: string;
  /** The question's words at fault, when the decline is about words. */
  readonly words: readonly string[];
  /** Questions the engine can answer on this connection, close to what was asked. */
  readonly suggestions: readonly string[];
}

export type PlanResult = PlannedQuestion | DeclinedQuestion;

/**
 * Turns a question into a logical query. The built-in engine is deterministic and needs no
 * network; an LLM-backed engine is an optional plug-in behind the same interface.
 */
export interface QuestionEngine {
  readonly name: string;
  plan(question: string, context: EngineContext): Promise<PlanResult>;
}
