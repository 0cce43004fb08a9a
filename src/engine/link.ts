/**
 * Links spans of the question to schema elements (entities, columns), to data values from the
 * value index, and to concepts (a money word, a "when" word). Candidates carry a score:
 * exact > lemma > synonym > head word > fuzzy.
 */
import { distance } from 'fastest-levenshtein';
import type { SchemaIndex, TermEntry } from './schema-model.ts';
import { conceptOf, type Concept } from './thesaurus.ts';
import type { Token } from './tokenize.ts';
import type { ValueEntry, ValueIndex } from './value-index.ts';
import { valueWords } from './value-index.ts';
import { stemVariants } from './words.ts';

export type Candidate =
  | { readonly kind: 'entity'; readonly entity: string; readonly score: number; readonly match: TermEntry['match'] }
  | { readonly kind: 'column'; readonly entity: string; readonly column: string; readonly score: number; readonly match: TermEntry['match'] }
  | { readonly kind: 'value'; readonly entity: string; readonly column: string; readonly value: string; readonly score: number; readonly filler?: boolean }
  | { readonly kind: 'concept'; readonly concept: Concept; readonly score: number };

export interface Mention {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Best first. */
  readonly candidates: readonly Candidate[];
  /** The span was a quoted string. */
  readonly quoted?: boolean;
  /** The span's words were plural ("customers"), which hints at a list rather than one row. */
  readonly plural: boolean;
}

const FUZZY_PENALTY = 0.5;
const MAX_SPAN = 6;

/**
 * The mention starting at `start`, longest span first, or undefined. `usable(index)` says whether
 * a token may be part of a mention (not already a period).
 */
export function mentionAt(tokens: readonly Token[], start: number, schema: SchemaIndex, values: ValueIndex, usable: (index: number) => boolean): Mention | undefined {
  const first = tokens[start];
  if (!usable(start)) return undefined;
  if (first.kind === 'quoted') return quotedMention(first, values);
  if (first.kind !== 'word') return undefined;
  let best: { end: number; candidates: Candidate[] } | undefined;
  const limit = Math.min(tokens.length, start + Math.max(schema.maxPhraseWords, MAX_SPAN));
  for (let end = limit; end > start; end -= 1) {
    if (!rangeUsable(tokens, start, end, usable)) continue;
    const candidates = [...schemaCandidates(tokens, start, end, schema), ...valueCandidates(tokens, start, end, values)];
    if (candidates.length > 0) {
      best = { end, candidates };
      break;
    }
  }
  const concept = conceptOf(first.lemma) ?? stemVariants(first.lower).map((variant) => conceptOf(variant)).find((found) => found !== undefined);
  if (concept && (!best || best.end === start + 1)) {
    const candidates = best?.candidates ?? [];
    best = { end: start + 1, candidates: [...candidates, { kind: 'concept', concept, score: 0.9 }] };
  }
  if (!best) return undefined;
  return makeMention(tokens, start, best.end, best.candidates);
}

/** Typo tolerance for one unknown word of five letters or more: schema words at distance 1–2. */
export function fuzzyMention(tokens: readonly Token[], index: number, schema: SchemaIndex): Mention | undefined {
  const word = tokens[index].lemma;
  if (tokens[index].kind !== 'word' || word.length < 5) return undefined;
  const maxDistance = word.length >= 8 ? 2 : 1;
  let bestDistance = maxDistance + 1;
  let bestWords: string[] = [];
  for (let length = word.length - maxDistance; length <= word.length + maxDistance; length += 1) {
    for (const candidate of schema.vocabularyByLength.get(length) ?? []) {
      if (candidate[0] !== word[0]) continue; // typos rarely change the first letter
      const found = distance(word, candidate);
      if (found < bestDistance) {
        bestDistance = found;
        bestWords = [candidate];
      } else if (found === bestDistance) bestWords.push(candidate);
    }
  }
  if (bestWords.length !== 1) return undefined; // no match, or two equally close words: not confident
  const candidates = (schema.terms.get(bestWords[0]) ?? []).filter((entry) => entry.score >= 0.9).map((entry) => fromTerm(entry, FUZZY_PENALTY / bestDistance));
  return candidates.length > 0 ? makeMention(tokens, index, index + 1, candidates) : undefined;
}

function makeMention(tokens: readonly Token[], start: number, end: number, candidates: Candidate[]): Mention {
  const last = tokens[end - 1];
  return {
    start,
    end,
    text: tokens.slice(start, end).map((token) => token.text).join(' '),
    // On equal scores a value of the data beats a column name ("not paid": status = paid, not paid_at).
    candidates: candidates.sort((left, right) => right.score - left.score || Number(right.kind === 'value') - Number(left.kind === 'value')),
    plural: last.kind === 'word' && last.lemma !== last.lower && last.lower.endsWith('s'),
  };
}

function rangeUsable(tokens: readonly Token[], start: number, end: number, usable: (index: number) => boolean): boolean {
  for (let index = start; index < end; index += 1) {
    if (!usable(index) || tokens[index].kind !== 'word') return false;
  }
  return true;
}

function schemaCandidates(tokens: readonly Token[], start: number, end: number, schema: SchemaIndex): Candidate[] {
  const lemmas = tokens.slice(start, end).map((token) => token.lemma);
  const direct = schema.terms.get(lemmas.join(' '));
  if (direct) return direct.map((entry) => fromTerm(entry, 1));
  if (end - start !== 1) {
    // Verb forms in phrases: "shipped date" → "ship date".
    const last = stemVariants(tokens[end - 1].lower).slice(1).map((variant) => [...lemmas.slice(0, -1), variant].join(' '));
    for (const key of last) {
      const found = schema.terms.get(key);
      if (found) return found.map((entry) => fromTerm(entry, 0.95));
    }
    return [];
  }
  for (const variant of stemVariants(tokens[start].lower).slice(1)) {
    const found = schema.terms.get(variant);
    if (found) return found.map((entry) => fromTerm(entry, 0.95));
  }
  return [];
}

function fromTerm(entry: TermEntry, factor: number): Candidate {
  const score = entry.score * factor;
  const match = factor < 1 && factor <= FUZZY_PENALTY ? 'fuzzy' : entry.match;
  return entry.target.kind === 'entity'
    ? { kind: 'entity', entity: entry.target.entity, score, match }
    : { kind: 'column', entity: entry.target.entity, column: entry.target.column, score, match };
}

function valueCandidates(tokens: readonly Token[], start: number, end: number, values: ValueIndex): Candidate[] {
  const entries = values.byFirstWord.get(tokens[start].lemma);
  if (!entries) return [];
  const length = end - start;
  const found: Candidate[] = [];
  for (const entry of entries) {
    if (entry.words.length !== length) continue;
    if (entry.words.every((word, offset) => tokens[start + offset].lemma === word)) found.push(valueCandidate(entry));
  }
  return found;
}

function valueCandidate(entry: ValueEntry): Candidate {
  return { kind: 'value', entity: entry.entity, column: entry.column, value: entry.value, score: entry.filler ? 0.6 : 1, ...(entry.filler ? { filler: true } : {}) };
}

function quotedMention(token: Token, values: ValueIndex): Mention {
  const words = valueWords(token.text);
  const entries = words.length > 0 ? values.byFirstWord.get(words[0]) ?? [] : [];
  const exact = entries.filter((entry) => entry.value.toLowerCase() === token.text.toLowerCase());
  const loose = exact.length > 0 ? exact : entries.filter((entry) => entry.words.join(' ') === words.join(' '));
  return {
    start: token.index,
    end: token.index + 1,
    text: token.text,
    candidates: loose.map(valueCandidate),
    quoted: true,
    plural: false,
  };
}
