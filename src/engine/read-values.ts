/**
 * The reader's value part: words found in the data become filters ("Germany", "cancelled"),
 * alternatives of one column join ("Berlin or Munich"), quoted strings become text filters, and a
 * value word used as a verb ("shipped to France") names the next value's column.
 */
import type { Mention } from './link.ts';
import { dateColumns, isEntityMention, isValueMention } from './mention-kinds.ts';
import type { Reader } from './read.ts';
import { stemVariants } from './words.ts';

/** Value mentions become filters; alternatives of one column join with "or" / "and" / ",". */
export function readValues(reader: Reader): void {
  const { items, used, intent } = reader;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (used.has(index)) continue;
    if (item.kind === 'quoted') {
      used.add(index);
      const before = reader.skip(index, -1, new Set(['is', 'are', 'named', 'called', 'equal', 'to', 'of', 'like', 'as']));
      const column = reader.mentionAt(before);
      const containing = items.slice(Math.max(0, index - 3), index).some((part) => part.kind === 'word' && ['contain', 'containing', 'contains', 'like', 'include', 'including', 'with'].includes(part.lemma));
      if (column) used.add(before);
      intent.quoted.push({ text: item.text, ...(column ? { column } : {}), op: containing ? 'contains' : 'eq', negated: reader.negatedBefore(index) });
      continue;
    }
    if (item.kind !== 'mention' || !isValueMention(item.mention)) continue;
    const names = namesNextColumn(reader, index);
    if (names) {
      // Before a period the word is left for readPeriods, which takes it as the date's name.
      if (names === 'value') used.add(index);
      continue;
    }
    const negated = reader.negatedBefore(index);
    const mentions = [item.mention];
    used.add(index);
    let position = index;
    for (;;) {
      const joiner = reader.wordAt(position + 1);
      const nextValue = reader.mentionAt(position + 2);
      if (!joiner || !['or', 'and', ',', '/'].includes(joiner) || !nextValue || !isValueMention(nextValue) || !sameColumnPossible(mentions[0], nextValue)) break;
      mentions.push(nextValue);
      used.add(position + 1); // the joiner: "or" here is an alternative of one column
      used.add(position + 2);
      position += 2;
    }
    const hints: Mention[] = [];
    const beforeAt = reader.skip(index, -1, new Set(['to', 'in', 'from', 'of', 'with', 'is', 'are', 'was', 'were', 'by', 'at', 'for', 'as']));
    const before = reader.mentionAt(beforeAt);
    if (before && !isValueMention(before)) {
      hints.push(before);
      // "in state draft", "with status cancelled": the column's name is part of the filter.
      if (!isEntityMention(before) && namesValueColumn(before, mentions[0])) used.add(beforeAt);
    }
    const afterAt = reader.skip(position, 1);
    const after = reader.mentionAt(afterAt);
    if (after && !isValueMention(after)) {
      hints.push(after);
      // "the Healthcare industry": the column's own name after the value adds nothing more.
      if (!isEntityMention(after) && namesValueColumn(after, mentions[0])) used.add(afterAt);
    }
    intent.valueFilters.push({ mentions, negated, hints });
  }
}

/**
 * A value word used as a verb for the next value or period ("shipped to France", "shipped in
 * 2024") names that one's column instead of filtering on its own.
 */
function namesNextColumn(reader: Reader, index: number): 'value' | 'period' | false {
  const mention = reader.mentionAt(index) as Mention;
  const joinerAt = index + 1;
  if (!['to', 'in', 'from', 'on', 'at', 'during', 'via'].includes(reader.wordAt(joinerAt) ?? '') && reader.items[joinerAt]?.kind !== 'period') return false;
  const next = reader.items[reader.wordAt(joinerAt) !== undefined ? joinerAt + 1 : joinerAt];
  const stems = mention.text.toLowerCase().split(/\s+/).flatMap((word) => stemVariants(word));
  if (next?.kind === 'period') return namesDate(reader, mention) ? 'period' : false;
  if (next?.kind !== 'mention' || !isValueMention(next.mention)) return false;
  return next.mention.candidates.some((candidate) => candidate.kind === 'value'
    && (reader.schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column)?.words ?? []).some((word) => stems.includes(word))) ? 'value' : false;
}

/** A word that names a date column ("shipped" → shipped_date) or an entity that has a date ("shipped" → shipments). */
export function namesDate(reader: Reader, mention: Mention): boolean {
  if (dateColumns(mention, reader.schema).length > 0) return true;
  return mention.candidates.some((candidate) => candidate.kind === 'entity' && reader.schema.entityByName.get(candidate.entity)?.mainDate !== undefined);
}

function namesValueColumn(column: Mention, value: Mention): boolean {
  return column.candidates.some((candidate) => candidate.kind === 'column'
    && value.candidates.some((other) => other.kind === 'value' && other.entity === candidate.entity && other.column === candidate.column));
}

function sameColumnPossible(left: Mention, right: Mention): boolean {
  return left.candidates.some((a) => a.kind === 'value' && right.candidates.some((b) => b.kind === 'value' && a.entity === b.entity && a.column === b.column));
}

