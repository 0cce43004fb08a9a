/**
 * Join paths through foreign keys. Queries join only many-to-one from the root, so the root must
 * reach every entity the question needs; among the entities that do, the planner prefers the one
 * that keeps paths shortest. Searches are bounded in depth, so cost does not grow with the schema.
 */
import type { JoinStep } from '../../query/logical-query.ts';
import type { SchemaIndex } from './schema-model.ts';

/** Hops allowed from the root to any entity. */
const MAX_DEPTH = 4;

export interface Reach {
  /** Path of many-to-one steps from the root to each reachable entity (the root maps to []). */
  readonly paths: ReadonlyMap<string, readonly JoinStep[]>;
  /** Entities reached by two different shortest paths (e.g. two foreign keys to the same table). */
  readonly ambiguous: ReadonlySet<string>;
}

const reachCache = new WeakMap<SchemaIndex, Map<string, Reach>>();

/** Breadth-first many-to-one paths from `root`, cached per schema. */
export function reachFrom(schema: SchemaIndex, root: string): Reach {
  let perSchema = reachCache.get(schema);
  if (!perSchema) {
    perSchema = new Map();
    reachCache.set(schema, perSchema);
  }
  const cached = perSchema.get(root);
  if (cached) return cached;
  const paths = new Map<string, JoinStep[]>([[root, []]]);
  const ambiguous = new Set<string>();
  let frontier = [root];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    const reachedNow = new Map<string, JoinStep[]>();
    for (const from of frontier) {
      const entity = schema.entityByName.get(from);
      for (const foreignKey of entity?.foreignKeys ?? []) {
        const to = foreignKey.refEntity;
        if (paths.has(to) || !schema.entityByName.has(to)) continue;
        const step: JoinStep = { fromEntity: from, fromColumns: foreignKey.columns, toEntity: to, toColumns: foreignKey.refColumns };
        if (reachedNow.has(to)) {
          ambiguous.add(to);
          continue;
        }
        reachedNow.set(to, [...(paths.get(from) ?? []), step]);
        next.push(to);
      }
    }
    for (const [entity, path] of reachedNow) {
      paths.set(entity, path);
      if (path.some((step) => ambiguous.has(step.fromEntity))) ambiguous.add(entity);
    }
    frontier = next;
  }
  const reach = { paths, ambiguous };
  if (perSchema.size < 10_000) perSchema.set(root, reach);
  return reach;
}

const reachersCache = new WeakMap<SchemaIndex, Map<string, ReadonlyMap<string, number>>>();

/** Entities from which `target` is reachable many-to-one (including itself), with the distance; cached per schema. */
export function reachersOf(schema: SchemaIndex, target: string): ReadonlyMap<string, number> {
  let perSchema = reachersCache.get(schema);
  if (!perSchema) {
    perSchema = new Map();
    reachersCache.set(schema, perSchema);
  }
  const cached = perSchema.get(target);
  if (cached) return cached;
  const found = computeReachers(schema, target);
  if (perSchema.size < 10_000) perSchema.set(target, found);
  return found;
}

function computeReachers(schema: SchemaIndex, target: string): Map<string, number> {
  const distances = new Map<string, number>([[target, 0]]);
  let frontier = [target];
  for (let depth = 1; depth <= MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    for (const entity of frontier) {
      for (const { fromEntity } of schema.entityByName.get(entity)?.incoming ?? []) {
        if (distances.has(fromEntity)) continue;
        distances.set(fromEntity, depth);
        next.push(fromEntity);
      }
    }
    frontier = next;
  }
  return distances;
}

export interface RootChoice {
  readonly root: string;
  readonly reach: Reach;
}

/**
 * The root for a set of needed entities: an entity that reaches all of them many-to-one.
 * `forced` (the entity holding a summed measure) must be the root when given. Among the rest:
 * an entity already needed, then the shortest total path.
 */
export function chooseRoot(schema: SchemaIndex, needed: readonly string[], forced?: string): RootChoice | undefined {
  const unique = [...new Set(needed)];
  if (forced) {
    const reach = reachFrom(schema, forced);
    return unique.every((entity) => reach.paths.has(entity)) ? { root: forced, reach } : undefined;
  }
  if (unique.length === 0) return undefined;
  let candidates: ReadonlyMap<string, number> | undefined;
  for (const entity of unique) {
    const reachers = reachersOf(schema, entity);
    if (!candidates) {
      candidates = reachers;
      continue;
    }
    const merged = new Map<string, number>();
    for (const [candidate, distance] of candidates) {
      const other = reachers.get(candidate);
      if (other !== undefined) merged.set(candidate, distance + other);
    }
    candidates = merged;
  }
  let bestRoot: string | undefined;
  let bestKey = Infinity;
  for (const [candidate, distance] of candidates ?? []) {
    const key = distance * 2 + (unique.includes(candidate) ? 0 : 1);
    if (key < bestKey || (key === bestKey && bestRoot !== undefined && candidate < bestRoot)) {
      bestKey = key;
      bestRoot = candidate;
    }
  }
  return bestRoot ? { root: bestRoot, reach: reachFrom(schema, bestRoot) } : undefined;
}

/** Join steps (deduplicated, in path order) that connect the root to the given entities. */
export function joinsFor(reach: Reach, entities: readonly string[]): JoinStep[] {
  const steps: JoinStep[] = [];
  const seen = new Set<string>();
  for (const entity of entities) {
    for (const step of reach.paths.get(entity) ?? []) {
      if (seen.has(step.toEntity)) continue;
      seen.add(step.toEntity);
      steps.push(step);
    }
  }
  return steps;
}
