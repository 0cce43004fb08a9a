/** Readable labels and snake_case output ids for measures, dimensions and columns. */
import pluralize from 'pluralize';
import type { ColumnInfo, EntityInfo } from '../schema/schema-model.ts';

export function entityNoun(entity: EntityInfo, plural = false): string {
  // The catalog's own label ("Employee") reads better than the expanded name (hr_employee → hour employee),
  // and a terse name's comment better than the name (drvr → driver).
  const words = [...(entity.labelWords ?? entity.commentHead ?? entity.nameWords)];
  if (plural && words.length > 0) words[words.length - 1] = pluralize.plural(words[words.length - 1]);
  return words.join(' ');
}

/** Words for a column's label: as written, without a trailing "at" (created_at → created); a terse name as its comment says it (cap_kg → payload capacity). */
export function columnWords(column: ColumnInfo): string[] {
  const words = column.commentHead ?? column.nameWords;
  return words.length > 1 && (words.at(-1) === 'at' || words.at(-1) === 'on') ? words.slice(0, -1) : [...words];
}

/**
 * Label and id of a column shown in results. Columns of the root read as they are ("Country");
 * columns of joined entities are prefixed with the entity ("Customer country"); an entity's single
 * display column reads as the entity ("Customer").
 */
export function columnLabel(entity: EntityInfo, column: ColumnInfo, root: string): { label: string; id: string } {
  const words = columnWords(column);
  if (entity.displayColumns.length === 1 && entity.displayColumns[0].name === column.name && entity.name !== root) {
    const noun = entityNoun(entity).split(' ');
    return { label: capitalise(noun.join(' ')), id: snakeId([...noun, ...stripEntity(words, entity.nameWords)]) };
  }
  const alreadyNamed = startsWith(words, entity.nameWords);
  if (entity.name === root || alreadyNamed) return { label: capitalise(words.join(' ')), id: snakeId(words) };
  const noun = entityNoun(entity).split(' ');
  return { label: capitalise([...noun, ...words].join(' ')), id: snakeId([...noun, ...words]) };
}

function startsWith(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.every((word, index) => words[index] !== undefined && pluralize.singular(words[index]) === pluralize.singular(word));
}

function stripEntity(words: readonly string[], entityWords: readonly string[]): string[] {
  return startsWith(words, entityWords) && words.length > entityWords.length ? words.slice(entityWords.length) : [...words];
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

/** Capitalises the first letter: "total revenue" → "Total revenue". */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** Words → snake_case id: ["total", "revenue"] → "total_revenue". */
export function snakeId(words: readonly string[]): string {
  const id = words.join('_').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
  return id.length > 0 ? id : 'value';
}
