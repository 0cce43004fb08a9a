/**
 * The tables of one SELECT: the root aliased t0 and each join target t1, t2… (in order, as LEFT
 * JOINs), checked against the catalog; a related filter's sub-select names its own the same way
 * under another prefix (r0_0, r0_1…). Also the compile error every SQL compiler throws.
 */
import type { Catalog, CatalogColumn, CatalogEntity } from '../catalog.ts';
import { findColumn, findEntity } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';
import type { JoinStep } from '../../query/logical-query.ts';
import type { SqlDialect } from './sql-dialect.ts';

export interface ScopeEntry {
  readonly alias: string;
  readonly entity: CatalogEntity;
}

/** Entity name → its alias and catalog entry. */
export type Scope = ReadonlyMap<string, ScopeEntry>;

/** The entities a SELECT reads: a root and the many-to-one joins from it. */
export interface EntityPath {
  readonly root: string;
  readonly joins: readonly JoinStep[];
}

/**
 * The root as `${prefix}0` and each join target as `${prefix}1`, `${prefix}2`…; every join must
 * start from an entity already in scope.
 */
export function buildScope(path: EntityPath, catalog: Catalog, prefix = 't'): Scope {
  const scope = new Map<string, ScopeEntry>([[path.root, { alias: `${prefix}0`, entity: requireEntity(catalog, path.root) }]]);
  for (const join of path.joins) {
    const from = scope.get(join.fromEntity);
    if (from === undefined) invalid(`The join to "${join.toEntity}" starts from "${join.fromEntity}", which is not joined yet.`);
    if (scope.has(join.toEntity)) invalid(`The entity "${join.toEntity}" is joined twice.`);
    const to = requireEntity(catalog, join.toEntity);
    if (join.fromColumns.length === 0 || join.fromColumns.length !== join.toColumns.length) {
      invalid(`The join from "${join.fromEntity}" to "${join.toEntity}" needs matching, non-empty column lists.`);
    }
    join.fromColumns.forEach((column) => requireColumn(from.entity, column));
    join.toColumns.forEach((column) => requireColumn(to, column));
    scope.set(join.toEntity, { alias: `${prefix}${scope.size}`, entity: to });
  }
  return scope;
}

/** `FROM root AS t0` and one `LEFT JOIN … ON …` line per join. */
export function fromClause(path: EntityPath, scope: Scope, dialect: SqlDialect): string[] {
  const quote = (name: string) => dialect.quoteIdentifier(name);
  const root = scope.get(path.root)!;
  const lines = [`FROM ${dialect.qualifiedTableName(root.entity)} AS ${root.alias}`];
  for (const join of path.joins) {
    const from = scope.get(join.fromEntity)!;
    const to = scope.get(join.toEntity)!;
    const on = join.toColumns.map((toColumn, index) => `${to.alias}.${quote(toColumn)} = ${from.alias}.${quote(join.fromColumns[index]!)}`);
    lines.push(`LEFT JOIN ${dialect.qualifiedTableName(to.entity)} AS ${to.alias} ON ${on.join(' AND ')}`);
  }
  return lines;
}

export function requireEntity(catalog: Catalog, name: string): CatalogEntity {
  return findEntity(catalog, name) ?? invalid(`The entity "${name}" is not in the catalog.`);
}

export function requireColumn(entity: CatalogEntity, name: string): CatalogColumn {
  return findColumn(entity, name) ?? invalid(`The entity "${entity.name}" has no column "${name}".`);
}

/** Compile errors name the bad part of the query; the engine that built it gets them as `invalid_request`. */
export function invalid(detail: string): never {
  throw new QuerentError('invalid_request', detail);
}
