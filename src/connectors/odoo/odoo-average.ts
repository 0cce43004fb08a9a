/**
 * Filters against the average for Odoo ("products priced above the average price"), which has no
 * subquery: the average of the column over every record of its model is read first (a grouped read
 * of its own, exact as SQL's `AVG`), then compared as a plain domain term. With no records to
 * average, nothing passes, as SQL's comparison with NULL.
 */
import { averageComparison } from '../../query/filter-forms.ts';
import { field, type Filter, type LogicalQuery } from '../../query/logical-query.ts';
import { invalid, requireColumn, type ScopeEntry } from './odoo-domain.ts';
import type { AverageFilter, OdooPlan, RenderedCall } from './odoo-plan.ts';

/** The query's filters against the average as reads of their averages; `plan` plans a logical query for Odoo. */
export function planAverages(filters: readonly Filter[], scope: ReadonlyMap<string, ScopeEntry>, plan: (query: LogicalQuery) => OdooPlan): AverageFilter[] {
  return filters.filter((filter) => filter.against !== undefined).map((filter) => {
    const { field: compared, operator } = averageComparison(filter);
    const entry = scope.get(compared.entity);
    if (entry === undefined) invalid(`The entity "${compared.entity}" is neither the root nor joined.`);
    const column = requireColumn(entry.entity, compared.column);
    if (column.type !== 'number' && column.type !== 'integer') invalid(`The average of "${column.name}" (${column.type}) cannot be taken.`);
    const average = plan({
      kind: 'select', root: entry.entity.name, joins: [], dimensions: [], columns: [], filters: [], having: [], order: [],
      measures: [{ id: 'average', label: 'Average', aggregate: 'avg', expression: field(entry.entity.name, column.name) }],
    });
    return { path: `${entry.prefix}${column.name}`, operator, average };
  });
}

/** Runs a plan's call on the server and gives its rows. */
export type AverageReader = (plan: OdooPlan) => Promise<readonly (readonly unknown[])[]>;

/** The plan with each average read and turned into a term of its domain. */
export async function resolveAverages(plan: OdooPlan, read: AverageReader): Promise<OdooPlan> {
  if (plan.averages === undefined || plan.averages.length === 0) return plan;
  const terms = [];
  for (const { path, operator, average } of plan.averages) {
    const value = (await read(average))[0]?.[0];
    const number = value === null || value === undefined || value === false ? undefined : Number(value);
    terms.push(number === undefined || !Number.isFinite(number) ? ['id', 'in', []] as const : [path, operator, number] as const);
  }
  const { averages: _averages, ...rest } = plan;
  return { ...rest, domain: [...plan.domain, ...terms] };
}

/** How an average read shows in the compiled text. */
export function describeAverage(filter: AverageFilter, call: RenderedCall): Record<string, unknown> {
  return { model: call.model, method: call.method, ...call.params, compare: `${filter.path} ${filter.operator} the average` };
}
