/**
 * Filters of a logical query → an Odoo domain: a list of `[path, operator, value]` terms, ANDed
 * (Odoo's implicit `&`); either-or conditions in Odoo's prefix notation (`'|', A, B`). Paths walk
 * many2one fields (`partner_id.country_id.name`), built from the query's join steps. Values are
 * turned into what Odoo compares: selection labels to their keys, dates on datetime fields to UTC
 * `YYYY-MM-DD HH:MM:SS`, a name on a many2one to `field.name`.
 */
import type { Catalog, CatalogColumn, CatalogEntity } from '../catalog.ts';
import { findColumn, findEntity } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';
import { alternativesOf } from '../../query/filter-forms.ts';
import type { Filter, FilterValue, LogicalQuery } from '../../query/logical-query.ts';

/** A leaf, or a prefix operator: `'|'` and `'&'` join the next two terms, `'!'` negates the next one. */
export type DomainTerm = readonly [string, string, unknown] | '|' | '&' | '!';

/** Terms that all hold, as one term of Odoo's prefix notation. */
export function allOf(terms: readonly DomainTerm[]): DomainTerm[] {
  return [...Array.from({ length: Math.max(0, terms.length - 1) }, () => '&' as const), ...terms];
}

/** A domain term as sent to Odoo: operators as they are, leaves as fresh arrays. */
export function termForCall(term: DomainTerm): unknown {
  return typeof term === 'string' ? term : [...term];
}

/** Whether a filter, or one of its alternatives, is on a column of that name. */
export function filtersOn(filter: Filter, columnName: string): boolean {
  return [filter, ...(filter.or ?? [])].some((each) => each.expression.kind === 'field' && each.expression.column === columnName);
}

export interface ScopeEntry {
  readonly entity: CatalogEntity;
  /** Dotted path from the root to this entity, ending in `.` (empty for the root). */
  readonly prefix: string;
  /** The many2one field of the root that reaches this entity in one hop, if it does. */
  readonly rootField?: string;
}

/** The root and every join target, with the path that reaches it. Joins must be many2one hops to `id`. */
export function buildScope(query: Pick<LogicalQuery, 'root' | 'joins'>, catalog: Catalog): ReadonlyMap<string, ScopeEntry> {
  const scope = new Map<string, ScopeEntry>();
  scope.set(query.root, { entity: requireEntity(catalog, query.root), prefix: '' });
  for (const join of query.joins) {
    const from = scope.get(join.fromEntity);
    if (from === undefined) invalid(`The join to "${join.toEntity}" starts from "${join.fromEntity}", which is not joined yet.`);
    if (scope.has(join.toEntity)) invalid(`The entity "${join.toEntity}" is joined twice.`);
    const to = requireEntity(catalog, join.toEntity);
    const [fromColumn] = join.fromColumns;
    if (join.fromColumns.length !== 1 || join.toColumns.length !== 1 || join.toColumns[0] !== 'id' || fromColumn === undefined) {
      invalid(`Odoo models are joined through one many2one field to "id"; the join from "${join.fromEntity}" to "${join.toEntity}" is not one.`);
    }
    const column = requireColumn(from.entity, fromColumn);
    if (!from.entity.foreignKeys.some((key) => key.columns[0] === column.name && key.refEntity === to.name)) {
      invalid(`"${from.entity.name}.${column.name}" is not a many2one field to "${to.name}".`);
    }
    scope.set(join.toEntity, { entity: to, prefix: `${from.prefix}${column.name}.`, ...(from.prefix === '' ? { rootField: column.name } : {}) });
  }
  return scope;
}

const COMPARISONS = { eq: '=', neq: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

export function compileDomain(filters: readonly Filter[], scope: ReadonlyMap<string, ScopeEntry>, catalog: Catalog): DomainTerm[] {
  return filters.flatMap((filter) => compileFilter(filter, scope, catalog));
}

function compileFilter(filter: Filter, scope: ReadonlyMap<string, ScopeEntry>, catalog: Catalog): DomainTerm[] {
  if (filter.or !== undefined) {
    // "founded after 1850 or public": each alternative's terms joined by `&`, the alternatives by `|`.
    const alternatives = alternativesOf({ ...filter, or: filter.or }).map((alternative) => allOf(compileFilter(alternative, scope, catalog)));
    return [...Array.from({ length: alternatives.length - 1 }, () => '|' as const), ...alternatives.flat()];
  }
  const { expression, op, values } = filter;
  if (expression.kind !== 'field') invalid('Odoo domains compare fields with values; arithmetic in a filter cannot be expressed.');
  const entry = scope.get(expression.entity);
  if (entry === undefined) invalid(`The entity "${expression.entity}" is neither the root nor joined.`);
  const column = requireColumn(entry.entity, expression.column);
  if (column.filterable === false) invalid(`Odoo cannot filter on "${entry.entity.name}.${column.name}" (not searchable).`);
  for (const value of values) {
    if (typeof value === 'number' && !Number.isFinite(value)) invalid(`The filter value ${value} is not a finite number.`);
  }
  const path = (value: FilterValue | undefined) => `${entry.prefix}${column.name}${nameSuffix(entry.entity, column, value, catalog)}`;
  const convert = (value: FilterValue, bound: 'start' | 'end' = 'start') => toOdooValue(column, value, bound);
  switch (op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      expectValues(filter, 1);
      const value = values[0]!;
      return [[path(value), COMPARISONS[op], convert(value, op === 'gt' || op === 'lte' ? 'end' : 'start')]];
    }
    case 'between':
      expectValues(filter, 2);
      return [[path(values[0]), '>=', convert(values[0]!)], [path(values[1]), '<=', convert(values[1]!, 'end')]];
    case 'in':
    case 'not_in':
      if (values.length === 0) invalid(`The filter "${op}" on ${column.name} needs at least one value.`);
      return [[path(values[0]), op === 'in' ? 'in' : 'not in', values.map((value) => convert(value))]];
    case 'contains':
      expectValues(filter, 1);
      // ilike wraps the value in %…% itself; Odoo escapes nothing, so % and _ are escaped here.
      return [[path(values[0]), 'ilike', String(values[0]).replace(/[\\%_]/g, '\\$&')]];
    case 'starts_with':
    case 'ends_with': {
      expectValues(filter, 1);
      // =ilike takes the pattern as given.
      const escaped = String(values[0]).replace(/[\\%_]/g, '\\$&');
      return [[path(values[0]), '=ilike', op === 'starts_with' ? `${escaped}%` : `%${escaped}`]];
    }
    case 'is_null':
    case 'not_null':
      expectValues(filter, 0);
      // `= false` is Odoo's IS NULL (on a boolean field: false or NULL).
      return [[`${entry.prefix}${column.name}`, op === 'is_null' ? '=' : '!=', false]];
    default:
      return invalid(`Unknown filter operator "${String(op)}".`);
  }
}

/** A text value compared with a many2one field means the related record's name. */
function nameSuffix(entity: CatalogEntity, column: CatalogColumn, value: FilterValue | undefined, catalog: Catalog): string {
  if (column.nativeType !== 'many2one' || typeof value !== 'string') return '';
  const target = entity.foreignKeys.find((key) => key.columns[0] === column.name)?.refEntity;
  const related = target === undefined ? undefined : findEntity(catalog, target);
  // Without the related model's `name` column, Odoo resolves the text with name_search itself.
  return related !== undefined && findColumn(related, 'name') !== undefined ? '.name' : '';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The value Odoo compares: selection keys, UTC datetimes without `T`, dates as they are. */
export function toOdooValue(column: CatalogColumn, value: FilterValue, bound: 'start' | 'end' = 'start'): FilterValue {
  if (typeof value !== 'string') return value;
  if (column.choices !== undefined) {
    if (column.choices.some((choice) => choice.value === value)) return value;
    const byLabel = column.choices.find((choice) => choice.label.toLowerCase() === value.toLowerCase());
    return byLabel?.value ?? value;
  }
  if (column.nativeType === 'datetime') {
    if (DATE_ONLY.test(value)) return `${value} ${bound === 'end' ? '23:59:59' : '00:00:00'}`;
    const match = ISO_TIMESTAMP.exec(value);
    if (match !== null) {
      const instant = match[3] === undefined ? `${match[1]}T${match[2]}Z` : `${match[1]}T${match[2]}${match[3]}`;
      const date = new Date(instant);
      if (Number.isNaN(date.getTime())) invalid(`"${value}" is not a valid timestamp.`);
      return date.toISOString().slice(0, 19).replace('T', ' ');
    }
  }
  return value;
}

function expectValues(filter: Filter, count: number): void {
  if (filter.values.length !== count) invalid(`The filter "${filter.op}" needs ${count} value${count === 1 ? '' : 's'}, not ${filter.values.length}.`);
}

export function requireEntity(catalog: Catalog, name: string): CatalogEntity {
  const entity = findEntity(catalog, name);
  if (entity === undefined) invalid(`The entity "${name}" is not in the catalog.`);
  return entity;
}

export function requireColumn(entity: CatalogEntity, name: string): CatalogColumn {
  const column = findColumn(entity, name);
  if (column === undefined) invalid(`The entity "${entity.name}" has no column "${name}".`);
  return column;
}

/** Compile errors name the bad part of the query; the engine that built it gets them as `invalid_request`. */
export function invalid(detail: string): never {
  throw new QuerentError('invalid_request', detail);
}
