/**
 * Joins of neighbouring mentions that read as one noun phrase.
 *
 * "color code and description": a word after "and" that, with the modifier of the phrase before
 * it, names a column of the same entity ("color description") means that column, not some other
 * description.
 *
 * "date of account opened": "date of" before a phrase that names a date column asks for that
 * column, not for whichever date "date" alone would find.
 *
 * "country name", "state names": a word that names a text column, followed by "name", asks for
 * that column's values — the name of the country is the country — not for some other entity's
 * name column. The two mentions are read as one, with the first one's column candidates.
 * A phrase the schema knows as a whole ("customer name") is linked as one span before this runs,
 * and a word that names an entity keeps its own reading (the entity's name).
 */
import type { Candidate, Mention } from './link.ts';
import { dateColumns } from './mention-kinds.ts';
import type { SchemaIndex } from './schema-model.ts';
import type { Item } from './segment.ts';
import type { Token } from './tokenize.ts';

const TIE = 0.001;

export function joinNounPhrases(items: readonly Item[], tokens: readonly Token[], schema: SchemaIndex): Item[] {
  const joined: Item[] = [];
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    const next = items[index + 1];
    if (item.kind === 'mention' && next?.kind === 'mention' && next.start === item.end && isNameWord(next.mention)) {
      const mention = namedColumn(item.mention, schema);
      if (mention) {
        joined.push({ kind: 'mention', start: item.start, end: next.end, mention: { ...mention, end: next.end, text: `${mention.text} ${next.mention.text}`, plural: next.mention.plural } });
        index += 1;
        continue;
      }
    }
    const third = items[index + 2];
    if (item.kind === 'mention' && next?.kind === 'word' && (next.lemma === 'and' || next.lemma === ',') && third?.kind === 'mention') {
      const shared = sharedModifier(item.mention, third.mention, tokens, schema);
      if (shared) {
        joined.push(item, next, { ...third, mention: shared });
        index += 2;
        continue;
      }
    }
    if (item.kind === 'mention' && isDateWord(item.mention) && next?.kind === 'word' && next.lemma === 'of') {
      const phrase = dateOf(items, index + 2, schema);
      if (phrase) {
        const { mention, end } = phrase;
        joined.push({ kind: 'mention', start: item.start, end: mention.end, mention: { ...mention, start: item.start, text: `${item.mention.text} of ${mention.text}` } });
        index = end;
        continue;
      }
    }
    joined.push(item);
  }
  return joined;
}

/** The second mention read with the first one's modifier, when that names a column of the first one's entity. */
function sharedModifier(first: Mention, second: Mention, tokens: readonly Token[], schema: SchemaIndex): Mention | undefined {
  if (first.quoted || second.quoted || first.end - first.start < 2 || second.end - second.start !== 1) return undefined;
  if (second.candidates[0]?.kind !== 'column') return undefined;
  const modifier = tokens.slice(first.start, first.end - 1).map((token) => token.lemma);
  const entries = schema.terms.get([...modifier, tokens[second.start].lemma].join(' ')) ?? [];
  const firstEntities = new Set(first.candidates.flatMap((candidate) => (candidate.kind === 'column' ? [candidate.entity] : [])));
  const candidates: Candidate[] = entries.flatMap((entry): Candidate[] => (entry.target.kind === 'column' && entry.score >= 0.9 && firstEntities.has(entry.target.entity)
    ? [{ kind: 'column', entity: entry.target.entity, column: entry.target.column, score: entry.score, match: entry.match }]
    : []));
  return candidates.length === 1 ? { ...second, candidates } : undefined;
}

/**
 * After "date of": a phrase naming a date column ("account opened"), or an entity and a word naming
 * one of its date columns ("order shipped"); the mention restricted to those columns, and the index
 * of its last item.
 */
function dateOf(items: readonly Item[], index: number, schema: SchemaIndex): { mention: Mention; end: number } | undefined {
  const first = items[index];
  if (first?.kind !== 'mention' || first.mention.quoted) return undefined;
  const top = first.mention.candidates[0];
  const second = items[index + 1];
  if (top?.kind === 'entity' && second?.kind === 'mention' && second.start === first.end && !second.mention.quoted) {
    const candidates = dateCandidates(second.mention, schema).filter((candidate) => candidate.kind === 'column' && candidate.entity === top.entity);
    if (candidates.length === 0) return undefined;
    return { mention: { ...second.mention, start: first.start, text: `${first.mention.text} ${second.mention.text}`, candidates }, end: index + 1 };
  }
  const candidates = dateCandidates(first.mention, schema);
  return candidates.length > 0 && candidates[0] === top ? { mention: { ...first.mention, candidates }, end: index } : undefined;
}

function dateCandidates(mention: Mention, schema: SchemaIndex): Candidate[] {
  const dates = dateColumns(mention, schema);
  return mention.candidates.filter((candidate) => candidate.kind === 'column' && dates.some((date) => date.entity === candidate.entity && date.column === candidate.column));
}

function isDateWord(mention: Mention): boolean {
  return !mention.quoted && /^dates?$/i.test(mention.text.trim());
}

function isNameWord(mention: Mention): boolean {
  return !mention.quoted && /^names?$/i.test(mention.text.trim());
}

/** The mention restricted to its best text columns, when its best reading is only text columns. */
function namedColumn(mention: Mention, schema: SchemaIndex): Mention | undefined {
  if (mention.quoted) return undefined;
  const top = mention.candidates[0]?.score ?? 0;
  const best = mention.candidates.filter((candidate) => candidate.score >= top - TIE);
  if (best.length === 0 || best.some((candidate) => candidate.kind !== 'column')) return undefined;
  const columns = mention.candidates.filter((candidate) => candidate.kind === 'column'
    && schema.entityByName.get(candidate.entity)?.columnByName.get(candidate.column)?.isText === true);
  if (columns.length === 0 || columns[0] !== mention.candidates[0]) return undefined;
  return { ...mention, candidates: columns };
}
