/**
 * A semantic layer's segments: words that name a subset of an entity's rows ("open" invoices). A
 * segment word is taken out of the question before linking, and its conditions become filters of
 * the planned query when the question names the entity and the query reaches it; each one is
 * stated as an assumption. Otherwise the word is left in place, to be linked or declined as usual.
 */
import type { Catalog, CatalogSegment } from '../connectors/catalog.ts';
import { entitiesOf, field, type Filter, type LogicalQuery } from '../query/logical-query.ts';
import type { Item } from './segment.ts';
import type { Token } from './tokenize.ts';

export interface SegmentUse {
  readonly entity: string;
  readonly segment: CatalogSegment;
  readonly word: string;
  /** Tokens (re-indexed) of a word that also names the entity ("customers"), kept to be linked to it. */
  readonly kept?: { readonly start: number; readonly end: number };
}

/**
 * Segment words found in the tokens outside `reserved` (a metric's words), longest first, and the
 * tokens without them (re-indexed). A word that is also a synonym of its entity ("customers",
 * "quotations") stays, as the entity's name.
 */
export function takeSegmentWords(tokens: readonly Token[], catalog: Catalog, reserved: ReadonlySet<number> = new Set()): { tokens: Token[]; uses: SegmentUse[] } {
  const found: (SegmentUse & { start: number; length: number })[] = [];
  const taken = new Set<number>(reserved);
  const words = catalog.entities.flatMap((entity) => (entity.segments ?? []).flatMap((segment) => segment.words.map((word) => ({
    entity, segment, word, parts: word.toLowerCase().split(/\s+/).filter((part) => part.length > 0),
  })))).sort((left, right) => right.parts.length - left.parts.length);
  for (const { entity, segment, word, parts } of words) {
    if (parts.length === 0) continue;
    for (let start = 0; start + parts.length <= tokens.length; start += 1) {
      const matches = parts.every((part, offset) => !taken.has(start + offset) && (tokens[start + offset]!.lower === part || tokens[start + offset]!.lemma === part));
      if (!matches) continue;
      for (let offset = 0; offset < parts.length; offset += 1) taken.add(start + offset);
      found.push({ entity: entity.name, segment, word, start, length: parts.length });
    }
  }
  if (found.length === 0) return { tokens: [...tokens], uses: [] };
  const names = new Map(catalog.entities.map((entity) => [entity.name, new Set([...(entity.synonyms ?? []), entity.label ?? ''].map((name) => name.toLowerCase()))]));
  const keep = new Set<number>(reserved);
  for (const use of found) {
    if (!names.get(use.entity)?.has(use.word.toLowerCase())) continue;
    for (let offset = 0; offset < use.length; offset += 1) keep.add(use.start + offset);
  }
  const kept = tokens.filter((token) => keep.has(token.index) || !taken.has(token.index));
  const newIndex = new Map(kept.map((token, index) => [token.index, index]));
  const uses = found.map(({ start, length, ...use }): SegmentUse => {
    const at = newIndex.get(start);
    return at !== undefined && !reserved.has(start) ? { ...use, kept: { start: at, end: at + length } } : use;
  });
  return { tokens: kept.map((token, index) => ({ ...token, index })), uses };
}

/** The items with each kept segment word linked to its entity only, not to columns that mention it. */
export function linkSegmentEntities(items: readonly Item[], uses: readonly SegmentUse[]): Item[] {
  return items.map((item) => {
    const use = uses.find((candidate) => candidate.kept && candidate.kept.start === item.start && candidate.kept.end === item.end);
    if (!use || item.kind !== 'mention') return item;
    return { ...item, mention: { ...item.mention, candidates: [{ kind: 'entity', entity: use.entity, score: 1, match: 'exact' }] } };
  });
}

/** The query with each used segment's conditions as filters; undefined when a segment's entity is not in it. */
export function applySegments(query: LogicalQuery, uses: readonly SegmentUse[]): { query: LogicalQuery; assumptions: string[] } | undefined {
  const reached = entitiesOf(query);
  const filters: Filter[] = [...query.filters];
  const assumptions: string[] = [];
  for (const use of uses) {
    if (!reached.includes(use.entity)) return undefined;
    for (const condition of use.segment.conditions) {
      filters.push({ kind: 'filter', expression: field(use.entity, condition.column), op: condition.op, values: condition.values });
    }
    const conditions = use.segment.conditions.map((condition) => `${condition.column} ${condition.op} ${condition.values.join(', ')}`.trim()).join(' and ');
    assumptions.push(`"${use.word}" means ${use.segment.label} (${use.entity}: ${conditions}), as the data source defines it.`);
  }
  return { query: { ...query, filters }, assumptions };
}
