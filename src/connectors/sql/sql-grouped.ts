/**
 * The grouped SELECT of an aggregate query: its dimensions and (non-window) measures, GROUP BY the
 * dimensions, HAVING. Window measures are read from it afterwards (`sql-windows.ts`).
 *
 * - Measures over per-group totals (`Measure.per`) read a derived table `p` that groups the rows by
 *   the dimensions and the `per.by` fields first (`sql-per.ts`); the outer SELECT groups `p` by the
 *   dimensions again.
 * - A having filter against the average compares with a scalar sub-select over this same SELECT
 *   (without HAVING), holding only that measure: `(SELECT SUM(s.m) / COUNT(s.m) FROM (…) AS s)`,
 *   divided exactly as a ratio is.
 */
import { WINDOW_AGGREGATES, type FieldRef, type LogicalQuery, type Measure, type ScalarExpression } from '../../query/logical-query.ts';
import { compileDimension, compileExpression, compileMeasure, compileRatio } from './sql-expressions.ts';
import { compileFilter, compileHaving } from './sql-filters.ts';
import { conditionClause, derivedTable, subSelect } from './sql-layout.ts';
import { ParameterList, type Fragment } from './sql-parameters.ts';
import { outerAggregate, perInnerQuery } from './sql-per.ts';
import { rowSource, type SqlContext } from './sql-rows.ts';
import { invalid } from './sql-scope.ts';

/** The alias of the derived table that per-group totals are read from. */
const PER_ALIAS = 'p';

export function isWindowMeasure(measure: Measure): boolean {
  return (WINDOW_AGGREGATES as readonly string[]).includes(measure.aggregate);
}

/** SELECT the output columns `select` (dimension and non-window measure ids, in order) … GROUP BY … [HAVING …]. */
export function compileGrouped(query: LogicalQuery, context: SqlContext, select: readonly string[], withHaving: boolean): string[] {
  const perBy = query.measures.find((measure) => measure.per !== undefined)?.per?.by;
  return perBy === undefined ? groupRows(query, context, select, withHaving, []) : groupPerTotals(query, context, select, withHaving);
}

/** Groups the query's rows by the dimensions (and `extraGroupBy`, unselected). */
function groupRows(query: LogicalQuery, context: SqlContext, select: readonly string[], withHaving: boolean, extraGroupBy: readonly FieldRef[]): string[] {
  const { scope, parameters, dialect } = context;
  const expression = (node: ScalarExpression) => compileExpression(node, scope, parameters, dialect);
  const dimensions = new Map(query.dimensions.map((dimension) => [dimension.id, compileDimension(dimension, expression, dialect)]));
  const measures = compileMeasures(query, context);
  const lines = selectList(select, dimensions, measures, context);
  lines.push(...rowSource(query, context));
  const groupBy = [...dimensions.values(), ...extraGroupBy.map((node) => expression(node).sql)];
  // Without measures, grouping yields the dimensions' distinct combinations.
  if (groupBy.length > 0) lines.push(`GROUP BY ${groupBy.join(', ')}`);
  if (withHaving) lines.push(...havingClause(query, measures, context));
  return lines;
}

/** The measures aggregated again over the per-group totals of the derived table `p`. */
function groupPerTotals(query: LogicalQuery, context: SqlContext, select: readonly string[], withHaving: boolean): string[] {
  const { dialect } = context;
  const column = (id: string) => `${PER_ALIAS}.${dialect.quoteIdentifier(id)}`;
  const dimensions = new Map(query.dimensions.map(({ id }) => [id, column(id)]));
  const plain = new Map<string, Fragment>();
  for (const measure of query.measures) {
    if (measure.aggregate !== 'ratio' && !isWindowMeasure(measure)) plain.set(measure.id, { sql: outerAggregate(measure, column(measure.id), context), values: [] });
  }
  const measures = withRatios(query, plain, dialect);
  // The outer items bind nothing, so the inner SELECT's values follow in text order.
  const lines = selectList(select, dimensions, measures, context);
  const inner = perInnerQuery(query);
  const innerSelect = [...query.dimensions.map(({ id }) => id), ...inner.query.measures.map(({ id }) => id)];
  lines.push(...derivedTable(groupRows(inner.query, context, innerSelect, false, inner.by), PER_ALIAS));
  if (dimensions.size > 0) lines.push(`GROUP BY ${[...dimensions.values()].join(', ')}`);
  if (withHaving) lines.push(...havingClause(query, measures, context));
  return lines;
}

function selectList(select: readonly string[], dimensions: ReadonlyMap<string, string>, measures: ReadonlyMap<string, Fragment>, context: SqlContext): string[] {
  const items = select.map((id) => {
    const measure = measures.get(id);
    const sql = dimensions.get(id) ?? (measure === undefined ? invalid(`"${id}" is not a dimension or measure of the query.`) : context.parameters.bindAgain(measure));
    return `  ${sql} AS ${context.dialect.quoteIdentifier(id)}`;
  });
  return ['SELECT', items.join(',\n')];
}

function havingClause(query: LogicalQuery, measures: ReadonlyMap<string, Fragment>, context: SqlContext): string[] {
  const average = (measureId: string) => averageOf(query, measureId, context);
  const having = query.having.map((filter) => compileHaving(filter, measures, context.parameters, context.dialect, average));
  return having.length > 0 ? [conditionClause('HAVING', having)] : [];
}

/** The measure's average over the groups of the same query (same rows and grouping, no HAVING). */
function averageOf(query: LogicalQuery, measureId: string, context: SqlContext): string {
  const column = `s.${context.dialect.quoteIdentifier(measureId)}`;
  // No parenthesis right after SELECT: node-sql-parser (the MySQL guard) cannot read `(SELECT (…`.
  const value = `${context.dialect.ratioDividend(`SUM(${column})`)} / NULLIF(COUNT(${column}), 0)`;
  // Only the averaged measure (and a ratio's parts): another measure's values would be bound, with
  // numbered placeholders, without appearing in the text, which PostgreSQL cannot type (42P18).
  const averaged = query.measures.find((measure) => measure.id === measureId);
  const needed = new Set([measureId, averaged?.numeratorId, averaged?.denominatorId]);
  const alone: LogicalQuery = { ...query, measures: query.measures.filter((measure) => needed.has(measure.id)) };
  return subSelect([`SELECT ${value}`, ...derivedTable(compileGrouped(alone, context, [measureId], false), 's')]);
}

/**
 * Each measure's aggregate, to be placed in SELECT and again in HAVING. Named placeholders (`$1`)
 * can be written twice: the measure binds its values once, here. Positional ones (`?`) cannot:
 * each measure binds on its own list, and every placement binds those values again. A ratio
 * repeats the text of its two measures, so it carries their values in the same order.
 */
function compileMeasures(query: LogicalQuery, context: SqlContext): ReadonlyMap<string, Fragment> {
  const { scope, parameters, dialect } = context;
  const fragments = new Map<string, Fragment>();
  for (const measure of query.measures) {
    if (measure.aggregate === 'ratio' || isWindowMeasure(measure)) continue;
    const own = dialect.namedPlaceholders ? parameters : new ParameterList(dialect);
    const expression = (node: ScalarExpression) => compileExpression(node, scope, own, dialect);
    const sql = compileMeasure(measure, expression, (filter) => compileFilter(filter, expression, own, dialect));
    fragments.set(measure.id, { sql, values: own === parameters ? [] : own.values });
  }
  return withRatios(query, fragments, dialect);
}

/** The plain measures and every ratio over them, in the query's order. */
function withRatios(query: LogicalQuery, plain: ReadonlyMap<string, Fragment>, dialect: SqlContext['dialect']): ReadonlyMap<string, Fragment> {
  const fragments = new Map(plain);
  for (const measure of query.measures) {
    if (measure.aggregate !== 'ratio') continue;
    const numerator = ratioPart(query, plain, measure.id, measure.numeratorId, 'numerator');
    const denominator = ratioPart(query, plain, measure.id, measure.denominatorId, 'denominator');
    if (measure.expression !== undefined || measure.where !== undefined) invalid(`The ratio "${measure.id}" takes neither an expression nor filters; its measures do.`);
    fragments.set(measure.id, { sql: compileRatio(measure, numerator.sql, denominator.sql, dialect), values: [...numerator.values, ...denominator.values] });
  }
  return new Map(query.measures.filter((measure) => fragments.has(measure.id)).map(({ id }) => [id, fragments.get(id)!]));
}

function ratioPart(query: LogicalQuery, fragments: ReadonlyMap<string, Fragment>, ratioId: string, id: string | undefined, role: string): Fragment {
  if (id === undefined) invalid(`The ratio "${ratioId}" needs a ${role} measure id.`);
  const fragment = fragments.get(id);
  if (fragment === undefined || id === ratioId) {
    const other = query.measures.find((measure) => measure.id === id);
    if (other?.aggregate === 'ratio') invalid(`The ratio "${ratioId}" cannot divide another ratio ("${id}").`);
    if (other !== undefined && isWindowMeasure(other)) invalid(`The ratio "${ratioId}" cannot divide a window measure ("${id}").`);
    invalid(`The ratio "${ratioId}" refers to "${id}", which is not a measure of the query.`);
  }
  return fragment;
}
