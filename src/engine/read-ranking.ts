/** The reader's ranking part: "top 5", "the most", "cheapest", "which X … the most", "sorted by", "first 10". */
import type { Mention } from './link.ts';
import { dateColumns, isEntityMention, isMeasureLike, isValueMention } from './mention-kinds.ts';
import type { Reader } from './read.ts';

/** "top 5 customers", "which customer … the most", "the 3 cheapest products", "customers with the most orders". */
export function readRanking(reader: Reader, index: number): void {
  const { intent } = reader;
  const cue = reader.cueAt(index);
  if (cue?.kind !== 'extreme' || reader.used.has(index)) return;
  reader.used.add(index);
  intent.rank = {
    ...intent.rank,
    direction: cue.direction,
    ...(cue.limit !== undefined ? { limit: cue.limit } : {}),
    ...(cue.concept ? { concept: cue.concept } : {}),
    ...(cue.several ? { several: true } : {}),
  };
  const before = entityBefore(reader, index);
  const beforeMention = before !== undefined ? reader.mentionAt(before) : undefined;
  // "which city has the least number of customers": the city is ranked, the customers counted.
  if (before !== undefined && beforeMention && (!intent.subject || !isEntityMention(beforeMention))) {
    reader.used.add(before);
    intent.subject = beforeMention;
  }
  let position = reader.skip(index, 1);
  // "the 5 most recently hired employees": the participle names the date to rank by.
  const dateWord = reader.mentionAt(position);
  if (cue.concept === 'date' && dateWord && !reader.used.has(position) && !isEntityMention(dateWord) && dateColumns(dateWord, reader.schema).length > 0) {
    reader.used.add(position);
    intent.rank = { ...intent.rank, column: dateWord };
    position = reader.skip(position, 1);
  }
  const next = reader.mentionAt(position);
  if (next && !reader.used.has(position) && !isValueMention(next) && !isMeasureLike(next, reader.schema)) {
    reader.used.add(position);
    // "top 5 industries by number of accounts": the column after the ranking word is what is ranked.
    if (!intent.subject || (!isEntityMention(next) && before === undefined)) {
      intent.subject = next;
      // "the most popular products", "best selling products": a superlative before a plural names a short list.
      if (next.plural) intent.rank = { ...intent.rank, several: true };
    }
    else if (isEntityMention(next) && (cue.concept || magnitude(reader, index)) && !sameEntity(intent.subject, next)) {
      // "customers with the cheapest invoices", "… with the 3 largest invoices": ranked by the invoices' amount.
      intent.rank = { ...intent.rank, concept: cue.concept ?? 'price', conceptEntity: next };
      return;
    } else if (isEntityMention(next) && !cue.concept && intent.rank.measureIndex === undefined && !sameEntity(intent.subject, next)) {
      // "customers with the most orders": a count of the second entity to rank by.
      intent.measures.push({ aggregate: 'count', source: { kind: 'count', mention: next }, distinct: false });
      intent.rank = { ...intent.rank, measureIndex: intent.measures.length - 1 };
      return;
    } else intent.context.push(next);
    position = reader.skip(position, 1);
  }
  if (intent.rank.measureIndex !== undefined || cue.concept) return;
  // "which ticket category has the lowest average satisfaction": ranked by an aggregate.
  const measureIndex = reader.measureOfCue.get(position);
  if (measureIndex !== undefined) {
    intent.rank = { ...intent.rank, measureIndex };
    return;
  }
  const measure = reader.mentionAt(position);
  if (measure && !reader.used.has(position) && isMeasureLike(measure, reader.schema)) {
    reader.used.add(position);
    intent.measures.push({ source: { kind: 'field', mention: measure }, distinct: false });
    intent.rank = { ...intent.rank, measureIndex: intent.measures.length - 1 };
  }
}

/**
 * The mention the ranking is about when it comes first: an entity ("which customer … the most")
 * or, after "which"/"what", a column ("which industry has the most accounts").
 */
function entityBefore(reader: Reader, index: number): number | undefined {
  for (let position = index - 1; position >= 0; position -= 1) {
    const mention = reader.mentionAt(position);
    if (!mention) continue;
    if (isEntityMention(mention)) return reader.used.has(position) ? undefined : position;
    const cue = reader.cueAt(reader.skip(position, -1));
    const asked = cue?.kind === 'list' && cue.asks === true;
    if (asked && !reader.used.has(position) && !isValueMention(mention) && !isMeasureLike(mention, reader.schema)) return position;
  }
  return undefined;
}

export function readSortAndLimit(reader: Reader): void {
  const { items, used, intent } = reader;
  items.forEach((item, index) => {
    if (item.kind !== 'cue') return;
    if (item.cue.kind === 'limit') {
      used.add(index);
      intent.limit = item.cue.limit;
    }
    if (item.cue.kind !== 'sort' || used.has(index)) return;
    used.add(index);
    const position = reader.skip(index, 1);
    const mention = reader.mentionAt(position);
    let direction = item.cue.direction;
    const following = reader.cueAt(reader.skip(position, 1));
    if (following?.kind === 'sort' && following.direction) {
      direction = following.direction;
      used.add(reader.skip(position, 1));
    }
    const measureIndex = reader.measureOfCue.get(position);
    if (measureIndex !== undefined) {
      intent.sort = { measureIndex, direction: direction ?? 'asc' };
    } else if (mention && !used.has(position)) {
      used.add(position);
      intent.sort = { mention, direction: direction ?? 'asc' };
    } else if (direction && intent.sort === undefined) {
      intent.sort = { direction };
    }
  });
}

/** Size words (largest, biggest, highest, smallest, lowest) rank by an amount, not by how many. */
function magnitude(reader: Reader, index: number): boolean {
  const cue = reader.cueAt(index);
  return cue?.kind === 'extreme' && cue.magnitude === true;
}

function sameEntity(left: Mention, right: Mention): boolean {
  const a = left.candidates[0];
  const b = right.candidates[0];
  return a?.kind === 'entity' && b?.kind === 'entity' && a.entity === b.entity;
}

/**
 * "the highest salary in every department", "employees who make the most in their departments":
 * a leader per group, which one ranked list cannot show.
 */
export function refuseRankWithinGroups(reader: Reader): void {
  const { intent, items } = reader;
  if (!intent.rank) return;
  items.forEach((item, index) => {
    if (item.kind !== 'word' || !['every', 'each', 'their', 'its'].includes(item.lemma)) return;
    // "tickets with their account" asks for a column; "the most in their departments" for a leader per group.
    const previous = items[index - 1];
    if ((item.lemma === 'their' || item.lemma === 'its') && !(previous?.kind === 'word' && ['in', 'within', 'per'].includes(previous.lemma))) return;
    const next = reader.mentionAt(index + 1);
    if (next && isEntityMention(next) && next !== intent.subject && !(intent.subject && sameEntity(intent.subject, next))) {
      intent.problems.push(`I cannot yet rank rows within each group (such as the leader in every ${next.text}).`);
    }
  });
}
