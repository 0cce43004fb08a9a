/** Compact, readable summaries of planned queries for assertions. */
import type { LogicalQuery, ScalarExpression } from '../../src/query/logical-query.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { shippedModel, type Model } from '../../src/engine/readings/model.ts';
import type { Catalog, ColumnValues } from '../../src/connectors/catalog.ts';

export interface Summary {
  root: string;
  joins: string[];
  measures: string[];
  dimensions: string[];
  columns: string[];
  filters: string[];
  having: string[];
  order: string[];
  limit?: number;
  distinct: boolean;
  /** Related count columns: `count(rows.link->outer | their filters)`. */
  counts: string[];
}

export function expression(value: ScalarExpression): string {
  if (value.kind === 'field') return `${value.entity}.${value.column}`;
  if (value.kind === 'literal') return String(value.value);
  return `(${expression(value.left)} ${value.op} ${expression(value.right)})`;
}

export function summarise(query: LogicalQuery): Summary {
  return {
    root: query.root,
    joins: query.joins.map((join) => `${join.fromEntity}.${join.fromColumns.join(',')}->${join.toEntity}`),
    measures: query.measures.map((measure) => `${measure.aggregate}(${measure.expression ? expression(measure.expression) : '*'})`),
    dimensions: query.dimensions.map((dimension) => `${dimension.field.entity}.${dimension.field.column}${dimension.grain ? `/${dimension.grain}` : ''}`),
    columns: query.columns.map((column) => `${column.field.entity}.${column.field.column}`),
    filters: query.filters.map((filter) => `${expression(filter.expression)} ${filter.op} ${filter.values.join(',')}`.trim()),
    having: query.having.map((having) => `${having.measureId} ${having.op} ${having.values.join(',')}`),
    order: query.order.map((order) => `${order.id} ${order.direction}`),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    distinct: query.distinct === true,
    counts: (query.relatedCounts ?? []).map(({ link, filters }) => {
      const conditions = filters.map((filter) => `${expression(filter.expression)} ${filter.op} ${filter.values.join(',')}`.trim());
      return `count(${link.entity}.${link.columns.join(',')}->${link.outerEntity}${conditions.length > 0 ? ` | ${conditions.join('; ')}` : ''})`;
    }),
  };
}

export interface Fixture {
  readonly catalog: Catalog;
  readonly values: readonly ColumnValues[];
  readonly now: Date;
}

/** The shipped model answering whatever its confidence and rivals: shows the best reading, whether or not it would be answered. */
export function bestReadingModel(): Model {
  const model = shippedModel();
  return { ...model, confidence: { ...model.confidence, threshold: 0, minOdds: 0 } };
}

/** Plans a question's best reading; fails the test with the engine's reason when it is declined for another cause than confidence. */
export function planned(fixture: Fixture, question: string): { summary: Summary; query: LogicalQuery; interpretation: string; assumptions: readonly string[]; conditions: readonly string[] } {
  const result = planQuestion(question, fixture, { model: bestReadingModel(), suggest: false });
  if (!result.ok) throw new Error(`declined "${question}": ${result.reason}`);
  return { summary: summarise(result.query), query: result.query, interpretation: result.interpretation, assumptions: result.assumptions, conditions: result.conditions ?? [] };
}
