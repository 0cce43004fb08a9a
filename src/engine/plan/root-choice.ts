/**
 * Where a query starts and how it reaches every entity a reading needs: the root (the entity of
 * summed measures, else the counted or listed one, else one that reaches all), its many-to-one
 * paths, and the root's keys the question's words choose where two keys reach the same table.
 */
import type { CatalogForeignKey } from '../../connectors/catalog.ts';
import type { JoinStep } from '../../query/logical-query.ts';
import type { Features } from '../readings/features.ts';
import type { MeasureNode, Reading } from '../readings/reading.ts';
import { chooseRoot, reachFrom, type RootChoice } from '../schema/join-graph.ts';
import { columnOf, entityOf, type SchemaIndex } from '../schema/schema-model.ts';
import { entityNameWords, GENERIC_PARTS } from '../schema/schema-words.ts';
import { entityNoun } from './labels.ts';
import { entitiesIn } from './plan-measures.ts';
import { Unplannable } from './unplannable.ts';

/** Entities a measure's metric reaches for its own conditions and date. */
export function metricEntitiesOf(measure: MeasureNode): string[] {
  if (!measure.metric) return [];
  const { conditions, time, per, expression } = measure.metric;
  return [...conditions.flatMap((condition) => (condition.entity ? [condition.entity] : [])), ...(time ? [time.entity] : []), ...(per ? [per.by.entity] : []), ...(expression ? entitiesIn(expression) : [])];
}

/** The root: the entity of summed measures, else the counted or listed entity, else one that reaches all. */
export function pickRoot(reading: Reading, schema: SchemaIndex, measures: readonly MeasureNode[], features: Features, assumptions: string[]): RootChoice {
  const needed = new Set<string>([reading.subject, ...reading.scope]);
  for (const output of reading.outputs) needed.add(output.entity);
  for (const measure of measures) {
    needed.add(measure.entity);
    for (const entity of metricEntitiesOf(measure)) needed.add(entity);
  }
  for (const condition of reading.conditions) {
    needed.add(condition.entity);
    if (condition.kind === 'segment') for (const entry of condition.segment.conditions) if (entry.entity) needed.add(entry.entity);
  }
  for (const group of reading.groups) needed.add(group.entity);
  for (const entry of reading.order) needed.add(entry.key.entity);
  const summed = new Set(measures.filter((measure) => measure.aggregate === 'sum' || measure.aggregate === 'avg').map((measure) => measure.entity));
  if (summed.size > 1) throw new Unplannable('amounts of two entities');
  let forced = [...summed][0];
  // "the average age of support agents": a column of what each agent points to, averaged over the agents.
  if (forced && reading.subjectSaid && forced !== reading.subject && reachFrom(schema, reading.subject).paths.has(forced)) {
    forced = reading.subject;
    features['measure.over-subject-rows'] = 1;
  }
  const preferred = forced ?? measures.find((measure) => measure.aggregate === 'count' && !measure.column)?.entity ?? reading.subject;
  const reach = reachFrom(schema, preferred);
  let choice: RootChoice | undefined = [...needed].every((entity) => reach.paths.has(entity)) ? { root: preferred, reach } : undefined;
  if (!choice && !forced) choice = chooseRoot(schema, [...needed]);
  if (!choice) throw new Unplannable(`no root reaches ${[...needed].join(', ')}`);
  const byGroups = keysNamedByGroups(choice, reading, schema);
  if (byGroups.length > 0) features['join.named-key'] = 1;
  choice = throughKeys(choice, byGroups);
  const said = keysSaid(choice, needed, reading, schema, assumptions);
  if (said.length > 0) features['join.key-said'] = 1;
  choice = throughKeys(choice, said);
  choice = throughNamedTables(choice, needed, schema);
  for (const entity of needed) {
    if (choice.reach.ambiguous.has(entity)) {
      features['join.ambiguous'] = (features['join.ambiguous'] ?? 0) + 1;
      throw new Unplannable(`${choice.root} reaches ${entity} in more than one way`);
    }
  }
  features[choice.root === reading.subject ? 'plan.root.subject' : 'plan.root.other'] = 1;
  return choice;
}

/**
 * "work orders for sites in the West region": a table the root reaches two ways (a work order's
 * site's region, its technician's region) is joined through another table the question needs, when
 * exactly one such table reaches it, and one way only.
 */
function throughNamedTables(choice: RootChoice, needed: ReadonlySet<string>, schema: SchemaIndex): RootChoice {
  const routes = new Map<string, readonly JoinStep[]>();
  for (const entity of needed) {
    if (!choice.reach.ambiguous.has(entity)) continue;
    const found = new Map<string, readonly JoinStep[]>();
    for (const via of needed) {
      const head = choice.reach.paths.get(via);
      if (via === entity || via === choice.root || !head || choice.reach.ambiguous.has(via)) continue;
      const onward = reachFrom(schema, via);
      const tail = onward.paths.get(entity);
      if (!tail || onward.ambiguous.has(entity) || tail.some((step) => step.toEntity === choice.root)) continue;
      const route = [...head, ...tail];
      found.set(route.map((step) => `${step.fromEntity}.${step.fromColumns.join()}`).join('>'), route);
    }
    if (found.size === 1) routes.set(entity, [...found.values()][0]);
  }
  if (routes.size === 0) return choice;
  const paths = new Map(choice.reach.paths);
  const ambiguous = new Set(choice.reach.ambiguous);
  for (const [entity, route] of routes) {
    paths.set(entity, route);
    ambiguous.delete(entity);
  }
  return { root: choice.root, reach: { paths, ambiguous } };
}

/** The root's keys joined directly: each its table's path, whatever other key also reaches it. */
function throughKeys(choice: RootChoice, keys: readonly CatalogForeignKey[]): RootChoice {
  if (keys.length === 0) return choice;
  const paths = new Map(choice.reach.paths);
  const ambiguous = new Set(choice.reach.ambiguous);
  for (const key of keys) {
    paths.set(key.refEntity, [{ fromEntity: choice.root, fromColumns: key.columns, toEntity: key.refEntity, toColumns: key.refColumns }]);
    ambiguous.delete(key.refEntity);
  }
  return { root: choice.root, reach: { paths, ambiguous } };
}

/**
 * A group reached through a foreign key of the root that the question named ("revenue by
 * salesperson" = orders.employee_id) joins through that key, even where another key reaches the
 * same entity (an order's approver): the words chose the path. Only keys that change a path.
 */
function keysNamedByGroups(choice: RootChoice, reading: Reading, schema: SchemaIndex): CatalogForeignKey[] {
  const keys: CatalogForeignKey[] = [];
  for (const group of reading.groups) {
    // Only the root's own keys: a key further away ("the customer's salesperson") is another question than the shortest path's.
    if (group.kind !== 'entity' || !group.via || group.via.entity !== choice.root) continue;
    const column = group.via.column;
    const key = entityOf(schema, choice.root).foreignKeys.find((each) => each.columns.length === 1 && each.columns[0] === column && each.refEntity === group.entity);
    if (!key) continue;
    const current = choice.reach.paths.get(group.entity);
    const same = current?.length === 1 && current[0].fromEntity === choice.root && current[0].fromColumns.join() === column;
    if (!same || choice.reach.ambiguous.has(group.entity)) keys.push(key);
  }
  return keys;
}

/**
 * Two keys of the root to the same table (an expense claim's submitted_by_id and approved_by_id, both
 * staff members): the one whose own words the question says ("approve", beyond the table's name and
 * "id") is the join, when no other key's are said; the answer says which link it took.
 */
function keysSaid(choice: RootChoice, needed: ReadonlySet<string>, reading: Reading, schema: SchemaIndex, assumptions: string[]): CatalogForeignKey[] {
  const chosen: CatalogForeignKey[] = [];
  const said = new Set(reading.saidLemmas);
  const root = entityOf(schema, choice.root);
  for (const entity of needed) {
    if (!choice.reach.ambiguous.has(entity)) continue;
    const keys = root.foreignKeys.filter((key) => key.refEntity === entity && key.columns.length === 1);
    if (keys.length < 2) continue;
    const tableWords = new Set([...entityNameWords(entityOf(schema, entity).table).words, 'id']);
    const named = keys.filter((key) => columnOf(schema, choice.root, key.columns[0]).words.some((word) => !tableWords.has(word) && !GENERIC_PARTS.has(word) && said.has(word)));
    if (named.length !== 1) continue;
    chosen.push(named[0]);
    const keyLabel = columnOf(schema, choice.root, named[0].columns[0]).nameWords.filter((word) => word !== 'id').join(' ');
    assumptions.push(`The ${entityNoun(entityOf(schema, entity))} is the ${entityNoun(root)}'s ${keyLabel}, one of its ${keys.length} links to ${entityNoun(entityOf(schema, entity), true)}.`);
  }
  return chosen;
}
