/** Questions about a mention's candidates, used by the reader and the planner. */
import type { Candidate, Mention } from './link.ts';
import type { SchemaIndex } from './schema-model.ts';
import type { Concept } from './thesaurus.ts';

export function best(mention: Mention): Candidate | undefined {
  return mention.candidates[0];
}

/** The top-scored candidates (all within a small margin of the best). */
export function topCandidates(mention: Mention, margin = 0.001): Candidate[] {
  const top = mention.candidates[0]?.score ?? 0;
  return mention.candidates.filter((candidate) => candidate.score >= top - margin);
}

export function isEntityMention(mention: Mention): boolean {
  return best(mention)?.kind === 'entity';
}

export function isValueMention(mention: Mention): boolean {
  return best(mention)?.kind === 'value';
}

export function hasValue(mention: Mention): boolean {
  return mention.candidates.some((candidate) => candidate.kind === 'value');
}

export function conceptOfMention(mention: Mention): Concept | undefined {
  const found = mention.candidates.find((candidate) => candidate.kind === 'concept');
  return found?.kind === 'concept' ? found.concept : undefined;
}

/** Whether the mention can be a measure: a numeric column, or a money/quantity/price word. */
export function isMeasureLike(mention: Mention, schema: SchemaIndex): boolean {
  const top = best(mention);
  if (!top) return false;
  if (top.kind === 'concept') return top.concept !== 'date';
  if (top.kind === 'column') {
    const column = schema.entityByName.get(top.entity)?.columnByName.get(top.column);
    if (column?.isNumeric) return true;
  }
  const concept = conceptOfMention(mention);
  return concept !== undefined && concept !== 'date' && top.kind !== 'entity' && top.kind !== 'value';
}

/** Whether the mention names a date column (fully, by head or by a part such as "shipped"). */
export function dateColumns(mention: Mention, schema: SchemaIndex): { entity: string; column: string; score: number }[] {
  const found: { entity: string; column: string; score: number }[] = [];
  for (const candidate of mention.candidates) {
    if (candidate.kind !== 'column') continue;
    const column = schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column);
    if (column?.isDate) found.push({ entity: candidate.entity, column: candidate.column, score: candidate.score });
  }
  return found;
}
