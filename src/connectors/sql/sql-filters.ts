/** WHERE and HAVING conditions → SQL text, in any SQL dialect. Every value is a bound parameter. */
import { alternativesOf } from '../../query/filter-forms.ts';
import type { Filter, HavingFilter } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import type { ExpressionCompiler } from './sql-expressions.ts';
import type { Fragment, ParameterList } from './sql-parameters.ts';
import { invalid } from './sql-scope.ts';

const TEXT_MATCH = { contains: 'contains', starts_with: 'starts', ends_with: 'ends' } as const;
export const COMPARISON_TO_SQL: Readonly<Record<'eq' | 'gt' | 'gte' | 'lt' | 'lte', string>> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * One WHERE condition. `neq` and `not_in` keep rows whose value is NULL ("status is not
 * cancelled" includes rows without a status).
 */
export function compileFilter(filter: Filter, expression: ExpressionCompiler, parameters: ParameterList, dialect: SqlDialect): string {
  if (filter.or !== undefined) {
    return `(${alternativesOf({ ...filter, or: filter.or }).map((each) => compileFilter(each, expression, parameters, dialect)).join(' OR ')})`;
  }
  const operand = expression(filter.expression);
  const { op, values } = filter;
  for (const value of values) {
    if (typeof value === 'number' && !Number.isFinite(value)) invalid(`The filter value ${value} is not a finite number.`);
  }
  switch (op) {
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      expectValues(filter, 1);
      return `${operand.sql} ${COMPARISON_TO_SQL[op]} ${parameters.addComparable(values[0]!)}`;
    case 'neq':
      expectValues(filter, 1);
      return dialect.notEqualNullSafe(operand.sql, parameters.addComparable(values[0]!));
    case 'between':
      expectValues(filter, 2);
      return `${operand.sql} BETWEEN ${parameters.addComparable(values[0]!)} AND ${parameters.addComparable(values[1]!)}`;
    case 'in':
    case 'not_in': {
      if (values.length === 0) invalid(`The filter "${op}" on ${operand.sql} needs at least one value.`);
      const list = values.map((value) => parameters.addComparable(value)).join(', ');
      return op === 'in' ? `${operand.sql} IN (${list})` : `(${operand.sql} NOT IN (${list}) OR ${operand.sql} IS NULL)`;
    }
    case 'contains':
    case 'starts_with':
    case 'ends_with':
      expectValues(filter, 1);
      return dialect.matchText(operand, String(values[0]), TEXT_MATCH[op], parameters);
    case 'is_null':
    case 'not_null':
      expectValues(filter, 0);
      return `${operand.sql} ${op === 'is_null' ? 'IS NULL' : 'IS NOT NULL'}`;
    default:
      return invalid(`Unknown filter operator "${String(op)}".`);
  }
}

/**
 * A filter on a measure repeats the measure's aggregate; its bounds are exact decimals (COUNT(*)
 * may be an integer). Against the average, the other side is `average(measureId)`, compiled (and
 * its values bound) after the aggregate, in text order.
 */
export function compileHaving(
  filter: HavingFilter,
  measureSql: ReadonlyMap<string, Fragment>,
  parameters: ParameterList,
  dialect: SqlDialect,
  average: (measureId: string) => string,
): string {
  const measure = measureSql.get(filter.measureId);
  if (measure === undefined) invalid(`The having filter refers to "${filter.measureId}", which is not a measure of the query.`);
  for (const value of filter.values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`The having value ${String(value)} is not a finite number.`);
  }
  if (filter.against !== undefined && filter.against !== 'average') invalid(`A having filter compares with a value or "average", not "${String(filter.against)}".`);
  const expected = filter.against !== undefined ? 0 : filter.op === 'between' ? 2 : 1;
  if (filter.values.length !== expected) {
    invalid(`The having filter "${filter.op}" on "${filter.measureId}"${filter.against === undefined ? '' : ' against the average'} needs ${expected} value${expected === 1 ? '' : 's'}.`);
  }
  if (filter.op === 'between') {
    if (filter.against !== undefined) invalid(`The having filter on "${filter.measureId}" cannot be "between" the average.`);
    const aggregate = parameters.bindAgain(measure);
    return `${aggregate} BETWEEN ${parameters.addExact(filter.values[0]!)} AND ${parameters.addExact(filter.values[1]!)}`;
  }
  const comparison = filter.op === 'neq' ? (left: string, right: string) => dialect.notEqualNullSafe(left, right) : COMPARISON_TO_SQL[filter.op];
  if (comparison === undefined) invalid(`Unknown having operator "${String(filter.op)}".`);
  const aggregate = parameters.bindAgain(measure);
  const bound = filter.against === undefined ? parameters.addExact(filter.values[0]!) : average(filter.measureId);
  return typeof comparison === 'string' ? `${aggregate} ${comparison} ${bound}` : comparison(aggregate, bound);
}

function expectValues(filter: Filter, count: number): void {
  if (filter.values.length !== count) invalid(`The filter "${filter.op}" needs ${count} value${count === 1 ? '' : 's'}, not ${filter.values.length}.`);
}
