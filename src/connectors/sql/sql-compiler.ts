/**
 * LogicalQuery → one SELECT, in the dialect the SQL kind passes in. The only place a SQL
 * connector builds SQL from a query:
 *
 * - Every identifier comes from the catalog and is quoted; every value is a bound parameter.
 *   Only fixed keywords and the dialect's functions are written into the text.
 * - Tables are aliased t0 (the root), t1, t2… (the joins, in order, as LEFT JOINs).
 * - Output columns are named by the query's ids, so a result reads back by id.
 * - Row cap: a LIMIT of the query's own limit when it is within `maxRows`, else `maxRows + 1`, so
 *   the connector sees one row too many, cuts to `maxRows` and marks the table truncated.
 *   An aggregate without dimensions returns one row and gets no LIMIT.
 * - Without an explicit order, grouped rows are ordered by their dimensions, so that answers
 *   (time series above all) are stable. With one, rows tied on it follow in the order of their
 *   dimensions, or of the root's key (of the columns shown, for a distinct list): the same question
 *   gives its rows in the same order on every run and every kind.
 * - Related filters are `[NOT] EXISTS` sub-selects in WHERE, related count columns `(SELECT
 *   COUNT(*) …)` in a list's SELECT (`sql-related.ts`); per-group totals,
 *   window measures and a limit per group each read the rows so far as a derived table
 *   (`sql-per.ts`, `sql-windows.ts`, `sql-limit-per-group.ts`), in that order, and only the
 *   outermost SELECT has ORDER BY and LIMIT.
 */
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery } from '../connector.ts';
import type { LogicalQuery, ScalarExpression } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';
import { compileExpression } from './sql-expressions.ts';
import { compileGrouped, isWindowMeasure } from './sql-grouped.ts';
import { limitPerGroupSelect } from './sql-limit-per-group.ts';
import { ParameterList } from './sql-parameters.ts';
import { compileRelatedCount } from './sql-related.ts';
import { rowSource, type SqlContext } from './sql-rows.ts';
import { buildScope, invalid } from './sql-scope.ts';
import { checkShape } from './sql-shape.ts';
import { windowSelect } from './sql-windows.ts';

export interface SqlCompileOptions {
  /** Rows a result may hold; the statement asks for one more to detect truncation. */
  readonly maxRows: number;
}

/** A SELECT without ORDER BY and LIMIT, its output columns, and the order it takes when the query gives none. */
interface Select {
  readonly lines: string[];
  readonly ids: readonly string[];
  readonly defaultOrder: readonly string[];
  /** Terms after the order asked for, so that rows tied on it always come in one order. */
  readonly tieBreak: readonly { readonly id?: string; readonly term: string }[];
}

export function compileSql(query: LogicalQuery, catalog: Catalog, dialect: SqlDialect, options: SqlCompileOptions): CompiledQuery {
  if (query.kind !== 'select') invalid(`Only select queries can be compiled, not "${String(query.kind)}".`);
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1) invalid('maxRows must be a positive integer.');
  checkShape(query, dialect);

  const context: SqlContext = { catalog, scope: buildScope(query, catalog), parameters: new ParameterList(dialect), dialect };
  const isList = query.columns.length > 0;
  const select = isList ? listSelect(query, context) : aggregateSelect(query, context);
  const lines = [...select.lines];
  const order = orderClause(query, select, dialect);
  if (order !== undefined) lines.push(order);
  const returnsOneRow = !isList && query.dimensions.length === 0;
  if (!returnsOneRow) {
    const limit = query.limit !== undefined && query.limit <= options.maxRows ? query.limit : options.maxRows + 1;
    lines.push(`LIMIT ${context.parameters.add(limit)}`);
  }
  return { language: 'sql', dialect: dialect.name, text: lines.join('\n'), params: context.parameters.values };
}

function listSelect(query: LogicalQuery, context: SqlContext): Select {
  const { scope, parameters, dialect } = context;
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters, dialect);
  const items = query.columns.map((column) => `  ${expression(column.field).sql} AS ${dialect.quoteIdentifier(column.id)}`);
  const counts = query.relatedCounts ?? [];
  items.push(...counts.map((column, index) => `  ${compileRelatedCount(column, index, scope, context.catalog, parameters, dialect).replaceAll('\n', '\n  ')} AS ${dialect.quoteIdentifier(column.id)}`));
  const lines = [query.distinct === true ? 'SELECT DISTINCT' : 'SELECT', items.join(',\n'), ...rowSource(query, context)];
  // Rows tied on the order asked for come in the order of the root's key, or of what is shown.
  const key = scope.get(query.root)?.entity.primaryKey ?? [];
  const tieBreak = query.distinct !== true && key.length > 0
    ? key.map((column) => ({ term: dialect.orderTerm(expression({ kind: 'field', entity: query.root, column }).sql, 'asc') }))
    : query.columns.map(({ id }) => ({ id, term: dialect.orderTerm(dialect.quoteIdentifier(id), 'asc') }));
  return { lines, ids: [...query.columns, ...counts].map(({ id }) => id), defaultOrder: [], tieBreak };
}

/** The grouped SELECT, read again by the window measures and by a limit per group when the query has them. */
function aggregateSelect(query: LogicalQuery, context: SqlContext): Select {
  const { dialect } = context;
  const ids = [...query.dimensions.map(({ id }) => id), ...query.measures.map(({ id }) => id)];
  const windowIds = new Set(query.measures.filter(isWindowMeasure).map(({ id }) => id));
  let lines = compileGrouped(query, context, ids.filter((id) => !windowIds.has(id)), true);
  // Ordered ascending by a measure where that order is an expression over its alias (MariaDB): the
  // grouped rows are read as a derived table first, as window measures read them.
  const ordersUpByAlias = dialect.ordersByExpression && query.limitPerGroup === undefined && ordersUpByMeasure(query);
  if (windowIds.size > 0 || ordersUpByAlias) lines = windowSelect(query, lines, context);
  const byDimensions = query.dimensions.map(({ id }) => ({ id, term: dialect.orderTerm(dialect.quoteIdentifier(id), 'asc') }));
  if (query.limitPerGroup === undefined) return { lines, ids, defaultOrder: byDimensions.map(({ term }) => term), tieBreak: byDimensions };
  const ranked = limitPerGroupSelect(query.limitPerGroup, lines, ids, context.parameters, dialect);
  return { lines: ranked.lines, ids, defaultOrder: ranked.defaultOrder, tieBreak: byDimensions };
}

/** Ordered ascending by a measure: its ORDER BY term names the measure's alias inside an expression. */
function ordersUpByMeasure(query: LogicalQuery): boolean {
  return query.order.some(({ id, direction }) => direction === 'asc' && query.measures.some((measure) => measure.id === id));
}

function orderClause(query: LogicalQuery, select: Select, dialect: SqlDialect): string | undefined {
  for (const { id } of query.order) {
    if (!select.ids.includes(id)) invalid(`The order refers to "${id}", which is not an output column of the query.`);
  }
  const asked = query.order.map(({ id, direction }) => dialect.orderTerm(dialect.quoteIdentifier(id), direction));
  const terms = asked.length > 0
    ? [...asked, ...select.tieBreak.filter(({ id }) => !query.order.some((term) => term.id === id)).map(({ term }) => term)]
    : select.defaultOrder;
  return terms.length > 0 ? `ORDER BY ${terms.join(', ')}` : undefined;
}
