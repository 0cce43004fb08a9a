/**
 * "browsers compatible with the most accelerators" over accelerator_compatible_browser, "members in
 * charge of no event" through party_events.member_in_charge_id: a word that names no table or
 * column of its own but is a word of the table or key a reading's join goes through says how the
 * rows relate, and that join reads it.
 */
import type { LogicalQuery } from '../../query/logical-query.ts';
import type { Token } from '../question/tokens.ts';
import type { SchemaIndex } from '../schema/schema-model.ts';
import type { Unit } from './units.ts';

/** Parts of speech of a word that can say a relation. */
const RELATION_POS = new Set(['NOUN', 'ADJ', 'VERB']);

/** The unused words (token indices) that the query's joins read, and the others. */
export function wordsReadByJoins(unused: readonly number[], tokens: readonly Token[], units: readonly Unit[], query: LogicalQuery, schema: SchemaIndex): { read: number[]; unused: number[] } {
  const read: number[] = [];
  const left: number[] = [];
  if (unused.length === 0) return { read, unused: left };
  const words = joinWords(query, schema);
  const alone = new Set(units.filter((unit) => unit.kind === 'word').map((unit) => unit.start));
  for (const index of unused) {
    const token = tokens[index];
    if (alone.has(index) && RELATION_POS.has(token.pos) && (words.has(token.lemma) || words.has(token.lower))) read.push(index);
    else left.push(index);
  }
  return { read, unused: left };
}

/** Words of the tables a query joins through and of the key columns its joins compare. */
function joinWords(query: LogicalQuery, schema: SchemaIndex): Set<string> {
  const words = new Set<string>();
  const addEntity = (entity: string) => schema.entityByName.get(entity)?.words.forEach((word) => words.add(word));
  const addColumns = (entity: string, columns: readonly string[]) => {
    for (const column of columns) schema.entityByName.get(entity)?.columnByName.get(column)?.words.forEach((word) => words.add(word));
  };
  const steps = [...query.joins, ...(query.related ?? []).flatMap((related) => related.joins)];
  for (const step of steps) {
    addEntity(step.fromEntity);
    addEntity(step.toEntity);
    addColumns(step.fromEntity, step.fromColumns);
    addColumns(step.toEntity, step.toColumns);
  }
  for (const related of query.related ?? []) {
    addEntity(related.root);
    addColumns(related.link.entity, related.link.columns);
    addColumns(related.link.outerEntity, related.link.outerColumns);
  }
  return words;
}
