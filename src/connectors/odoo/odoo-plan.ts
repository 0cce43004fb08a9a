/**
 * The call plan a compiled Odoo query carries (`CompiledQuery.params[0]`), and how it becomes the
 * RPC call of a given server version. Group-by and aggregate keys are named here once, for the
 * call and for reading its rows back (`odoo-values.ts`).
 */
import type { ColumnChoice, ValueType } from '../catalog.ts';
import type { HavingFilter, RelatedCount, TimeGrain } from '../../query/logical-query.ts';
import type { DomainTerm } from './odoo-domain.ts';
import { invalid, termForCall } from './odoo-domain.ts';
import type { OdooReadMethod } from './odoo-transport.ts';

export type OutputSource =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'group'; readonly index: number }
  | { readonly kind: 'aggregate'; readonly index: number }
  | { readonly kind: 'count' };

export interface OutputColumn {
  /** The id from the logical query. */
  readonly id: string;
  readonly source: OutputSource;
  readonly type: ValueType;
  /** Odoo field type (`many2one`, `datetime`, …), which decides how a value is read. */
  readonly nativeType: string;
  /** Selection keys → labels, shown instead of the keys. */
  readonly choices?: readonly ColumnChoice[];
}

export interface GroupKey {
  readonly field: string;
  readonly grain?: TimeGrain;
}

export interface OdooAggregateSpec {
  readonly field: string;
  /** Odoo's (PostgreSQL's) aggregate name: sum, avg, min, max, count, count_distinct. */
  readonly aggregate: string;
}

interface PlanBase {
  readonly model: string;
  readonly domain: readonly DomainTerm[];
  /** `context.active_test`. */
  readonly activeTest: boolean;
  readonly output: readonly OutputColumn[];
  /** Reads of other models whose results narrow `domain` before the call (related filters); absent: none. */
  readonly related?: readonly RelatedSearch[];
  /** Averages read before the call, each then compared on its path in `domain`; absent: none. */
  readonly averages?: readonly AverageFilter[];
}

/** A filter against the average: the average's own plan (one row, one value), compared on `path`. */
export interface AverageFilter {
  readonly path: string;
  readonly operator: '>' | '>=' | '<' | '<=';
  readonly average: OdooPlan;
}

/**
 * A related filter as a read of the related model: the distinct values of its many2one `field`
 * (which points at the plan's model) among the records passing `domain`; the plan's records are
 * then kept when their id is among them (`exists`) or is not.
 */
export interface RelatedSearch {
  readonly model: string;
  readonly domain: readonly DomainTerm[];
  /** `context.active_test` of this read. */
  readonly activeTest: boolean;
  readonly field: string;
  readonly exists: boolean;
  /** How many related records each record must have, instead of any. */
  readonly count?: RelatedCount;
}

export interface SearchReadPlan extends PlanBase {
  readonly kind: 'search_read';
  readonly fields: readonly string[];
  /** `"field desc, other asc"`; empty for the model's default order. */
  readonly order: string;
  readonly limit: number;
  /**
   * Counts of related records beside each record (related count columns): each a grouped read of
   * its model, filled in under `key` by the record's id, 0 for none; absent: none.
   */
  readonly counts?: readonly RelatedCountRead[];
  /** With counts: the order (by output keys) and limit applied once the records are counted, in place of the call's own. */
  readonly afterCounting?: { readonly order: readonly { readonly key: string; readonly direction: 'asc' | 'desc' }[]; readonly limit: number };
}

/** A related count column as a grouped read of the related model by its many2one to the listed records. */
export interface RelatedCountRead {
  readonly key: string;
  readonly search: RelatedSearch;
}

export interface SearchCountPlan extends PlanBase {
  readonly kind: 'search_count';
}

export interface GroupPlan extends PlanBase {
  readonly kind: 'group';
  readonly groupby: readonly GroupKey[];
  readonly aggregates: readonly OdooAggregateSpec[];
  readonly having: readonly { readonly source: OutputSource; readonly op: HavingFilter['op']; readonly values: readonly number[] }[];
  readonly order: readonly { readonly source: OutputSource; readonly direction: 'asc' | 'desc' }[];
  /** Absent when the result is one row (no group-by). */
  readonly limit?: number;
}

export type OdooPlan = SearchReadPlan | SearchCountPlan | GroupPlan;

export interface RenderedCall {
  readonly model: string;
  readonly method: OdooReadMethod;
  readonly params: Readonly<Record<string, unknown>>;
}

/** `formatted_read_group` and JSON-2 arrive together in 19.0. */
export function usesFormattedReadGroup(major: number): boolean {
  return major >= 19;
}

/** `date_order:month`, or the bare field name. */
export function groupSpec(key: GroupKey): string {
  return key.grain === undefined ? key.field : `${key.field}:${key.grain}`;
}

/**
 * The key of an aggregate in a result row. 19+: the spec string (`amount_total:sum`). Up to 18:
 * the bare field name, unless the field is also grouped by or aggregated twice, where an alias
 * (`amount_total_avg:avg(amount_total)`) keeps the keys apart.
 */
export function aggregateKey(plan: GroupPlan, index: number, major: number): string {
  const spec = plan.aggregates[index]!;
  if (usesFormattedReadGroup(major)) return `${spec.field}:${spec.aggregate}`;
  return needsAlias(plan, index) ? `${spec.field}_${spec.aggregate}` : spec.field;
}

function needsAlias(plan: GroupPlan, index: number): boolean {
  const spec = plan.aggregates[index]!;
  return plan.groupby.some((key) => key.field === spec.field) || plan.aggregates.some((other, each) => each < index && other.field === spec.field);
}

export function sourceKey(plan: GroupPlan, source: OutputSource, major: number): string {
  switch (source.kind) {
    case 'group':
      return groupSpec(plan.groupby[source.index]!);
    case 'aggregate':
      return aggregateKey(plan, source.index, major);
    case 'count':
      return '__count';
    case 'field':
      return source.name;
  }
}

/** The call for a server version: method, named parameters (the client adds the context). */
export function renderCall(plan: OdooPlan, major: number): RenderedCall {
  const domain = plan.domain.map(termForCall);
  if (plan.kind === 'search_count') return { model: plan.model, method: 'search_count', params: { domain } };
  if (plan.kind === 'search_read') {
    return { model: plan.model, method: 'search_read', params: { domain, fields: [...plan.fields], ...(plan.order === '' ? {} : { order: plan.order }), limit: plan.limit } };
  }
  const groupby = plan.groupby.map(groupSpec);
  const limit = plan.limit === undefined ? {} : { limit: plan.limit };
  // Order by a measure: 19+ names it by its spec, ≤18 by its key (field name or alias).
  const order = plan.order.map(({ source, direction }) => {
    const key = source.kind === 'aggregate' && usesFormattedReadGroup(major) ? aggregateKey(plan, source.index, major) : sourceKey(plan, source, major);
    return `${key} ${direction}`;
  }).join(', ');
  if (usesFormattedReadGroup(major)) {
    const aggregates = [...plan.aggregates.map((spec) => `${spec.field}:${spec.aggregate}`), '__count'];
    const having = plan.having.flatMap(({ source, op, values }) => havingTerms(sourceKey(plan, source, major), op, values));
    return {
      model: plan.model,
      method: 'formatted_read_group',
      params: { domain, groupby, aggregates, ...(having.length === 0 ? {} : { having }), ...(order === '' ? {} : { order }), ...limit },
    };
  }
  if (plan.having.length > 0) invalid('Filtering groups by a measure (having) needs Odoo 19 or later; read_group cannot do it.');
  const fields = plan.aggregates.map((spec, index) => (needsAlias(plan, index)
    ? `${aggregateKey(plan, index, major)}:${spec.aggregate}(${spec.field})`
    : `${spec.field}:${spec.aggregate}`));
  // Without measures, ask for the grouped fields themselves: ≤16 would aggregate every stored number for `[]`.
  const requested = fields.length > 0 ? fields : [...new Set(plan.groupby.map((key) => key.field))];
  return {
    model: plan.model,
    method: 'read_group',
    params: { domain, fields: requested, groupby, lazy: false, ...(order === '' ? {} : { orderby: order }), ...limit },
  };
}

const HAVING_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', neq: '!=' } as const;

function havingTerms(key: string, op: HavingFilter['op'], values: readonly number[]): unknown[][] {
  for (const value of values) if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`The having value ${String(value)} is not a finite number.`);
  if (op === 'between') {
    if (values.length !== 2) invalid('The having filter "between" needs 2 values.');
    return [[key, '>=', values[0]], [key, '<=', values[1]]];
  }
  if (values.length !== 1) invalid(`The having filter "${op}" needs 1 value.`);
  const operator = HAVING_OPERATORS[op];
  if (operator === undefined) invalid(`Unknown having operator "${String(op)}".`);
  return [[key, operator, values[0]]];
}
