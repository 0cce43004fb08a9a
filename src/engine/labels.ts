/** Readable labels and snake_case output ids for measures, dimensions and columns. */
import type { ColumnInfo, EntityInfo } from './schema-model.ts';
import { capitalise, lemma, snakeId } from './words.ts';
import pluralize from 'pluralize';

export function entityNoun(entity: EntityInfo, plural = false): string {
  const words = [...(entity.nameWords ?? entity.words)];
  if (plural) words[words.length - 1] = pluralize.plural(words[words.length - 1]);
  return words.join(' ');
}

/** Words for a column's label: as written, without a trailing "at" (created_at → created). */
export function columnWords(column: ColumnInfo): string[] {
  const words = column.nameWords ?? column.words;
  return words.length > 1 && words[words.length - 1] === 'at' ? words.slice(0, -1) : [...words];
}

/**
 * Label and id of a column shown in results. Columns of the root read as they are ("Country");
 * columns of joined entities are prefixed with the entity ("Customer country"); an entity's
 * single display column reads as the entity ("Customer").
 */
export function columnLabel(entity: EntityInfo, column: ColumnInfo, root: string): { label: string; id: string } {
  const words = columnWords(column);
  const entityWords = entity.words;
  if (entity.displayColumns.length === 1 && entity.displayColumns[0].name === column.name && entity.name !== root) {
    return { label: capitalise(entityNoun(entity)), id: snakeId([...entityNoun(entity).split(' '), ...stripEntity(words, entityWords)]) };
  }
  const alreadyNamed = entityWords.every((word, index) => words[index] !== undefined && lemma(words[index]) === word);
  if (entity.name === root || alreadyNamed) return { label: capitalise(words.join(' ')), id: snakeId(words) };
  const noun = entityNoun(entity).split(' ');
  return { label: capitalise([...noun, ...words].join(' ')), id: snakeId([...noun, ...words]) };
}

function stripEntity(words: readonly string[], entityWords: readonly string[]): string[] {
  return entityWords.every((word, index) => words[index] !== undefined && lemma(words[index]) === word) ? words.slice(entityWords.length) : [...words];
}

/** A column's name in definitions: `order_lines.quantity`. */
export function qualified(column: { entity: string; name: string }): string {
  return `${column.entity}.${column.name}`;
}

/** Makes ids unique within a query by suffixing _2, _3… */
export function uniqueIds<T extends { id: string }>(items: readonly T[], taken: Set<string> = new Set()): T[] {
  return items.map((item) => {
    let id = item.id;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${item.id}_${suffix}`;
    taken.add(id);
    return id === item.id ? item : { ...item, id };
  });
}
