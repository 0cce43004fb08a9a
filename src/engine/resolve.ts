/**
 * Chooses concrete schema elements for mentions: the column a word names, the column a value
 * belongs to. Ties are broken by how close an element is to the entities the question is about
 * (its anchors) in the join graph; a tie that remains is reported, never guessed.
 */
import type { JoinStep } from '../query/logical-query.ts';
import type { Candidate, Mention } from './link.ts';
import { reachersOf, reachFrom } from './join-graph.ts';
import type { ColumnInfo, SchemaIndex } from './schema-model.ts';
import { stemVariants } from './words.ts';

export class Ambiguity extends Error {
  readonly options: readonly string[];
  constructor(message: string, options: readonly string[]) {
    super(message);
    this.options = options;
  }
}

/**
 * Hops from the nearest anchor to the entity: many-to-one first, then the reverse direction.
 * A hop into an event table (one with a main date, such as orders) costs less than a hop into
 * master data: facts relate to parties through their transaction (order line → order → customer)
 * more directly than through what was traded (order line → product → supplier).
 */
export function distanceFrom(schema: SchemaIndex, anchors: readonly string[], entity: string): number {
  if (anchors.length === 0) return 0;
  let best = Infinity;
  anchors.forEach((anchor, order) => {
    const forward = reachFrom(schema, anchor).paths.get(entity);
    const reverse = forward ? undefined : reachFrom(schema, entity).paths.get(anchor);
    const distance = forward ? pathCost(schema, forward) : reverse ? pathCost(schema, reverse) + 0.5 : bridgeDistance(schema, anchor, entity);
    best = Math.min(best, distance + order * 0.01);
  });
  return best;
}

/**
 * Hops through a row that points to both ("customers who bought Seafood": an order line reaches the
 * customer and the category), with a penalty; Infinity when no such row is near.
 */
function bridgeDistance(schema: SchemaIndex, anchor: string, entity: string): number {
  const fromAnchor = reachersOf(schema, anchor);
  const fromEntity = reachersOf(schema, entity);
  const [small, large] = fromAnchor.size <= fromEntity.size ? [fromAnchor, fromEntity] : [fromEntity, fromAnchor];
  let best = Infinity;
  for (const [root, distance] of small) {
    const other = large.get(root);
    if (other !== undefined) best = Math.min(best, distance + other + 1);
  }
  return best;
}

function pathCost(schema: SchemaIndex, path: readonly JoinStep[]): number {
  let cost = 0;
  for (const step of path) cost += schema.entityByName.get(step.toEntity)?.mainDate ? 0.75 : 1;
  return cost;
}

const DISTANCE_WEIGHT = 0.15;
const TIE = 0.02;

export interface ColumnChoice {
  readonly column: ColumnInfo;
  readonly score: number;
}

/**
 * The best column among a mention's column candidates that pass `accept`, scored by match and
 * closeness to the anchors. Throws Ambiguity when two columns tie.
 */
export function chooseColumn(schema: SchemaIndex, mention: Mention, anchors: readonly string[], accept: (column: ColumnInfo) => boolean): ColumnChoice | undefined {
  const scored: ColumnChoice[] = [];
  for (const candidate of mention.candidates) {
    if (candidate.kind !== 'column') continue;
    const column = schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column);
    if (!column || !accept(column)) continue;
    const distance = distanceFrom(schema, anchors, column.entity);
    if (!Number.isFinite(distance)) continue;
    // "name" of customers: the column that names the rows, before another *_name.
    const names = schema.entityByName.get(column.entity)?.displayColumns.includes(column) ? 0.05 : 0;
    scored.push({ column, score: candidate.score - DISTANCE_WEIGHT * distance + names });
  }
  return pickOne(scored, `"${mention.text}"`);
}

export function pickOne(scored: ColumnChoice[], what: string): ColumnChoice | undefined {
  scored.sort((left, right) => right.score - left.score);
  const [first, second] = scored;
  if (!first) return undefined;
  if (second && first.score - second.score < TIE && (second.column.entity !== first.column.entity || second.column.name !== first.column.name)) {
    const options = scored.filter((choice) => first.score - choice.score < TIE).map((choice) => `${choice.column.entity}.${choice.column.name}`);
    throw new Ambiguity(`${what} could mean ${options.join(' or ')}.`, options);
  }
  return first;
}

export interface ValueChoice {
  readonly entity: string;
  readonly column: string;
  readonly values: readonly string[];
}

/**
 * The column of a value filter: the one all alternatives share, preferring a column named by a
 * word next to the value ("shipped to France" → ship_country; "cancelled orders" → orders), then
 * the closest to the anchors.
 */
export function chooseValueColumn(schema: SchemaIndex, mentions: readonly Mention[], hints: readonly Mention[], anchors: readonly string[]): ValueChoice | undefined {
  const first = mentions[0];
  const pairs = first.candidates.filter((candidate): candidate is Candidate & { kind: 'value' } => candidate.kind === 'value')
    .filter((candidate) => mentions.every((mention) => mention.candidates.some((other) => other.kind === 'value' && other.entity === candidate.entity && other.column === candidate.column)));
  const scored: (ColumnChoice & { values: string[] })[] = [];
  for (const pair of pairs) {
    const column = schema.entityByName.get(pair.entity)?.columnByName.get(pair.column);
    if (!column) continue;
    let score = 1 - DISTANCE_WEIGHT * distanceFrom(schema, anchors, pair.entity);
    if (!Number.isFinite(score)) continue;
    if (hints.some((hint) => hintNames(hint, column))) score += 0.5;
    if (column.words.length > 1) score -= 0.05; // a qualified column (ship_country) after a plain one (country)
    if (schema.entityByName.get(column.entity)?.displayColumns.includes(column)) score += 0.03; // "the Business plan": its name
    const values = mentions.map((mention) => {
      const match = mention.candidates.find((other) => other.kind === 'value' && other.entity === pair.entity && other.column === pair.column);
      return match?.kind === 'value' ? match.value : '';
    });
    scored.push({ column, score, values });
  }
  const chosen = pickOne(scored, `"${mentions.map((mention) => mention.text).join(' / ')}"`);
  if (!chosen) return undefined;
  const values = scored.find((choice) => choice.column === chosen.column)?.values ?? [];
  return { entity: chosen.column.entity, column: chosen.column.name, values: [...new Set(values)] };
}

/** Whether a neighbouring word names the column or its entity. */
function hintNames(hint: Mention, column: ColumnInfo): boolean {
  for (const candidate of hint.candidates) {
    if (candidate.kind === 'entity' && candidate.entity === column.entity && candidate.score >= 0.8) return true;
    if (candidate.kind === 'column' && candidate.entity === column.entity && candidate.column === column.name) return true;
  }
  const stems = hint.text.toLowerCase().split(/\s+/).flatMap((word) => stemVariants(word));
  return stems.some((stem) => column.words.includes(stem));
}
