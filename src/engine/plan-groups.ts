/**
 * Groups of a joined entity. Compilers join many-to-one with LEFT JOIN, so rows that reach no row
 * of the grouped entity would form a group of their own with an empty label ("employees by
 * department" would show a blank department for employees whose department does not exist).
 * Such rows belong to no group of that entity, so the join key must be set. In a ranking, an
 * empty value of the grouped column is no contender either.
 */
import { field, type Dimension, type FieldRef, type Filter, type LogicalQuery, type Measure, type ScalarExpression } from '../query/logical-query.ts';
import type { SchemaIndex } from './schema-model.ts';
import { PlanProblem } from './plan-state.ts';
import type { RootChoice } from './join-graph.ts';

export function joinedGroupFilters(schema: SchemaIndex, choice: RootChoice, dimensions: readonly Dimension[], ranked: boolean, existing: readonly Filter[]): Filter[] {
  const filters: Filter[] = [];
  // A filter on a column of an entity (other than "is empty") already keeps only rows that reach it.
  const reached = (entity: string): boolean => [...existing, ...filters].some((filter) => filter.op !== 'is_null' && entitiesOfExpression(filter.expression).includes(entity));
  const has = (target: FieldRef): boolean => [...existing, ...filters].some((filter) => filter.op === 'not_null' && filter.expression.kind === 'field'
    && filter.expression.entity === target.entity && filter.expression.column === target.column);
  for (const dimension of dimensions) {
    // "the state with the most invoices": rows without a state are not a state that can lead.
    // Names and keys of a grouped entity identify its rows; a blank one is still a row.
    const owner = schema.entityByName.get(dimension.field.entity);
    const identifies = owner !== undefined && (owner.primaryKey.includes(dimension.field.column) || owner.displayColumns.some((column) => column.name === dimension.field.column));
    if (ranked && !dimension.grain && !identifies && !has(dimension.field)) filters.push({ kind: 'filter', expression: dimension.field, op: 'not_null', values: [] });
    const entity = dimension.field.entity;
    // A time bucket is no group of the entity that holds the date.
    if (dimension.grain || entity === choice.root || reached(entity)) continue;
    const last = choice.reach.paths.get(entity)?.at(-1);
    if (!last || last.toEntity !== entity || last.toColumns.length === 0) continue;
    filters.push({ kind: 'filter', expression: field(entity, last.toColumns[0]), op: 'not_null', values: [] });
  }
  return filters;
}

function entitiesOfExpression(expression: ScalarExpression): string[] {
  if (expression.kind === 'field') return [expression.entity];
  if (expression.kind === 'literal') return [];
  return [...entitiesOfExpression(expression.left), ...entitiesOfExpression(expression.right)];
}

/**
 * Rows counted per their own key or name ("number of films by film"): every count is 1, so the
 * plan misread what is grouped; decline rather than answer with a column of ones.
 */
export function refuseCountsPerRow(query: Pick<LogicalQuery, 'root' | 'measures' | 'dimensions'>, schema: SchemaIndex): void {
  for (const measure of query.measures) {
    const counted = countedEntity(query.root, measure, schema);
    if (!counted) continue;
    const entity = schema.entityByName.get(counted.entity);
    if (!entity || entity.primaryKey.length === 0) continue;
    const grouped = query.dimensions.filter((dimension) => !dimension.grain);
    const byKey = entity.primaryKey.every((column) => grouped.some((dimension) => dimension.field.entity === entity.name && dimension.field.column === column));
    const byName = grouped.some((dimension) => dimension.field.entity === entity.name && entity.displayColumns.some((column) => column.name === dimension.field.column));
    const byCountedField = counted.field !== undefined && grouped.some((dimension) => dimension.field.entity === counted.field?.entity && dimension.field.column === counted.field.column);
    if (byKey || (byName && measure.aggregate === 'count_distinct') || byCountedField) {
      throw new PlanProblem(`I could not tell what to group the ${entity.name} rows by: counting each one on its own gives 1 every time.`);
    }
  }
}

/** The entity whose rows a count measure counts: the root's for count(*), a key's entity for a distinct count. */
function countedEntity(root: string, measure: Measure, schema: SchemaIndex): { entity: string; field?: FieldRef } | undefined {
  if (measure.aggregate === 'count' && measure.expression === undefined) return { entity: root };
  if (measure.aggregate !== 'count_distinct' || measure.expression?.kind !== 'field') return undefined;
  const keyField = measure.expression;
  const owner = schema.entityByName.get(keyField.entity);
  if (!owner) return undefined;
  if (owner.primaryKey.length === 1 && owner.primaryKey[0] === keyField.column) return { entity: owner.name, field: keyField };
  const foreignKey = owner.foreignKeys.find((candidate) => candidate.columns.length === 1 && candidate.columns[0] === keyField.column);
  return foreignKey ? { entity: foreignKey.refEntity, field: keyField } : undefined;
}
