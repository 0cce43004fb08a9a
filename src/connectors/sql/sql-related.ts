/**
 * Related-row filters → `[NOT] EXISTS (SELECT 1 FROM … WHERE link AND filters)`, or with a count
 * `(SELECT COUNT(*) FROM … WHERE link AND filters) > n`; related count columns → `(SELECT COUNT(*)
 * FROM … WHERE link AND filters)` in the SELECT list. Each is a correlated sub-select over the
 * related root and its own joins, aliased r<i>_0, r<i>_1… (c<i>_0… for a column) so that its names
 * never shadow the outer query's t0, t1…, tied to the outer tables by the link's columns.
 */
import type { Catalog } from '../catalog.ts';
import type { RelatedCount, RelatedCountColumn, RelatedFilter, RelatedRows, ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { compileExpression } from './sql-expressions.ts';
import { COMPARISON_TO_SQL, compileFilter } from './sql-filters.ts';
import { conditionClause, subSelect } from './sql-layout.ts';
import type { ParameterList } from './sql-parameters.ts';
import { buildScope, fromClause, invalid, requireColumn, type Scope } from './sql-scope.ts';

/** The condition for the `index`-th related filter of a query whose tables are `outer`; its values are bound in text order. */
export function compileRelated(related: RelatedFilter, index: number, outer: Scope, catalog: Catalog, parameters: ParameterList, dialect: SqlDialect): string {
  if (related.kind !== 'related' || typeof related.exists !== 'boolean') invalid('A related filter needs kind "related" and a boolean "exists".');
  const { rows } = relatedRows(related, `r${index}_`, outer, catalog, parameters, dialect);
  if (related.count === undefined) return `${related.exists ? 'EXISTS' : 'NOT EXISTS'} ${subSelect(['SELECT 1', ...rows])}`;
  if (!related.exists) invalid('A related filter with a count has "exists" true.');
  return `${subSelect(['SELECT COUNT(*)', ...rows])} ${countComparison(related.count, parameters)}`;
}

/** The `index`-th related count column of a list query: its number of related rows, 0 when it has none. */
export function compileRelatedCount(column: RelatedCountColumn, index: number, outer: Scope, catalog: Catalog, parameters: ParameterList, dialect: SqlDialect): string {
  const { rows, scope } = relatedRows(column, `c${index}_`, outer, catalog, parameters, dialect);
  if (column.distinct === undefined) return subSelect(['SELECT COUNT(*)', ...rows]);
  if (column.distinct.kind !== 'field') invalid(`The related count "${column.id}" counts the distinct values of a field.`);
  // A field binds no value, so compiling it after the rows keeps the bound values in text order.
  return subSelect([`SELECT COUNT(DISTINCT ${compileExpression(column.distinct, scope, parameters, dialect).sql})`, ...rows]);
}

/** `FROM … WHERE link AND filters` of a correlated sub-select over related rows, its tables aliased under `prefix`. */
function relatedRows(related: RelatedRows, prefix: string, outer: Scope, catalog: Catalog, parameters: ParameterList, dialect: SqlDialect): { rows: string[]; scope: Scope } {
  const scope = buildScope(related, catalog, prefix);
  const { link } = related;
  const inner = scope.get(link.entity);
  if (inner === undefined) invalid(`The related rows are linked by "${link.entity}", which is neither their root nor joined to it.`);
  const outerEntry = outer.get(link.outerEntity);
  if (outerEntry === undefined) invalid(`The related rows link to "${link.outerEntity}", which is neither the query's root nor joined.`);
  if (link.columns.length === 0 || link.columns.length !== link.outerColumns.length) {
    invalid(`The related rows of "${related.root}" need matching, non-empty link column lists.`);
  }
  const quote = (name: string) => dialect.quoteIdentifier(name);
  const conditions = link.columns.map((column, position) => {
    const innerColumn = requireColumn(inner.entity, column);
    const outerColumn = requireColumn(outerEntry.entity, link.outerColumns[position]!);
    return `${inner.alias}.${quote(innerColumn.name)} = ${outerEntry.alias}.${quote(outerColumn.name)}`;
  });
  // Only the sub-select's own entities are in scope: a filter on an outer table is refused.
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters, dialect);
  conditions.push(...related.filters.map((filter) => compileFilter(filter, expression, parameters, dialect)));
  return { rows: [...fromClause(related, scope, dialect), conditionClause('WHERE', conditions)], scope };
}

/** The comparison of a related count, its bounds bound after the sub-select's own values. */
function countComparison(count: RelatedCount, parameters: ParameterList): string {
  const expected = count.op === 'between' ? 2 : 1;
  if (!Array.isArray(count.values) || count.values.length !== expected || count.values.some((value) => typeof value !== 'number' || !Number.isFinite(value))) {
    invalid(`A related count "${String(count.op)}" needs ${expected} finite number${expected === 1 ? '' : 's'}.`);
  }
  if (count.op === 'between') return `BETWEEN ${parameters.addComparable(count.values[0]!)} AND ${parameters.addComparable(count.values[1]!)}`;
  // A count is never NULL, so "not equal" needs no null-safe form.
  const operator = count.op === 'neq' ? '<>' : COMPARISON_TO_SQL[count.op as keyof typeof COMPARISON_TO_SQL];
  if (operator === undefined) invalid(`Unknown related count operator "${String(count.op)}".`);
  return `${operator} ${parameters.addComparable(count.values[0]!)}`;
}
