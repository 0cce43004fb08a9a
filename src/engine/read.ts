/**
 * The reader: combines cue words, periods and linked mentions into an Intent — which entity is
 * counted or listed, which measures, breakdowns, filters, ranking. It reads roles from the order of
 * words ("by X" → breakdown, "more than 5 X" → having, "X over 1000" → filter) and leaves the
 * choice of concrete columns to the planner.
 */
import type { Cue } from './cues.ts';
import { emptyIntent, type Intent } from './intent.ts';
import type { Mention } from './link.ts';
import { isEntityMention, isMeasureLike, isValueMention } from './mention-kinds.ts';
import { readMeasures } from './read-measures.ts';
import { namesDate as namesADate, readValues } from './read-values.ts';
import { readLeftovers, readListColumns } from './read-leftovers.ts';
import { refuseRankWithinGroups } from './read-ranking.ts';
import type { SchemaIndex } from './schema-model.ts';
import type { Item } from './segment.ts';

/** Words that never change a role and may sit between related words. */
const TRANSPARENT = new Set(['the', 'a', 'an', 'their', 'its', 'his', 'her', 'our', 'my', 'all', 'any', 'every', 'each', 'some', 'only', 'just']);
/** Words a number comparison may follow its subject with: "price is over 100", "with a total above 5". */
const COMPARE_GAP = new Set([...TRANSPARENT, 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'with', 'has', 'have', 'had', 'having', 'of', 'that', 'which', 'whose', 'where', 'who', 'in', 'for', 'greater', 'at', 'than', 'worth', 'valued', 'costing', 'cost', 'priced']);

export class Reader {
  readonly items: readonly Item[];
  readonly used = new Set<number>();
  /** Aggregate cue position → index of the measure it made ("sorted by total amount"). */
  readonly measureOfCue = new Map<number, number>();
  readonly intent: Intent = emptyIntent();
  readonly schema: SchemaIndex;

  constructor(items: readonly Item[], schema: SchemaIndex) {
    this.items = items;
    this.schema = schema;
  }

  cueAt(index: number): Cue | undefined {
    const item = this.items[index];
    return item?.kind === 'cue' ? item.cue : undefined;
  }

  mentionAt(index: number): Mention | undefined {
    const item = this.items[index];
    return item?.kind === 'mention' ? item.mention : undefined;
  }

  wordAt(index: number): string | undefined {
    const item = this.items[index];
    return item?.kind === 'word' ? item.lemma : undefined;
  }

  /** Next index after `index` that is not a transparent word (or a word in `extra`). */
  skip(index: number, step: 1 | -1, extra: ReadonlySet<string> = TRANSPARENT): number {
    let position = index + step;
    while (position >= 0 && position < this.items.length) {
      const word = this.wordAt(position);
      if (word === undefined || !(TRANSPARENT.has(word) || extra.has(word))) break;
      position += step;
    }
    return position;
  }

  /** Whether a negation cue stands just before `index` ("not in Germany", "excluding cancelled"). */
  negatedBefore(index: number): boolean {
    for (let position = index - 1, steps = 0; position >= 0 && steps < 3; position -= 1, steps += 1) {
      const item = this.items[position];
      if (item.kind === 'cue' && item.cue.kind === 'negation') {
        this.used.add(position);
        return true;
      }
      if (item.kind !== 'word' || !['in', 'from', 'be', 'is', 'are', 'was', 'were', 'to', 'of', 'the', 'a', 'with', 'by', 'for', 'at', 'do', 'does', 'did', 'have', 'has', 'being'].includes(item.lemma)) return false;
    }
    return false;
  }
}

export function read(segmented: readonly Item[], schema: SchemaIndex): Intent {
  const items = mergeCompounds(segmented, schema);
  const reader = new Reader(items, schema);
  const { intent } = reader;
  intent.listWords = items.some((item) => item.kind === 'cue' && item.cue.kind === 'list' && !item.cue.weak);
  intent.asksWho = items[0]?.kind === 'cue' && items[0].cue.kind === 'list' && items[0].cue.person === true;
  intent.distinct = items.some((item) => item.kind === 'cue' && item.cue.kind === 'distinct');
  readContains(reader);
  readComparisons(reader);
  readMeasures(reader);
  readValues(reader);
  readPeriods(reader);
  readListColumns(reader);
  readLeftovers(reader);
  refuseRankWithinGroups(reader);
  items.forEach((item, index) => {
    // "tickets with no agent", "employees without a manager": the link is empty.
    if (item.kind === 'cue' && item.cue.kind === 'negation' && !reader.used.has(index)) {
      const missing = reader.mentionAt(reader.skip(index, 1));
      if (missing && isEntityMention(missing) && intent.subject && !sameMention(missing, intent.subject)) {
        reader.used.add(index);
        intent.missing.push(missing);
        intent.context = intent.context.filter((mention) => mention !== missing);
        return;
      }
    }
    // "accounts without tickets", "products never ordered": a negation that excludes no value asks for an anti-join.
    if (item.kind === 'cue' && item.cue.kind === 'negation' && !reader.used.has(index)) {
      intent.problems.push('I cannot yet answer questions about rows that have no related rows, or exclusions other than values and numbers.');
    }
    // "genre Rock or media type MPEG": either of two conditions on different columns.
    if (item.kind === 'word' && item.lemma === 'or' && !reader.used.has(index)) {
      intent.problems.push('I can combine alternatives only for values of the same column ("Berlin or Munich").');
    }
  });
  intent.allColumns = items.some((item, index) => item.kind === 'word' && ['information', 'info', 'detail', 'details', 'column', 'field', 'attribute'].includes(item.lemma)
    && items.slice(Math.max(0, index - 2), index).some((before) => before.kind === 'word' && before.lemma === 'all'))
    || items.some((item) => item.kind === 'word' && item.lemma === 'everything');
  return intent;
}

function sameMention(left: Mention, right: Mention): boolean {
  const a = left.candidates[0];
  const b = right.candidates[0];
  return a?.kind === 'entity' && b?.kind === 'entity' && a.entity === b.entity;
}

/**
 * "product category", "invoice customer country": an entity followed by something of an entity it
 * points to names the latter (the product's category).
 */
function mergeCompounds(items: readonly Item[], schema: SchemaIndex): Item[] {
  const merged: Item[] = [];
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    const next = items[index + 1];
    if (item.kind === 'mention' && next?.kind === 'mention' && isEntityMention(item.mention) && next.start === item.end) {
      const owner = item.mention.candidates[0];
      const target = next.mention.candidates[0];
      const pointsTo = owner?.kind === 'entity' && target && (target.kind === 'entity' || target.kind === 'column')
        && target.entity !== owner.entity && schema.entityByName.get(owner.entity)?.foreignKeys.some((key) => key.refEntity === target.entity);
      if (pointsTo) {
        const mention: Mention = { ...next.mention, start: item.start, text: `${item.mention.text} ${next.mention.text}` };
        merged.push({ kind: 'mention', start: item.start, end: next.end, mention });
        index += 1;
        continue;
      }
      // "customer name" is the customer; "invoice status" is the invoice's status column.
      if (owner?.kind === 'entity') {
        const text = `${item.mention.text} ${next.mention.text}`;
        if (next.mention.text.toLowerCase().replace(/s$/, '') === 'name') {
          merged.push({ kind: 'mention', start: item.start, end: next.end, mention: { ...item.mention, end: next.end, text } });
          index += 1;
          continue;
        }
        const own = next.mention.candidates.filter((candidate) => candidate.kind === 'column' && candidate.entity === owner.entity && candidate.score >= 0.6);
        const participle = /(ed|ing)$/i.test(next.mention.text);
        if (own.length > 0 && !participle && !isValueMention(next.mention)) {
          const candidates = own.map((candidate) => ({ ...candidate, score: Math.max(candidate.score, 0.95) }));
          merged.push({ kind: 'mention', start: item.start, end: next.end, mention: { ...next.mention, start: item.start, text, candidates } });
          index += 1;
          continue;
        }
      }
    }
    merged.push(item);
  }
  return merged;
}

/** "names containing the letter a": a contains filter on the text column before it. */
function readContains(reader: Reader): void {
  reader.items.forEach((item, index) => {
    if (item.kind !== 'cue' || item.cue.kind !== 'contains') return;
    reader.used.add(index);
    const before = reader.skip(index, -1, new Set(['that', 'which', 'whose', 'who', 'with', 'is', 'are', 'does', 'do', 'not']));
    const column = reader.mentionAt(before);
    const useColumn = column && !reader.used.has(before) && !isEntityMention(column) && !isValueMention(column);
    if (useColumn) reader.used.add(before);
    reader.intent.quoted.push({ text: item.cue.text, ...(useColumn ? { column } : {}), op: 'contains', negated: reader.negatedBefore(before + 1) || reader.negatedBefore(index) });
  });
}

/** "more than 5 orders" (having), "price over 100" / "invoices over 1000" (row filters). */
function readComparisons(reader: Reader): void {
  reader.items.forEach((item, index) => {
    if (item.kind !== 'cue' || item.cue.kind !== 'compare') return;
    const { op, values } = item.cue;
    reader.used.add(index);
    if (values.length === 0) {
      reader.intent.problems.push('I can only compare with a number given in the question.');
      return;
    }
    const negated = reader.negatedBefore(index);
    const after = reader.skip(index, 1);
    const following = reader.mentionAt(after);
    if (following && isEntityMention(following)) {
      reader.used.add(after);
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'count', mention: following } });
      return;
    }
    if (following && isMeasureLike(following, reader.schema)) {
      reader.used.add(after);
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'field', mention: following } });
      return;
    }
    const before = reader.skip(index, -1, COMPARE_GAP);
    const previous = reader.mentionAt(before);
    if (previous && isMeasureLike(previous, reader.schema)) {
      reader.used.add(before);
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'field', mention: previous } });
      return;
    }
    const countCue = reader.skip(before, -1);
    const counted = reader.cueAt(countCue);
    const owner = reader.mentionAt(reader.skip(countCue, -1, COMPARE_GAP));
    const ownedCount = owner !== undefined && owner !== previous && isEntityMention(owner);
    if (previous && isEntityMention(previous) && ownedCount && counted?.kind === 'aggregate' && counted.aggregate === 'count' && !reader.used.has(countCue)) {
      // "albums with the number of tracks greater than 10": a count of related rows, as "more than 10 tracks".
      reader.used.add(before);
      reader.used.add(countCue);
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'count', mention: previous } });
      return;
    }
    if (previous && isEntityMention(previous)) {
      // The entity stays available as the subject; the comparison is on its amount.
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'amount', mention: previous } });
      return;
    }
    const cueBefore = reader.cueAt(before);
    if (cueBefore?.kind === 'aggregate' || reader.items[before]?.kind === 'period') {
      reader.intent.comparisons.push({ op, values, negated, target: { kind: 'measure', measureIndex: 0 } });
      return;
    }
    reader.intent.problems.push(`I could not tell what should be compared with ${values.join(' and ')}.`);
  });
}

/** Periods become date filters; "2023 vs 2024" compares them side by side. */
function readPeriods(reader: Reader): void {
  const { items, intent } = reader;
  items.forEach((item, index) => {
    if (item.kind === 'cue' && item.cue.kind === 'versus') {
      reader.used.add(index);
      intent.versus = true;
    }
    if (item.kind !== 'period') return;
    reader.used.add(index);
    const before = reader.skip(index, -1, new Set(['was', 'were', 'is', 'are', 'been', 'be', 'get', 'got', 'up', 'out', 'off']));
    const hint = reader.mentionAt(before);
    const namesDate = hint !== undefined && !reader.used.has(before) && !isEntityMention(hint) && namesADate(reader, hint);
    // An entity just before the period ("customers who ordered in 2024") says whose date it is; it keeps its own role too.
    const useHint = namesDate || (hint !== undefined && isEntityMention(hint));
    if (namesDate) reader.used.add(before);
    // "cancelled subscriptions 2024 versus 2025", "paid invoices this year": the state's own date.
    const stateWord = namesDate ? undefined : items.find((other, position) => other.kind === 'mention' && reader.used.has(position) && isValueMention(other.mention) && namesADate(reader, other.mention) && !other.mention.candidates.some((candidate) => candidate.kind === 'entity'));
    const dateHint = namesDate ? hint : stateWord?.kind === 'mention' ? stateWord.mention : useHint ? hint : undefined;
    intent.periods.push({ period: item.period, ...(dateHint ? { dateHint } : {}) });
  });
  if (intent.periods.length > 1 && items.some((item, index) => item.kind === 'word' && item.lemma === 'and' && items[index - 1]?.kind === 'period' && items[index + 1]?.kind === 'period')) {
    intent.versus = true;
  }
}

