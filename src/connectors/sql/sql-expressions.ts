/** Scalar expressions, measures and dimensions → SQL text, in any SQL dialect. */
import type { Dimension, Filter, Measure, RowAggregate, ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect, SqlOperand } from './sql-dialect.ts';
import type { ParameterList } from './sql-parameters.ts';
import { invalid, requireColumn, type Scope } from './sql-scope.ts';

export interface CompiledExpression extends SqlOperand {
  /** A bound literal, already exact: a dividend that needs no cast. */
  readonly isLiteral: boolean;
}

/** Compiles one expression of the query, binding its literals. */
export type ExpressionCompiler = (node: ScalarExpression) => CompiledExpression;

/** Compiles one filter to a condition, binding its values. */
export type ConditionCompiler = (filter: Filter) => string;

const AGGREGATE_TO_SQL = {
  count: 'COUNT', count_distinct: 'COUNT', sum: 'SUM', avg: 'AVG', min: 'MIN', max: 'MAX',
} as const satisfies Readonly<Record<Exclude<RowAggregate, 'ratio'>, string>>;

export function compileExpression(node: ScalarExpression, scope: Scope, parameters: ParameterList, dialect: SqlDialect): CompiledExpression {
  switch (node.kind) {
    case 'field': {
      const entry = scope.get(node.entity);
      if (entry === undefined) invalid(`The entity "${node.entity}" is neither the root nor joined.`);
      const column = requireColumn(entry.entity, node.column);
      return { sql: `${entry.alias}.${dialect.quoteIdentifier(column.name)}`, type: column.type, isLiteral: false };
    }
    case 'literal':
      if (!Number.isFinite(node.value)) invalid(`The literal ${node.value} is not a finite number.`);
      return { sql: parameters.addExact(node.value), type: 'number', isLiteral: true };
    case 'arithmetic': {
      const left = compileExpression(node.left, scope, parameters, dialect);
      const right = compileExpression(node.right, scope, parameters, dialect);
      for (const operand of [left, right]) {
        if (operand.type !== 'integer' && operand.type !== 'number') invalid(`Arithmetic needs numbers, not ${operand.type} (${operand.sql}).`);
      }
      if (node.op === '/') {
        // Exact division (never integer division); NULLIF: NULL, not an error, on a zero divisor.
        const dividend = left.isLiteral ? left.sql : dialect.exactDividend(left.sql);
        return { sql: `(${dividend} / NULLIF(${right.sql}, 0))`, type: 'number', isLiteral: false };
      }
      if (!['+', '-', '*'].includes(node.op)) invalid(`Unknown arithmetic operator "${String(node.op)}".`);
      return { sql: `(${left.sql} ${node.op} ${right.sql})`, type: 'number', isLiteral: false };
    }
    default:
      return invalid(`Unknown expression kind "${String((node as { kind: unknown }).kind)}".`);
  }
}

/**
 * One aggregate. A conditional measure (`where`) aggregates a CASE that is NULL for the rows
 * failing its filters, which every aggregate skips: `SUM(CASE WHEN … THEN x END)`, and for a row
 * count `COUNT(CASE WHEN … THEN 1 END)`. Ratios are compiled by `compileRatio`.
 */
export function compileMeasure(measure: Measure, expression: ExpressionCompiler, condition: ConditionCompiler): string {
  if (measure.aggregate === 'ratio') invalid(`The ratio "${measure.id}" is compiled from its numerator and denominator.`);
  if (!Object.hasOwn(AGGREGATE_TO_SQL, measure.aggregate)) invalid(`Unknown aggregate "${String(measure.aggregate)}".`);
  const aggregate = measure.aggregate as keyof typeof AGGREGATE_TO_SQL;
  const when = measure.where === undefined ? undefined : conditionOf(measure, condition);
  if (measure.expression === undefined) {
    if (measure.aggregate !== 'count') invalid(`The measure "${measure.id}" (${measure.aggregate}) needs an expression.`);
    return when === undefined ? 'COUNT(*)' : `COUNT(CASE WHEN ${when} THEN 1 END)`;
  }
  const operand = expression(measure.expression);
  if ((measure.aggregate === 'sum' || measure.aggregate === 'avg') && operand.type !== 'integer' && operand.type !== 'number') {
    invalid(`The measure "${measure.id}" cannot ${measure.aggregate} ${operand.type} values.`);
  }
  const value = when === undefined ? operand.sql : `CASE WHEN ${when} THEN ${operand.sql} END`;
  return aggregateCall(aggregate, value);
}

/** `SUM(value)`, `COUNT(DISTINCT value)`…: one row aggregate of compiled text. */
export function aggregateCall(aggregate: Exclude<RowAggregate, 'ratio'>, value: string): string {
  return aggregate === 'count_distinct' ? `COUNT(DISTINCT ${value})` : `${AGGREGATE_TO_SQL[aggregate]}(${value})`;
}

function conditionOf(measure: Measure, condition: ConditionCompiler): string {
  const filters = measure.where ?? [];
  if (!Array.isArray(filters) || filters.length === 0) invalid(`The measure "${measure.id}" has an empty "where"; leave it out to count every row.`);
  return filters.map((filter) => condition(filter)).join(' AND ');
}

/**
 * A ratio of two compiled aggregates: numerator × 100 (in percent) / denominator, exact, with a
 * NULL numerator (no row passed its condition) as 0 and a zero denominator giving NULL.
 */
export function compileRatio(measure: Measure, numerator: string, denominator: string, dialect: SqlDialect): string {
  const dividend = dialect.ratioDividend(`COALESCE(${numerator}, 0)`);
  const scaled = measure.percent === true ? `${dividend} * 100` : dividend;
  return `(${scaled} / NULLIF(${denominator}, 0))`;
}

/** A dimension, truncated to its grain as a date when it has one. */
export function compileDimension(dimension: Dimension, expression: ExpressionCompiler, dialect: SqlDialect): string {
  const operand = expression(dimension.field);
  if (dimension.grain === undefined) return operand.sql;
  const truncate = dialect.grainToSql[dimension.grain];
  if (truncate === undefined) invalid(`Unknown time grain "${String(dimension.grain)}".`);
  if (operand.type !== 'date' && operand.type !== 'timestamp') {
    invalid(`The dimension "${dimension.id}" has a time grain but ${operand.sql} is ${operand.type}, not a date or timestamp.`);
  }
  return truncate(operand);
}
