/**
 * The value type of a measure's column, known before the statement runs. The compiler needs it
 * where the dialects' aggregates disagree: PostgreSQL sums bigints (counts, sums of integers) into
 * numeric, MySQL into a DECIMAL without decimals (an integer), so a sum of integers is cast back.
 */
import type { ValueType } from '../catalog.ts';
import type { LogicalQuery, Measure, RowAggregate } from '../../query/logical-query.ts';
import { compileExpression } from './sql-expressions.ts';
import { ParameterList } from './sql-parameters.ts';
import type { SqlContext } from './sql-rows.ts';

/** The type of the measure `id` of the query (window measures and ratios included). */
export function measureType(query: LogicalQuery, id: string, context: SqlContext): ValueType {
  const measure = query.measures.find((each) => each.id === id);
  if (measure === undefined) return 'number';
  switch (measure.aggregate) {
    case 'ratio':
    case 'share':
      return 'number';
    case 'running_total':
      return measureType(query, measure.of ?? '', context);
    case 'change':
      return measure.percent === true ? 'number' : measureType(query, measure.of ?? '', context);
    default:
      return measure.per === undefined
        ? aggregateType(measure.aggregate, () => expressionType(measure, context))
        : aggregateType(measure.aggregate, () => aggregateType(measure.per!.aggregate, () => expressionType(measure, context)));
  }
}

/** Counts are integers, averages numbers; a sum, minimum or maximum has the type of what it aggregates. */
export function aggregateType(aggregate: Exclude<RowAggregate, 'ratio'>, operand: () => ValueType): ValueType {
  if (aggregate === 'count' || aggregate === 'count_distinct') return 'integer';
  if (aggregate === 'avg') return 'number';
  const type = operand();
  return aggregate === 'sum' && type !== 'integer' ? 'number' : type;
}

/** The type of what the measure aggregates: its expression's, or an integer for a count of rows. */
export function expressionType(measure: Measure, context: SqlContext): ValueType {
  if (measure.expression === undefined) return 'integer';
  // Compiled only for its type: the values it binds are dropped.
  return compileExpression(measure.expression, context.scope, new ParameterList(context.dialect), context.dialect).type;
}
