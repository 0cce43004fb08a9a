/**
 * Related filters (semi- and anti-joins) for Odoo, which has no EXISTS: a related filter whose
 * link is a many2one field of the related root pointing at the query root's `id` composes exactly
 * from two reads. First the distinct values of that field among the related records passing the
 * filter's own domain (one grouped read, so each record counts once), then `id in` those values
 * (exists) or `id not in` them (not exists) on the root's domain. With a count, the grouped read's
 * counts pick the ids. Any other link is refused. A related count column is the same grouped read,
 * its counts filled in beside the listed records by their ids.
 */
import type { Catalog } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';
import type { LogicalQuery, RelatedCount, RelatedFilter } from '../../query/logical-query.ts';
import { allOf, buildScope, compileDomain, filtersOn, invalid, requireColumn, requireEntity, termForCall, type DomainTerm } from './odoo-domain.ts';
import { usesFormattedReadGroup, type OdooPlan, type RelatedCountRead, type RelatedSearch, type RenderedCall } from './odoo-plan.ts';

/** The related filters of the query as reads of their models, checked against the catalog (those through the root's own key aside, see throughKeyTerms). */
export function planRelated(query: LogicalQuery, catalog: Catalog): RelatedSearch[] {
  return (query.related ?? []).filter((related) => !throughRootKey(query, related)).map((related) => planOne(query, related, catalog));
}

/**
 * "employees whose manager is named Julian Daum": a related row the root's own many2one points at
 * (its `id` = the root's key) is that one record, so its conditions are domain terms through the
 * key (`parent_id.name`), exactly as SQL's EXISTS; rows that must have no such record have the key
 * empty or not those conditions (`'|', key = false, '!', …`), as NOT EXISTS.
 */
export function throughKeyTerms(query: LogicalQuery, catalog: Catalog): DomainTerm[] {
  return (query.related ?? []).filter((related) => throughRootKey(query, related)).flatMap((related) => {
    if (related.count !== undefined) invalid(`Odoo composes rows through the key "${related.link.outerColumns[0]}" by whether they have such a record, not by how many.`);
    if (related.filters.some((filter) => filter.against !== undefined)) invalid('A filter against the average is not composed for Odoo, in a related filter either.');
    const key = related.link.outerColumns[0]!;
    const root = requireEntity(catalog, query.root);
    if (!root.foreignKeys.some((foreignKey) => foreignKey.columns[0] === key && foreignKey.refEntity === related.root)) invalid(`"${query.root}.${key}" is not a many2one field to "${related.root}".`);
    const scope = new Map([...buildScope(related, catalog)].map(([name, entry]) => [name, { ...entry, prefix: `${key}.${entry.prefix}` }]));
    const conditions = compileDomain(related.filters, scope, catalog);
    if (related.exists) return [[key, '!=', false] as const, ...conditions];
    return conditions.length === 0 ? [[key, '=', false] as const] : ['|', [key, '=', false] as const, '!', ...allOf(conditions)];
  });
}

function throughRootKey(query: LogicalQuery, related: RelatedFilter): boolean {
  const { link } = related;
  return link.entity === related.root && link.columns.length === 1 && link.columns[0] === 'id' && link.outerEntity === query.root && link.outerColumns.length === 1 && link.outerColumns[0] !== 'id';
}

/** The related count columns of a list as reads of their models, each filled in under its own key. */
export function planRelatedCounts(query: LogicalQuery, catalog: Catalog): RelatedCountRead[] {
  return (query.relatedCounts ?? []).map(({ id, root, joins, link, filters, distinct }, index) => {
    // A grouped read counts records, not distinct values of a field of theirs.
    if (distinct !== undefined) invalid(`Odoo cannot count the distinct values of a field of related records ("${id}"); ask for the records counted instead.`);
    return { key: `__related_count_${index}`, search: planOne(query, { kind: 'related', exists: true, root, joins, link, filters }, catalog) };
  });
}

/**
 * The records of a list with each related count filled in (0 for none), then ordered (ties by id)
 * and cut as the plan says. Records beyond the row cap cannot be ranked by their counts, so a list
 * ordered by them over more records is refused.
 */
export async function countRelated(plan: OdooPlan, records: unknown, major: number, read: RelatedReader, rowCap: number): Promise<unknown> {
  if (plan.kind !== 'search_read' || plan.counts === undefined || plan.counts.length === 0) return records;
  if (!Array.isArray(records)) throw new QuerentError('internal_error', 'The Odoo server answered the list read with an unexpected shape.');
  const after = plan.afterCounting ?? { order: [], limit: rowCap + 1 };
  if (records.length > rowCap && after.order.length > 0) {
    throw new QuerentError('invalid_request', `Odoo holds more than ${rowCap} ${plan.model} records here: they cannot all be counted and ranked in one answer; narrow the question.`);
  }
  const counted = records.map((record) => ({ ...(record as Record<string, unknown>) }));
  for (const { key, search } of plan.counts) {
    const counts = countsOf(await read(renderRelatedCall(search, major), search.activeTest), search.field, true);
    for (const record of counted) record[key] = counts.get(record['id'] as number) ?? 0;
  }
  const ordered = counted.sort((left, right) => {
    for (const { key, direction } of after.order) {
      const difference = compareValues(left[key], right[key]);
      if (difference !== 0) return direction === 'asc' ? difference : -difference;
    }
    return Number(left['id']) - Number(right['id']);
  });
  return ordered.slice(0, after.limit);
}

/** Odoo values in order: numbers, text, many2one pairs by their names; empty values (`false`, null) last. */
function compareValues(left: unknown, right: unknown): number {
  const plain = (value: unknown) => (Array.isArray(value) ? value[1] : value === false ? null : value);
  const [a, b] = [plain(left), plain(right)];
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function planOne(query: LogicalQuery, related: RelatedFilter, catalog: Catalog): RelatedSearch {
  if (related.kind !== 'related' || typeof related.exists !== 'boolean') invalid('A related filter needs kind "related" and a boolean "exists".');
  const { link } = related;
  const [field] = link.columns;
  const isSimpleLink = link.entity === related.root && link.outerEntity === query.root && link.columns.length === 1
    && link.outerColumns.length === 1 && link.outerColumns[0] === 'id' && field !== undefined;
  if (!isSimpleLink) {
    invalid(`Odoo composes a related filter only through a many2one field of "${related.root}" to the id of "${query.root}"; this one links ${link.entity}.${link.columns.join('+')} to ${link.outerEntity}.${link.outerColumns.join('+')}.`);
  }
  if (related.filters.some((filter) => filter.against !== undefined)) invalid('A filter against the average is not composed for Odoo, in a related filter either.');
  const scope = buildScope(related, catalog);
  const entity = scope.get(related.root)!.entity;
  const column = requireColumn(entity, field);
  if (!entity.foreignKeys.some((key) => key.columns[0] === column.name && key.refEntity === query.root)) {
    invalid(`"${entity.name}.${column.name}" is not a many2one field to "${query.root}", so Odoo cannot relate the two.`);
  }
  if (column.groupable === false) invalid(`Odoo cannot group "${entity.name}" by "${column.name}" (not groupable) to find the related records.`);
  const activeTest = !related.filters.some((filter) => filtersOn(filter, 'active'));
  if (related.count !== undefined && (!related.exists || countTest(related.count) === undefined)) invalid('A related count needs "exists" true and a comparison with finite numbers.');
  return { model: entity.name, domain: compileDomain(related.filters, scope, catalog), activeTest, field: column.name, exists: related.exists, ...(related.count === undefined ? {} : { count: related.count }) };
}

/** The grouped read of a related search on a server version: one group per distinct value of the field. */
export function renderRelatedCall(search: RelatedSearch, major: number): RenderedCall {
  const domain = search.domain.map(termForCall);
  if (usesFormattedReadGroup(major)) {
    return { model: search.model, method: 'formatted_read_group', params: { domain, groupby: [search.field], aggregates: ['__count'] } };
  }
  return { model: search.model, method: 'read_group', params: { domain, fields: [search.field], groupby: [search.field], lazy: false } };
}

/** Reads one rendered call with the given `active_test`; the connector's client, with the run's timeout and signal. */
export type RelatedReader = (call: RenderedCall, activeTest: boolean) => Promise<unknown>;

/** The plan with each related search read and turned into an `id in` / `id not in` term of its domain. */
export async function resolveRelated(plan: OdooPlan, major: number, read: RelatedReader): Promise<OdooPlan> {
  if (plan.related === undefined || plan.related.length === 0) return plan;
  const terms = [];
  for (const search of plan.related) {
    const counts = countsOf(await read(renderRelatedCall(search, major), search.activeTest), search.field, search.count !== undefined);
    terms.push(search.count === undefined ? ['id', search.exists ? 'in' : 'not in', [...counts.keys()]] as const : countTerm(counts, search.count));
  }
  const { related: _related, ...rest } = plan;
  return { ...rest, domain: [...plan.domain, ...terms] };
}

/**
 * The record ids of the groups, sorted, with each group's `__count` (required when `counted`): a
 * many2one group value is `[id, name]`, an empty one `false`.
 */
function countsOf(result: unknown, field: string, counted: boolean): Map<number, number> {
  const groups = Array.isArray(result) ? result : (result as { groups?: unknown } | null)?.groups;
  const unexpected = () => new QuerentError('internal_error', 'The Odoo server answered the read for a related filter with an unexpected shape.');
  if (!Array.isArray(groups)) throw unexpected();
  const counts = new Map<number, number>();
  for (const group of groups as Record<string, unknown>[]) {
    const value = group[field];
    const id = Array.isArray(value) ? value[0] : value;
    const count = group['__count'];
    if (counted && typeof count !== 'number') throw unexpected();
    if (typeof id === 'number' && Number.isInteger(id)) counts.set(id, typeof count === 'number' ? count : 0);
  }
  return new Map([...counts].sort(([left], [right]) => left - right));
}

/**
 * Records whose number of related records passes the comparison. Records with none are in no
 * group, so when a count of 0 passes ("fewer than 5") the term excludes the groups that fail instead.
 */
function countTerm(counts: ReadonlyMap<number, number>, count: RelatedCount): readonly [string, 'in' | 'not in', number[]] {
  const passes = countTest(count)!;
  const ids = [...counts.keys()];
  return passes(0) ? ['id', 'not in', ids.filter((id) => !passes(counts.get(id)!))] : ['id', 'in', ids.filter((id) => passes(counts.get(id)!))];
}

function countTest(count: RelatedCount): ((value: number) => boolean) | undefined {
  const [low, high] = count.values;
  if (!Array.isArray(count.values) || count.values.some((value) => typeof value !== 'number' || !Number.isFinite(value)) || low === undefined) return undefined;
  switch (count.op) {
    case 'gt': return (value) => value > low;
    case 'gte': return (value) => value >= low;
    case 'lt': return (value) => value < low;
    case 'lte': return (value) => value <= low;
    case 'eq': return (value) => value === low;
    case 'neq': return (value) => value !== low;
    case 'between': return high === undefined ? undefined : (value) => value >= low && value <= high;
    default: return undefined;
  }
}
