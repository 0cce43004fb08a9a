/**
 * The reader's measure part: aggregate words ("how many", "total", "average"), breakdowns
 * ("by", "per", "monthly"), rankings ("top 5", "the most", "cheapest") and sorting.
 */
import type { Cue } from './cues.ts';
import type { AggregateWord, MeasureIntent } from './intent.ts';
import type { Mention } from './link.ts';
import { conceptOfMention, isEntityMention, isMeasureLike, isValueMention } from './mention-kinds.ts';
import type { Reader } from './read.ts';
import { readRanking, readSortAndLimit } from './read-ranking.ts';

const OF_WORDS = new Set(['of', 'for', 'from', 'on', 'in', 'across']);

export function readMeasures(reader: Reader): void {
  const rankingCues = reader.items.map((item, index) => ({ item, index }))
    .filter(({ item, index }) => item.kind === 'cue' && item.cue.kind === 'extreme' && isRanking(reader, index, item.cue));
  const ranking = rankingCues.length > 0;
  readGroups(reader, ranking);
  readAggregates(reader);
  for (const { index } of rankingCues) readRanking(reader, index);
  readSortAndLimit(reader);
}

function isRanking(reader: Reader, index: number, cue: Cue & { kind: 'extreme' }): boolean {
  if (cue.limit !== undefined || cue.ranking) return true;
  // "which ticket category has the lowest average …": asked which one, so a ranking.
  const asked = reader.items.slice(0, index).some((item, position) => item.kind === 'cue' && item.cue.kind === 'list' && item.cue.asks === true
    && reader.items.slice(position + 1, index).some((between) => between.kind === 'mention'));
  if (asked && reader.cueAt(reader.skip(index, 1))?.kind === 'aggregate') return true;
  // "which product has the highest price" / "customers with the largest invoices": a ranking of the entity before.
  for (let position = index - 1; position >= 0; position -= 1) {
    const mention = reader.mentionAt(position);
    if (mention && isEntityMention(mention)) {
      const between = reader.items.slice(position + 1, index).map((item) => (item.kind === 'word' ? item.lemma : ''));
      return reader.intent.listWords || between.some((word) => ['with', 'has', 'have', 'having', 'had'].includes(word));
    }
  }
  return false;
}

/** "by country", "per month", "broken down by category and year"; in a ranking, "by revenue" is the ranked measure. */
function readGroups(reader: Reader, ranking: boolean): void {
  const { items, used, intent } = reader;
  items.forEach((item, index) => {
    if (item.kind !== 'cue') return;
    if (item.cue.kind === 'grain' && item.cue.attached) {
      used.add(index);
      intent.dimensions.push({ kind: 'grain', grain: item.cue.grain });
      return;
    }
    if (item.cue.kind !== 'group' || used.has(index)) return;
    let position = reader.skip(index, 1);
    const first = items[position];
    if (ranking && first && (first.kind === 'cue' && first.cue.kind === 'aggregate' || first.kind === 'mention' && isMeasureLike(first.mention, reader.schema))) {
      used.add(index);
      const measure = measureAt(reader, position);
      if (measure) {
        intent.measures.push(measure);
        intent.rank = { ...(intent.rank ?? { direction: 'desc' }), measureIndex: intent.measures.length - 1 };
      }
      return;
    }
    if (first?.kind === 'mention' && isValueMention(first.mention)) return; // "orders by Acme Corp": an agent, not a breakdown
    if (item.cue.kind === 'group' && item.cue.by === true && agentive(reader, index)) return; // "orders made by the customer named …"
    used.add(index);
    const each = item.cue.kind === 'group' && item.cue.each === true;
    for (;;) {
      const part = items[position];
      if (part?.kind === 'mention' && !used.has(position)) {
        used.add(position);
        intent.dimensions.push({ kind: 'mention', mention: part.mention, ...(each ? { each } : {}) });
      } else if (part?.kind === 'cue' && part.cue.kind === 'grain') {
        used.add(position);
        intent.dimensions.push({ kind: 'grain', grain: part.cue.grain });
      } else break;
      const joiner = reader.wordAt(position + 1);
      if (joiner !== 'and' && joiner !== ',' && joiner !== '/' && joiner !== '&') break;
      position = reader.skip(position + 1, 1);
    }
  });
}

const AGENT_VERBS = new Set(['make', 'do', 'sell', 'buy', 'take', 'write', 'hold', 'pay', 'give', 'send', 'win', 'own', 'manage', 'handle', 'place', 'create', 'issue', 'raise', 'process', 'serve', 'lead', 'book', 'rent', 'approve', 'report', 'made', 'done', 'sold', 'bought', 'taken', 'written', 'held', 'paid', 'given', 'sent', 'run', 'won', 'owned', 'managed', 'handled', 'placed', 'ordered', 'created', 'issued', 'raised', 'filed', 'submitted', 'processed', 'served', 'led', 'supervised', 'booked', 'rented', 'signed', 'approved', 'reported']);

/**
 * "orders made by the customer named Jeramie": "by" after a verb, before someone identified by a
 * value, names who did it; "quantity sold by supplier" stays a breakdown.
 */
function agentive(reader: Reader, index: number): boolean {
  const previous = reader.items[index - 1];
  const text = previous?.kind === 'word' ? previous.lemma : previous?.kind === 'mention' ? previous.mention.text.toLowerCase() : '';
  if (!AGENT_VERBS.has(text) && !(text.length > 4 && text.endsWith('ed') && previous?.kind === 'word')) return false;
  const who = reader.skip(index, 1);
  const after = reader.skip(who, 1, new Set(['named', 'called', 'with', 'whose', 'name', 'first', 'last']));
  const identified = reader.items[after];
  return identified?.kind === 'quoted' || (identified?.kind === 'mention' && isValueMention(identified.mention));
}

/** The measure that starts at an aggregate cue or a measure mention ("number of invoices", "total revenue", "revenue"). */
function measureAt(reader: Reader, position: number): MeasureIntent | undefined {
  const cue = reader.cueAt(position);
  if (cue?.kind === 'aggregate') {
    reader.used.add(position);
    return aggregateTarget(reader, position, cue.aggregate);
  }
  const mention = reader.mentionAt(position);
  if (!mention) return undefined;
  reader.used.add(position);
  return { source: { kind: 'field', mention }, distinct: false };
}

function aggregateOf(reader: Reader, index: number): AggregateWord | undefined {
  const cue = reader.cueAt(index);
  if (!cue || reader.used.has(index)) return undefined;
  if (cue.kind === 'aggregate') return cue.aggregate;
  if (cue.kind === 'extreme' && !isRanking(reader, index, cue)) return cue.direction === 'desc' ? 'max' : 'min';
  return undefined;
}

function readAggregates(reader: Reader): void {
  reader.items.forEach((item, index) => {
    const aggregate = aggregateOf(reader, index);
    if (!aggregate || item.kind !== 'cue') return;
    reader.used.add(index);
    // "count the number of …", "total sum of …": one aggregate said twice.
    const next = reader.cueAt(reader.skip(index, 1));
    if (next?.kind === 'aggregate' && (next.aggregate === aggregate || (aggregate === 'count' && next.aggregate === 'sum'))) return;
    // "the average, minimum and total amount": several aggregates of one measure.
    const chain: AggregateWord[] = [aggregate];
    let last = index;
    for (;;) {
      const joiner = reader.skip(last, 1);
      if (reader.wordAt(joiner) !== ',' && reader.wordAt(joiner) !== 'and') break;
      const following = reader.skip(joiner, 1);
      const more = aggregateOf(reader, following);
      if (!more || more === 'count') break;
      reader.used.add(joiner);
      reader.used.add(following);
      chain.push(more);
      last = following;
    }
    const cue = item.cue;
    const measure = aggregateTarget(reader, last, chain[chain.length - 1], cue.kind === 'aggregate' && cue.howMuch === true);
    if (!measure) return;
    for (const each of chain.slice(0, -1)) reader.intent.measures.push({ ...measure, aggregate: each });
    reader.intent.measures.push(measure);
    reader.measureOfCue.set(index, reader.intent.measures.length - 1);
  });
}

/**
 * What an aggregate word applies to: the next entity (counted) or measure mention, skipping
 * values ("number of cancelled orders") and the distinct word; an entity after "of" is the scope.
 */
function aggregateTarget(reader: Reader, index: number, aggregate: AggregateWord, howMuch = false): MeasureIntent | undefined {
  const { intent } = reader;
  let distinct = false;
  let position = reader.skip(index, 1, new Set(['of', 'the']));
  for (let steps = 0; steps < 6 && position < reader.items.length; steps += 1) {
    const cue = reader.cueAt(position);
    // "max number of seats": the count words only name the column.
    if (cue?.kind === 'aggregate' && cue.aggregate === 'count' && aggregate !== 'count') {
      const target = reader.mentionAt(reader.skip(position, 1));
      if (target && isMeasureLike(target, reader.schema)) {
        reader.used.add(position);
        position = reader.skip(position, 1);
        continue;
      }
    }
    if (cue?.kind === 'distinct') {
      distinct = true;
      reader.used.add(position);
      position = reader.skip(position, 1, new Set(['of']));
      continue;
    }
    const mention = reader.mentionAt(position);
    if (!mention || reader.used.has(position)) {
      if (aggregate === 'count' || reader.items[position]?.kind !== 'word') break;
      position = reader.skip(position, 1, new Set(['did', 'do', 'does', 'we', 'our', 'i', 'you', 'they', 'have', 'has', 'had', 'is', 'are', 'was', 'were']));
      continue;
    }
    if (isValueMention(mention)) {
      position = reader.skip(position, 1);
      // "high priority tickets": the value's own column name is part of the value.
      const after = reader.mentionAt(position);
      if (after && !isEntityMention(after) && after.candidates.some((candidate) => candidate.kind === 'column'
        && mention.candidates.some((value) => value.kind === 'value' && value.entity === candidate.entity && value.column === candidate.column))) {
        position = reader.skip(position, 1);
      }
      continue;
    }
    const concept = conceptOfMention(mention);
    if (isEntityMention(mention) && !isMeasureLike(mention, reader.schema)) {
      // "total orders" is a count; after an average or an extreme the entity is context
      // ("how much did customers spend", "average price of products"): keep looking.
      if (aggregate === 'count') return counted(reader, position, mention, distinct);
      if (aggregate === 'sum' && !howMuch) {
        // "total payments": their amount when they have one, else how many ("total orders").
        const entity = mention.candidates[0];
        const amount = entity?.kind === 'entity' ? reader.schema.entityByName.get(entity.entity)?.primaryAmount : undefined;
        if (!amount) return counted(reader, position, mention, distinct);
        reader.used.add(position);
        if (!intent.subject) intent.subject = mention;
        return { aggregate: 'sum', source: { kind: 'field', mention }, distinct: false, scope: mention };
      }
      reader.used.add(position);
      if (!intent.subject) intent.subject = mention;
      const rest = reader.skip(position, 1, new Set(['did', 'do', 'does', 'have', 'has', 'had', 'is', 'are', 'was', 'were', 'we', 'you', 'ever', 'received', 'made', 'paid']));
      // "the biggest payment", "the average invoice": the entity's own amount when no other number follows.
      const amount = mention.candidates[0]?.kind === 'entity' ? reader.schema.entityByName.get(mention.candidates[0].entity)?.primaryAmount : undefined;
      if (amount && !reader.items.slice(rest).some((item) => item.kind === 'mention' && isMeasureLike(item.mention, reader.schema))) {
        return { aggregate, source: { kind: 'field', mention }, distinct: false, scope: mention };
      }
      position = rest;
      continue;
    }
    reader.used.add(position);
    const scope = scopeAfter(reader, position);
    if (aggregate === 'count' && concept === 'quantity') return { aggregate: 'sum', source: { kind: 'field', mention }, distinct: false, ...(scope ? { scope } : {}) };
    if (aggregate === 'count') return { aggregate: 'count', source: { kind: 'field', mention }, distinct: true, ...(scope ? { scope } : {}) };
    return { aggregate, source: { kind: 'field', mention }, distinct, ...(scope ? { scope } : {}) };
  }
  if (aggregate === 'count') return { aggregate: 'count', source: { kind: 'count' }, distinct };
  intent.problems.push(`I could not tell what to ${aggregate === 'sum' ? 'total' : aggregate === 'avg' ? 'average' : aggregate === 'max' ? 'take the highest of' : 'take the lowest of'}.`);
  return undefined;
}

function counted(reader: Reader, position: number, mention: Mention, distinct: boolean): MeasureIntent {
  reader.used.add(position);
  if (!reader.intent.subject && !entityMentionedBefore(reader, position)) reader.intent.subject = mention;
  return { aggregate: 'count', source: { kind: 'count', mention }, distinct };
}

/** "amount of invoices", "revenue from orders": the entity the measure is taken from. */
function scopeAfter(reader: Reader, position: number): Mention | undefined {
  const joiner = reader.wordAt(position + 1);
  if (!joiner || !OF_WORDS.has(joiner)) return undefined;
  const at = reader.skip(position + 1, 1);
  const mention = reader.mentionAt(at);
  if (!mention || !isEntityMention(mention) || reader.used.has(at)) return undefined;
  reader.used.add(at);
  if (!reader.intent.subject && !entityMentionedBefore(reader, position)) reader.intent.subject = mention;
  return mention;
}

/** An entity named earlier is the subject ("top 5 customers by number of orders"). */
function entityMentionedBefore(reader: Reader, position: number): boolean {
  for (let index = 0; index < position; index += 1) {
    const mention = reader.mentionAt(index);
    if (mention && isEntityMention(mention) && !reader.used.has(index)) return true;
  }
  return false;
}

