/** The reader's last part: columns asked next to rows, and what is left — subject, context, columns, measures. */
import type { Mention } from './link.ts';
import { dateColumns, isEntityMention, isMeasureLike, isValueMention } from './mention-kinds.ts';
import type { Reader } from './read.ts';

/** "with their customer", "and their category", "along with the price": columns of a list. */
export function readListColumns(reader: Reader): void {
  const { items, used, intent } = reader;
  items.forEach((item, index) => {
    if (item.kind !== 'word' || !['with', 'and', 'including', 'include', 'plus', ','].includes(item.lemma)) return;
    const follows = items[index + 1];
    const possessive = follows?.kind === 'word' && ['their', 'its', 'the'].includes(follows.lemma);
    if (item.lemma !== 'with' && item.lemma !== 'including' && !possessive) {
      // "customers and staff": two kinds of rows in one list is a union, which one query cannot give.
      const before = reader.mentionAt(index - 1);
      const after = reader.mentionAt(index + 1);
      if (item.lemma === 'and' && before && after && isEntityMention(before) && isEntityMention(after) && !used.has(index - 1) && !used.has(index + 1)) {
        intent.problems.push(`I cannot list ${before.text} and ${after.text} together in one answer.`);
      }
      return;
    }
    // "customers with any account", "customers with accounts": that they have one, not a column to show.
    if (follows?.kind === 'word' && ['any', 'a', 'an', 'some', 'at'].includes(follows.lemma)) return;
    if (!possessive && follows?.kind === 'mention' && isEntityMention(follows.mention) && follows.end - follows.start === 1) return;
    let position = reader.skip(index, 1);
    while (reader.mentionAt(position) && !used.has(position) && !isValueMention(reader.mentionAt(position) as Mention)) {
      const mention = reader.mentionAt(position) as Mention;
      if (isMeasureLike(mention, reader.schema) && item.lemma === 'with' && !possessive) return;
      if (reader.cueAt(reader.skip(position, 1))?.kind === 'compare') return;
      used.add(position);
      intent.extraColumns.push(mention);
      const joiner = reader.wordAt(position + 1);
      if (joiner !== 'and' && joiner !== ',') break;
      position = reader.skip(position + 1, 1);
    }
  });
}

const SOMEONE: ReadonlySet<string> = new Set(['someone', 'somebody', 'anyone', 'anybody']);

/** Entities left over are the subject or context; columns are list columns; concepts are measures. */
export function readLeftovers(reader: Reader): void {
  const { items, used, intent } = reader;
  // "employees in a department that has someone with …": a condition on other rows of the group, which one query cannot give.
  items.forEach((item, index) => {
    if (item.kind === 'word' && SOMEONE.has(item.lemma) && ['has', 'have', 'had', 'with'].includes(reader.wordAt(index - 1) ?? '')) {
      intent.problems.push(`I cannot yet answer a condition on other rows of the same group ("${item.lemma} with …").`);
    }
  });
  items.forEach((item, index) => {
    if (used.has(index) || item.kind !== 'mention') {
      if (item.kind === 'number' && !used.has(index)) intent.problems.push(`I could not tell what the number ${item.value} refers to.`);
      return;
    }
    used.add(index);
    const mention = item.mention;
    if (isEntityMention(mention)) {
      if (!intent.subject) intent.subject = mention;
      else if (!sameEntity(intent.subject, mention)) intent.context.push(mention);
      return;
    }
    // "employees who had a commission": whether the value is set, not zero or some mark is not clear.
    const had = ['a', 'an', 'any'].includes(reader.wordAt(index - 1) ?? '') && ['has', 'have', 'had', 'having'].includes(reader.wordAt(index - 2) ?? '');
    if (had && mention.candidates[0]?.kind === 'column') {
      intent.problems.push(`I could not tell what having a ${mention.text} means here (set, or not zero).`);
      return;
    }
    if (isMeasureLike(mention, reader.schema) && intent.measures.length === 0 && (!intent.listWords || intent.dimensions.length > 0)) {
      intent.measures.push({ source: { kind: 'field', mention }, distinct: false });
      return;
    }
    if (isMeasureLike(mention, reader.schema) && intent.rank && intent.rank.measureIndex === undefined && !intent.rank.column) {
      intent.measures.push({ source: { kind: 'field', mention }, distinct: false });
      intent.rank = { ...intent.rank, measureIndex: intent.measures.length - 1 };
      return;
    }
    // "resolved tickets", "orders shipped": a participle naming a date means the date is set.
    if (/ed$/i.test(mention.text) && dateColumns(mention, reader.schema).length > 0) {
      intent.dateSet.push(mention);
      return;
    }
    if (mention.candidates.some((candidate) => candidate.kind === 'column')) {
      const copula = ['is', 'are', 'was', 'were', 'be', 'being'];
      const negation = reader.cueAt(index - 1)?.kind === 'negation' && copula.includes(reader.wordAt(index - 2) ?? '');
      if (copula.includes(reader.wordAt(index - 1) ?? '') || negation) {
        intent.predicates.push(mention);
        if (negation) {
          intent.negatedPredicates.push(mention);
          reader.used.add(index - 1);
        }
        return;
      }
      intent.columns.push(mention);
      // "the name of each department": the column belongs to the entity after "of".
      if (reader.wordAt(index + 1) === 'of') {
        const owner = reader.mentionAt(reader.skip(index + 1, 1));
        if (owner && isEntityMention(owner)) intent.owners.set(mention, owner);
      }
      return;
    }
    if (absorbed(reader, index)) return;
    // "products sold last quarter", "customers who bought …": the sales lines are what happened.
    if (/^(sold|sell|sells|selling|bought|buy|buys|purchased)$/i.test(mention.text)) {
      intent.salesFact = true;
      return;
    }
    intent.problems.push(`I could not tell how "${mention.text}" fits in the question.`);
  });
}

/** A money verb right after a measure or an entity ("quantity sold", "products sold") adds nothing. */
function absorbed(reader: Reader, index: number): boolean {
  const previous = reader.items[index - 1];
  return previous?.kind === 'mention' || (previous?.kind === 'cue' && previous.cue.kind === 'extreme');
}

function sameEntity(left: Mention, right: Mention): boolean {
  const a = left.candidates[0];
  const b = right.candidates[0];
  return a?.kind === 'entity' && b?.kind === 'entity' && a.entity === b.entity;
}
