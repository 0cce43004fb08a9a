/**
 * Suggestions for a declined question: questions this connection can answer, built from the
 * schema and leaning towards the entities the question did mention. Each one is planned before it
 * is offered, so a suggestion is never itself declined.
 */
import type { ColumnValues } from '../../connectors/catalog.ts';
import { capitalise, columnWords, entityNoun } from '../plan/labels.ts';
import type { EntityInfo, SchemaIndex } from '../schema/schema-model.ts';

const MAX_SUGGESTIONS = 4;
/** Entities a suggestion may be about, the question's own first. */
const MAX_FOCUS = 6;
/** Candidates planned at most: each costs a planning, and a decline must stay fast on a large schema. */
const MAX_TRIED = 12;

export function candidateSuggestions(schema: SchemaIndex, values: readonly ColumnValues[], mentioned: readonly string[]): string[] {
  const lowCardinality = new Set(values.map((column) => `${column.entity}.${column.column}`));
  const ranked = [...schema.entities].sort((left, right) => importance(right) - importance(left));
  const focus = [
    ...mentioned.map((name) => schema.entityByName.get(name)).filter((entity): entity is EntityInfo => entity !== undefined).slice(0, MAX_FOCUS - 2),
    ...ranked.slice(0, 4),
  ].slice(0, MAX_FOCUS);
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const entity of focus) {
    if (seen.has(entity.name)) continue;
    seen.add(entity.name);
    const plural = entityNoun(entity, true);
    const grouping = entity.columns.find((column) => column.isText && !column.isKey && !entity.displayColumns.includes(column) && lowCardinality.has(`${entity.name}.${column.name}`));
    const by = grouping ? columnWords(grouping).join(' ') : undefined;
    if (entity.primaryAmount) {
      const amount = columnWords(entity.primaryAmount).join(' ');
      questions.push(by ? `Total ${amount} of ${plural} by ${by}` : `Total ${amount} of ${plural}`);
    }
    questions.push(by ? `How many ${plural} are there by ${by}?` : `How many ${plural} are there?`);
    if (entity.mainDate) questions.push(`${capitalise(plural)} per month this year`);
  }
  return questions;
}

/** Entities that many others point to, with a date and many rows, make the best examples. */
function importance(entity: EntityInfo): number {
  return entity.incoming.length * 2 + (entity.mainDate ? 3 : 0) + (entity.primaryAmount ? 3 : 0) + Math.log10(Math.max(entity.rowCount, 1));
}

export function pickSuggestions(candidates: readonly string[], answerable: (question: string) => boolean): string[] {
  const chosen: string[] = [];
  for (const question of candidates.slice(0, MAX_TRIED)) {
    if (chosen.length >= MAX_SUGGESTIONS) break;
    if (!chosen.includes(question) && answerable(question)) chosen.push(question);
  }
  return chosen;
}
