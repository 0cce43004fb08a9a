/**
 * Cuts the question into items, left to right, longest span first: periods, cue words, linked
 * mentions, numbers, quoted strings, filler words and unknown words.
 */
import { findCues, type Cue } from './cues.ts';
import { COPULAS, FILLER_WORDS } from './lexicon.ts';
import { fuzzyMention, mentionAt, type Mention } from './link.ts';
import { findPeriods, type Period } from './periods.ts';
import { joinNounPhrases } from './noun-phrases.ts';
import { splitSelfNamedValues } from './self-named-values.ts';
import type { SchemaIndex } from './schema-model.ts';
import type { Token } from './tokenize.ts';
import type { ValueIndex } from './value-index.ts';

export type Item =
  | { readonly kind: 'period'; readonly start: number; readonly end: number; readonly period: Period }
  | { readonly kind: 'cue'; readonly start: number; readonly end: number; readonly cue: Cue; readonly alternative?: Mention }
  | { readonly kind: 'mention'; readonly start: number; readonly end: number; readonly mention: Mention }
  | { readonly kind: 'number'; readonly start: number; readonly end: number; readonly value: number }
  | { readonly kind: 'quoted'; readonly start: number; readonly end: number; readonly text: string }
  | { readonly kind: 'word'; readonly start: number; readonly end: number; readonly lemma: string }
  | { readonly kind: 'unknown'; readonly start: number; readonly end: number; readonly text: string };

export function segment(tokens: readonly Token[], now: Date, schema: SchemaIndex, values: ValueIndex): Item[] {
  const periods = findPeriods(tokens, now, {
    isEntityWord: (lemma) => schema.entityWords.has(lemma),
    isNumericWord: (lemma) => schema.numericWords.has(lemma),
  });
  const periodAt = new Map<number, Period>();
  const inPeriod = new Set<number>();
  for (const period of periods) {
    periodAt.set(period.tokenStart, period);
    for (let index = period.tokenStart; index < period.tokenEnd; index += 1) inPeriod.add(index);
  }
  const usable = (index: number): boolean => !inPeriod.has(index);
  const cues = findCues(tokens).filter((cue) => !overlapsPeriod(cue.start, cue.end, inPeriod));
  const cuesByStart = new Map<number, Cue>();
  for (const cue of cues) {
    const existing = cuesByStart.get(cue.start);
    if (!existing || existing.end < cue.end) cuesByStart.set(cue.start, cue);
  }
  const items: Item[] = [];
  let index = 0;
  while (index < tokens.length) {
    const period = periodAt.get(index);
    if (period) {
      items.push({ kind: 'period', start: period.tokenStart, end: period.tokenEnd, period });
      index = period.tokenEnd;
      continue;
    }
    if (inPeriod.has(index)) {
      index += 1;
      continue;
    }
    const cue = cuesByStart.get(index);
    const mention = mentionAt(tokens, index, schema, values, usable);
    if (cue && mention && valueBeforeItsEntity(cue, mention, tokens, schema, values, usable)) {
      items.push({ kind: 'mention', start: mention.start, end: mention.end, mention });
      index = mention.end;
      continue;
    }
    if (cue && (!mention || cue.end >= mention.end)) {
      const alternative = mention && mention.end === cue.end ? mention : undefined;
      items.push({ kind: 'cue', start: cue.start, end: cue.end, cue, ...(alternative ? { alternative } : {}) });
      index = cue.end;
      continue;
    }
    if (mention && fillerOutOfPlace(mention, tokens, items)) {
      items.push(leftover(tokens, index, schema));
      index += 1;
      continue;
    }
    if (mention && (mention.candidates.length > 0 || !mention.quoted)) {
      items.push({ kind: 'mention', start: mention.start, end: mention.end, mention });
      index = mention.end;
      continue;
    }
    items.push(leftover(tokens, index, schema, periods.length > 0 || cues.some((cue) => cue.kind === 'grain')));
    index += 1;
  }
  return splitSelfNamedValues(joinNounPhrases(items, tokens, schema));
}

function leftover(tokens: readonly Token[], index: number, schema: SchemaIndex, timed = false): Item {
  const token = tokens[index];
  const span = { start: index, end: index + 1 };
  if (token.kind === 'number') return { kind: 'number', ...span, value: token.value ?? 0 };
  if (token.kind === 'quoted') return { kind: 'quoted', ...span, text: token.text };
  // "what % of customers": a share, which one query cannot give.
  if (token.kind === 'symbol' && token.text === '%') return { kind: 'unknown', ...span, text: token.text };
  if (token.kind === 'symbol' || token.kind === 'date') return { kind: 'word', ...span, lemma: token.lower };
  // "from the US": a word in capitals is a name or an abbreviation, not the filler word it spells.
  const capitals = /^[A-Z]{2,}$/.test(token.text) && tokens.some((other) => /[a-z]/.test(other.text));
  if (!capitals && (FILLER_WORDS.has(token.lower) || FILLER_WORDS.has(token.lemma))) return { kind: 'word', ...span, lemma: token.lemma };
  // "new accounts since January", "new customers per year": new within the period, which the period says.
  if (token.lower === 'new' && timed) return { kind: 'word', ...span, lemma: token.lemma };
  const fuzzy = fuzzyMention(tokens, index, schema);
  if (fuzzy) return { kind: 'mention', ...span, mention: fuzzy };
  return { kind: 'unknown', ...span, text: token.text };
}

/**
 * "annual subscriptions", "monthly plans": a grain word that is also a value of the entity named
 * next is that value; "monthly revenue" stays a grain.
 */
function valueBeforeItsEntity(cue: Cue, mention: Mention, tokens: readonly Token[], schema: SchemaIndex, values: ValueIndex, usable: (index: number) => boolean): boolean {
  if (cue.kind !== 'grain' || !cue.attached || cue.end - cue.start !== 1 || mention.end !== cue.end) return false;
  const owners = new Set(mention.candidates.flatMap((candidate) => (candidate.kind === 'value' ? [candidate.entity] : [])));
  if (owners.size === 0) return false;
  const next = mentionAt(tokens, cue.end, schema, values, usable);
  return next?.candidates.some((candidate) => candidate.kind === 'entity' && owners.has(candidate.entity)) === true;
}

/**
 * A value that is also an everyday word ("done", "current") counts as a value only where a value
 * is expected: after "is/are" ("pickings that are done") or after its column's name ("state done").
 */
function fillerOutOfPlace(mention: Mention, tokens: readonly Token[], items: readonly Item[]): boolean {
  if (!mention.candidates.every((candidate) => candidate.kind === 'value' && candidate.filler)) return false;
  const previousWord = tokens[mention.start - 1]?.lower ?? '';
  if (COPULAS.has(previousWord)) return false;
  const previous = items.at(-1);
  if (previous?.kind === 'mention' && previous.end === mention.start) {
    return !previous.mention.candidates.some((candidate) => candidate.kind === 'column'
      && mention.candidates.some((value) => value.kind === 'value' && value.entity === candidate.entity && value.column === candidate.column));
  }
  return true;
}

function overlapsPeriod(start: number, end: number, inPeriod: ReadonlySet<number>): boolean {
  for (let index = start; index < end; index += 1) if (inPeriod.has(index)) return true;
  return false;
}
