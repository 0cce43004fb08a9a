/** Scalar expressions, measures and dimensions → SQL text, in any SQL dialect. */
import type { Dimension, Measure, ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect, SqlOperand } from './sql-dialect.ts';
import type { ParameterList } from './sql-parameters.ts';
import { invalid, requireColumn, type Scope } from './sql-scope.ts';

export interface CompiledExpression extends SqlOperand {
  /** A bound literal, already exact: a dividend that needs no cast. */
  readonly isLiteral: boolean;
}

/** Compiles one expression of the query, binding its literals. */
export type ExpressionCompiler = (node: ScalarExpression) => CompiledExpression;

const AGGREGATE_TO_SQL = {
  count: 'COUNT', count_distinct: 'COUNT', sum: 'SUM', avg: 'AVG', min: 'MIN', max: 'MAX',
} as const satisfies Readonly<Record<Measure['aggregate'], string>>;

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

export function compileMeasure(measure: Measure, expression: ExpressionCompiler): string {
  const aggregate = AGGREGATE_TO_SQL[measure.aggregate];
  if (aggregate === undefined) invalid(`Unknown aggregate "${String(measure.aggregate)}".`);
  if (measure.expression === undefined) {
    if (measure.aggregate !== 'count') invalid(`The measure "${measure.id}" (${measure.aggregate}) needs an expression.`);
    return 'COUNT(*)';
  }
  const operand = expression(measure.expression);
  if ((measure.aggregate === 'sum' || measure.aggregate === 'avg') && operand.type !== 'integer' && operand.type !== 'number') {
    invalid(`The measure "${measure.id}" cannot ${measure.aggregate} ${operand.type} values.`);
  }
  return measure.aggregate === 'count_distinct' ? `COUNT(DISTINCT ${operand.sql})` : `${aggregate}(${operand.sql})`;
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
