/**
 * Measures over per-group totals (`Measure.per`), in two steps. The inner step is an ordinary
 * grouped query over the same rows: each measure with its `per.aggregate` (its `where` inside, as
 * the CASE of that aggregate), grouped by the dimensions and the `per.by` fields. The outer step
 * applies each measure's own aggregate to its inner column, grouped by the dimensions again.
 */
import type { FieldRef, LogicalQuery, Measure, RowAggregate } from '../../query/logical-query.ts';
import { aggregateCall } from './sql-expressions.ts';
import { aggregateType, expressionType } from './sql-measure-types.ts';
import type { SqlContext } from './sql-rows.ts';
import { invalid } from './sql-scope.ts';

const OUTER_AGGREGATES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max'] as const satisfies readonly Exclude<RowAggregate, 'ratio'>[];

/** The inner step as a query of its own, and the fields it also groups by. */
export function perInnerQuery(query: LogicalQuery): { readonly query: LogicalQuery; readonly by: readonly FieldRef[] } {
  const measures: Measure[] = [];
  let by: readonly FieldRef[] = [];
  for (const { per, id, label, expression, where } of query.measures) {
    if (per === undefined) continue;
    by = per.by;
    measures.push({ id, label, aggregate: per.aggregate, ...(expression === undefined ? {} : { expression }), ...(where === undefined ? {} : { where }) });
  }
  const { kind, root, joins, dimensions, filters, related } = query;
  const inner: LogicalQuery = { kind, root, joins, measures, dimensions, columns: [], filters, having: [], order: [], ...(related === undefined ? {} : { related }) };
  return { query: inner, by };
}

/**
 * The measure's own aggregate over its inner column. A conditional row count is 0 exactly for the
 * groups none of whose rows pass its filters: those groups do not exist for the measure, so NULLIF
 * takes them out (a conditional sum, average, minimum or maximum is already NULL there).
 */
export function outerAggregate(measure: Measure, column: string, context: SqlContext): string {
  const per = measure.per!;
  if (!(OUTER_AGGREGATES as readonly string[]).includes(measure.aggregate)) invalid(`The measure "${measure.id}" cannot aggregate per-group totals with "${measure.aggregate}".`);
  const aggregate = measure.aggregate as (typeof OUTER_AGGREGATES)[number];
  const totals = aggregateType(per.aggregate, () => expressionType(measure, context));
  if ((aggregate === 'sum' || aggregate === 'avg') && totals !== 'integer' && totals !== 'number') {
    invalid(`The measure "${measure.id}" cannot ${aggregate} per-group ${per.aggregate} values that are not numbers.`);
  }
  const value = per.aggregate === 'count' && measure.expression === undefined && measure.where !== undefined ? `NULLIF(${column}, 0)` : column;
  const sql = aggregateCall(aggregate, value);
  return aggregate === 'sum' && totals === 'integer' ? context.dialect.integerSum(sql) : sql;
}
