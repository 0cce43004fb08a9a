/**
 * A related node as a semi- or anti-join of the logical query. The sub-select's root is the entity
 * that reaches both the related entity and the subject many-to-one by the shortest paths (the
 * related entity itself when it points to the subject; a line table between products and orders);
 * the last hop of its path to the subject is the link. When two roots or two paths tie, the
 * question does not say which relation it means, and the reading is not planned.
 */
import type { RelatedFilter } from '../../query/logical-query.ts';
import type { RelatedNode } from '../readings/reading.ts';
import { joinsFor, reachFrom, reachersOf } from '../schema/join-graph.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';
import { conditionFilters } from './plan-filters.ts';
import { Unplannable } from './unplannable.ts';

export function relatedFilter(node: RelatedNode, subject: string, schema: SchemaIndex, now: Date): RelatedFilter {
  if (node.sharing) return sharingFilter(node, node.sharing.column, subject, schema, now);
  if (node.parentVia) return selfFilter(node, node.parentVia, 'parent', subject, schema, now);
  if (node.childVia) return selfFilter(node, node.childVia, 'child', subject, schema, now);
  const inner = [...new Set([node.entity, ...node.conditions.map((condition) => condition.entity)])];
  const root = innerRoot(schema, subject, inner);
  const reach = reachFrom(schema, root);
  const toSubject = reach.paths.get(subject);
  if (!toSubject || toSubject.length === 0 || reach.ambiguous.has(subject)) throw new Unplannable(`${root} relates to ${subject} in more than one way`);
  if (inner.some((entity) => reach.ambiguous.has(entity))) throw new Unplannable(`${root} reaches a related entity in more than one way`);
  const hop = toSubject[toSubject.length - 1];
  const joins = joinsFor(reach, [...inner, hop.fromEntity]).filter((step) => step.toEntity !== subject);
  if (inner.some((entity) => entity !== root && !joins.some((step) => step.toEntity === entity))) throw new Unplannable('a related condition passes through the subject');
  return {
    kind: 'related',
    exists: node.exists,
    root,
    joins,
    link: { entity: hop.fromEntity, columns: hop.fromColumns, outerEntity: subject, outerColumns: hop.toColumns },
    filters: conditionFilters(node.conditions, schema, now),
    ...(node.count ? { count: node.count } : {}),
  };
}

/** The one entity reaching the subject and every related entity with the shortest total path. */
function innerRoot(schema: SchemaIndex, subject: string, inner: readonly string[]): string {
  let candidates = new Map(reachersOf(schema, subject));
  candidates.delete(subject);
  for (const entity of inner) {
    const reachers = reachersOf(schema, entity);
    candidates = new Map([...candidates].flatMap(([candidate, distance]) => {
      const other = reachers.get(candidate);
      return other === undefined ? [] : [[candidate, distance + other] as const];
    }));
  }
  const best = Math.min(...candidates.values());
  const roots = [...candidates].filter(([, distance]) => distance === best).map(([candidate]) => candidate);
  if (roots.length !== 1) throw new Unplannable(roots.length === 0 ? `nothing relates ${inner.join(', ')} to ${subject}` : `${inner.join(', ')} relate to ${subject} through ${roots.join(' or ')}`);
  return roots[0];
}

/** Other rows of the subject with the same value of one column, passing the node's conditions. */
function sharingFilter(node: RelatedNode, column: string, subject: string, schema: SchemaIndex, now: Date): RelatedFilter {
  if (node.entity !== subject || node.conditions.some((condition) => condition.entity !== subject)) throw new Unplannable('shared values of another entity');
  return {
    kind: 'related',
    exists: node.exists,
    root: subject,
    joins: [],
    link: { entity: subject, columns: [column], outerEntity: subject, outerColumns: [column] },
    filters: conditionFilters(node.conditions, schema, now),
  };
}

/**
 * The subject's rows whose row of the same kind that `key` points to (`parent`), or a row of the
 * same kind whose `key` points to them (`child`), passes the node's conditions.
 */
function selfFilter(node: RelatedNode, key: string, side: 'parent' | 'child', subject: string, schema: SchemaIndex, now: Date): RelatedFilter {
  const foreignKey = schema.entityByName.get(subject)?.foreignKeys.find((each) => each.refEntity === subject && each.columns.length === 1 && each.columns[0] === key);
  if (foreignKey === undefined || node.entity !== subject || node.conditions.some((condition) => condition.entity !== subject)) throw new Unplannable('a row of its own kind not pointed to by a key');
  const [inner, outer] = side === 'parent' ? [foreignKey.refColumns, [key]] : [[key], foreignKey.refColumns];
  return {
    kind: 'related',
    exists: node.exists,
    root: subject,
    joins: [],
    link: { entity: subject, columns: inner, outerEntity: subject, outerColumns: outer },
    filters: conditionFilters(node.conditions, schema, now),
  };
}
