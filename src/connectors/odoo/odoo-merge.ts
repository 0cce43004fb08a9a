/**
 * Measures with conditions of their own and ratios of two measures ("what percentage of orders are
 * cancelled, by country"), which read_group cannot compute in one call, composed exactly: one
 * grouped read for the measures without a condition, one more for each condition (its filters added
 * to the domain), the rows matched by their groups, the ratios divided, then having, order and
 * limit applied to the merged rows. Every group must be read for that: more groups than the row cap
 * are refused, not cut.
 */
import type { ResultTable } from '../connector.ts';
import type { ValueType } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';
import type { HavingFilter, LogicalQuery, Measure } from '../../query/logical-query.ts';
import { invalid } from './odoo-domain.ts';
import type { OdooPlan } from './odoo-plan.ts';

/** Where a merged column's values come from: a column of one part's rows, or a ratio of two merged columns. */
type MergedSource =
  | { readonly kind: 'part'; readonly part: number; readonly column: number }
  | { readonly kind: 'ratio'; readonly numerator: string; readonly denominator: string; readonly percent: boolean };

export interface MergedPlan {
  readonly kind: 'merged';
  /** The first part holds the groups and the measures without a condition; each other part, one condition's measures. */
  readonly parts: readonly OdooPlan[];
  /** The groups: the first this many columns of every part's rows. */
  readonly dimensions: number;
  readonly output: readonly { readonly id: string; readonly source: MergedSource }[];
  readonly having: readonly { readonly id: string; readonly op: HavingFilter['op']; readonly values: readonly number[] }[];
  readonly order: readonly { readonly id: string; readonly direction: 'asc' | 'desc' }[];
  readonly limit?: number;
}

const ROWS = '__rows';

/** The merged plan of a query whose measures need it (a condition of their own, a ratio); undefined for any other. */
export function planMerged(query: LogicalQuery, plan: (query: LogicalQuery) => OdooPlan): MergedPlan | undefined {
  if (!query.measures.some((measure) => measure.where !== undefined || measure.aggregate === 'ratio')) return undefined;
  const plain = query.measures.filter((measure) => measure.where === undefined && measure.aggregate !== 'ratio');
  const conditions = new Map<string, Measure[]>();
  for (const measure of query.measures) {
    if (measure.where === undefined) continue;
    const key = JSON.stringify(measure.where);
    conditions.set(key, [...(conditions.get(key) ?? []), measure]);
  }
  const part = (measures: readonly Measure[], filters: LogicalQuery['filters']): LogicalQuery => ({ ...query, measures, filters, having: [], order: [], limit: undefined });
  const first = plain.length > 0 ? plain : [{ id: ROWS, label: 'Rows', aggregate: 'count' as const }];
  const queries = [part(first, query.filters), ...[...conditions.values()].map((measures) => part(measures.map(({ where: _where, ...rest }) => rest), [...query.filters, ...measures[0]!.where!]))];
  const parts = queries.map(plan);
  const dimensions = query.dimensions.length;
  const sourceOf = new Map<string, MergedSource>();
  queries.forEach((each, index) => each.measures.forEach((measure, at) => sourceOf.set(measure.id, { kind: 'part', part: index, column: dimensions + at })));
  for (const measure of query.measures) {
    if (measure.aggregate !== 'ratio') continue;
    const { numeratorId, denominatorId } = measure;
    const isPart = (id: string | undefined) => id !== undefined && sourceOf.get(id)?.kind === 'part';
    if (!isPart(numeratorId) || !isPart(denominatorId)) invalid(`The ratio "${measure.id}" divides two measures of the query.`);
    sourceOf.set(measure.id, { kind: 'ratio', numerator: numeratorId!, denominator: denominatorId!, percent: measure.percent === true });
  }
  const output = [
    ...query.dimensions.map((dimension, index) => ({ id: dimension.id, source: { kind: 'part' as const, part: 0, column: index } })),
    ...query.measures.map((measure) => ({ id: measure.id, source: sourceOf.get(measure.id)! })),
  ];
  const ids = new Set(output.map((column) => column.id));
  for (const { id } of [...query.order, ...query.having.map((filter) => ({ id: filter.measureId }))]) {
    if (!ids.has(id)) invalid(`The order or having filter refers to "${id}", which is not in the query.`);
  }
  if (query.having.some((filter) => filter.against !== undefined)) invalid('Odoo cannot compare a group with the average of all groups: read_group filters groups by fixed values only.');
  return {
    kind: 'merged', parts, dimensions, output,
    having: query.having.map(({ measureId, op, values }) => ({ id: measureId, op, values })),
    order: query.order,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
  };
}

/** How the parts' rows are merged, as people read it. */
export function describeMerge(plan: MergedPlan): Record<string, unknown> {
  const columns = plan.output.map(({ id, source }) => (source.kind === 'part'
    ? `${id}: column ${source.column + 1} of call ${source.part + 1}`
    : `${id}: ${source.numerator}${source.percent ? ' × 100' : ''} / ${source.denominator}`));
  return { groups: plan.dimensions, columns, ...(plan.having.length === 0 ? {} : { having: plan.having }), ...(plan.order.length === 0 ? {} : { order: plan.order }), ...(plan.limit === undefined ? {} : { limit: plan.limit }) };
}

/** The parts' rows matched by their groups, as the query's rows. */
export function mergeParts(plan: MergedPlan, tables: readonly ResultTable[], rowCap: number): ResultTable {
  if (tables.some((table) => table.truncated)) {
    throw new QuerentError('invalid_request', `Odoo holds more than ${rowCap} groups here: a measure with its own condition or a ratio needs them all; narrow the question.`);
  }
  const key = (row: readonly unknown[]) => JSON.stringify(row.slice(0, plan.dimensions));
  const byGroup = tables.map((table) => new Map(table.rows.map((row) => [key(row), row])));
  const value = (row: readonly unknown[], source: MergedSource, columns: ReadonlyMap<string, MergedSource>): unknown => {
    if (source.kind === 'part') {
      const found = source.part === 0 ? row : byGroup[source.part]!.get(key(row));
      // A group no record of a condition falls in counts none of them.
      return found === undefined ? (isCount(tables[source.part]!, source.column) ? 0 : null) : found[source.column];
    }
    const numerator = Number(value(row, columns.get(source.numerator)!, columns) ?? 0);
    const denominator = value(row, columns.get(source.denominator)!, columns);
    if (denominator === null || denominator === undefined || Number(denominator) === 0) return null;
    return (numerator * (source.percent ? 100 : 1)) / Number(denominator);
  };
  const columns = new Map(plan.output.map((column) => [column.id, column.source]));
  const index = new Map(plan.output.map((column, at) => [column.id, at]));
  let rows = tables[0]!.rows.map((row) => plan.output.map((column) => value(row, column.source, columns)));
  rows = rows.filter((row) => plan.having.every((filter) => passes(row[index.get(filter.id)!], filter.op, filter.values)));
  rows.sort((left, right) => {
    for (const { id, direction } of plan.order) {
      const compared = compareValues(left[index.get(id)!], right[index.get(id)!], direction);
      if (compared !== 0) return compared;
    }
    return 0;
  });
  const limited = plan.limit === undefined ? rows : rows.slice(0, plan.limit);
  const truncated = limited.length > rowCap;
  const types = plan.output.map((column): ValueType => (column.source.kind === 'ratio' ? 'number' : tables[column.source.part]!.columns[column.source.column]!.type));
  return { columns: plan.output.map((column, at) => ({ name: column.id, type: types[at]! })), rows: truncated ? limited.slice(0, rowCap) : limited, truncated };
}

function isCount(table: ResultTable, column: number): boolean {
  return table.columns[column]?.type === 'integer';
}

function passes(value: unknown, op: HavingFilter['op'], values: readonly number[]): boolean {
  if (value === null || value === undefined) return false;
  const number = Number(value);
  switch (op) {
    case 'gt': return number > values[0]!;
    case 'gte': return number >= values[0]!;
    case 'lt': return number < values[0]!;
    case 'lte': return number <= values[0]!;
    case 'eq': return number === values[0];
    case 'neq': return number !== values[0];
    case 'between': return number >= values[0]! && number <= values[1]!;
  }
}

/** As SQL orders: empty values last, numbers by value, the rest as text. */
function compareValues(left: unknown, right: unknown, direction: 'asc' | 'desc'): number {
  const empty = (value: unknown) => value === null || value === undefined;
  if (empty(left) || empty(right)) return empty(left) === empty(right) ? 0 : empty(left) ? 1 : -1;
  const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
  return direction === 'asc' ? order : -order;
}
