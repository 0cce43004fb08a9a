/**
 * A filter against the average → `column > (SELECT AVG(a<i>_0.column) FROM table AS a<i>_0)`: the
 * average over every row of the column's table, no other filter applied to it. The sub-select's
 * alias never shadows the outer query's t0, t1….
 */
import type { Filter } from '../../query/logical-query.ts';
import { averageComparison } from '../../query/filter-forms.ts';
import type { SqlDialect } from './sql-dialect.ts';
import type { ExpressionCompiler } from './sql-expressions.ts';
import { subSelect } from './sql-layout.ts';
import { invalid, requireColumn, type Scope } from './sql-scope.ts';

export function compileAverageFilter(filter: Filter, index: number, scope: Scope, expression: ExpressionCompiler, dialect: SqlDialect): string {
  const { field, operator } = averageComparison(filter);
  const entry = scope.get(field.entity);
  if (entry === undefined) invalid(`The filter compares "${field.entity}", which is neither the query's root nor joined.`);
  const column = requireColumn(entry.entity, field.column);
  const alias = `a${index}_0`;
  const average = subSelect([`SELECT AVG(${alias}.${dialect.quoteIdentifier(column.name)})`, `FROM ${dialect.qualifiedTableName(entry.entity)} AS ${alias}`]);
  return `${expression(field).sql} ${operator} ${average}`;
}
