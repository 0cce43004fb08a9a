/** The rows a query reads, before any grouping: FROM, its joins, and WHERE with the filters and related filters. */
import type { Catalog } from '../catalog.ts';
import type { LogicalQuery, ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { compileExpression } from './sql-expressions.ts';
import { compileAverageFilter } from './sql-average-filter.ts';
import { compileFilter } from './sql-filters.ts';
import { conditionClause } from './sql-layout.ts';
import type { ParameterList } from './sql-parameters.ts';
import { compileRelated } from './sql-related.ts';
import { fromClause, type Scope } from './sql-scope.ts';

/** What every part of one statement compiles against: the outer tables, the bound values, the dialect. */
export interface SqlContext {
  readonly catalog: Catalog;
  readonly scope: Scope;
  readonly parameters: ParameterList;
  readonly dialect: SqlDialect;
}

/** `FROM … LEFT JOIN … WHERE …`, binding the values in text order. */
export function rowSource(query: LogicalQuery, context: SqlContext): string[] {
  const { catalog, scope, parameters, dialect } = context;
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters, dialect);
  const conditions = [
    ...query.filters.map((filter, index) => (filter.against === 'average' ? compileAverageFilter(filter, index, scope, expression, dialect) : compileFilter(filter, expression, parameters, dialect))),
    ...(query.related ?? []).map((related, index) => compileRelated(related, index, scope, catalog, parameters, dialect)),
  ];
  const lines = fromClause(query, scope, dialect);
  if (conditions.length > 0) lines.push(conditionClause('WHERE', conditions));
  return lines;
}
