/**
 * A semantic layer's segments: words that name a subset of an entity's rows ("open" invoices). A
 * segment word is taken out of the question before linking, and its conditions become filters of
 * the planned query when the question names the entity and the query reaches it; each one is
 * stated as an assumption. Otherwise the word is left in place, to be linked or declined as usual.
 */
import type { Catalog, CatalogSegment } from '../connectors/catalog.ts';
import { entitiesOf, field, type Filter, type LogicalQuery } from '../query/logical-query.ts';
import type { Token } from './tokenize.ts';

export interface SegmentUse {
  readonly entity: string;
  readonly segment: CatalogSegment;
  readonly word: string;
}

/** Segment words found in the tokens, and the tokens without them (re-indexed). */
export function takeSegmentWords(tokens: readonly Token[], catalog: Catalog): { tokens: Token[]; uses: SegmentUse[] } {
  const uses: SegmentUse[] = [];
  const taken = new Set<number>();
  for (const entity of catalog.entities) {
    for (const segment of entity.segments ?? []) {
      for (const word of segment.words) {
        const parts = word.toLowerCase().split(/\s+/).filter((part) => part.length > 0);
        if (parts.length === 0) continue;
        for (let start = 0; start + parts.length <= tokens.length; start += 1) {
          const matches = parts.every((part, offset) => !taken.has(start + offset) && (tokens[start + offset]!.lower === part || tokens[start + offset]!.lemma === part));
          if (!matches) continue;
          for (let offset = 0; offset < parts.length; offset += 1) taken.add(start + offset);
          uses.push({ entity: entity.name, segment, word });
        }
      }
    }
  }
  if (uses.length === 0) return { tokens: [...tokens], uses };
  const kept = tokens.filter((token) => !taken.has(token.index)).map((token, index) => ({ ...token, index }));
  return { tokens: kept, uses };
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
