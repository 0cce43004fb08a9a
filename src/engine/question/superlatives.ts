/**
 * Superlatives and rankings: "highest", "the 3 cheapest", "top 5", "most orders", "least popular",
 * "youngest". An adjective's attribute nouns come from WordNet (young → age, heavy → weight, tall
 * → stature, height); the few business adjectives WordNet does not tie to an attribute (cheap,
 * recent, popular) carry a concept instead.
 */
import { wordNet } from '../language/wordnet.ts';
import { wordTable } from '../language/word-table.ts';
import { isCount, type Concept, type Cue } from './cues.ts';
import type { Token } from './tokens.ts';

/** Adjectives with no WordNet attribute that name what business data measures them by. */
const CONCEPT_ADJECTIVES = wordTable<readonly [Concept, 'asc' | 'desc']>({
  cheap: ['price', 'asc'], inexpensive: ['price', 'asc'], expensive: ['price', 'desc'], costly: ['price', 'desc'], pricey: ['price', 'desc'],
  recent: ['date', 'desc'], late: ['date', 'desc'], new: ['date', 'desc'], early: ['date', 'asc'],
  popular: ['frequency', 'desc'], common: ['frequency', 'desc'], frequent: ['frequency', 'desc'], often: ['frequency', 'desc'], used: ['frequency', 'desc'],
});
/** Adjectives of magnitude: they rank by whatever column follows ("the highest salary"). */
const MAGNITUDE = wordTable<'asc' | 'desc'>({
  high: 'desc', large: 'desc', big: 'desc', great: 'desc', low: 'asc', small: 'asc', little: 'asc', good: 'desc', bad: 'asc',
  top: 'desc', bottom: 'asc', max: 'desc', min: 'asc', much: 'desc', many: 'desc', few: 'asc',
});
/** Adjectives whose attribute runs the other way from their degree (young → lowest age). */
const LOW_END = new Set(['young', 'short', 'small', 'low', 'light', 'cheap', 'slow', 'near', 'thin', 'narrow', 'few', 'little', 'poor', 'early', 'bad']);
const IRREGULAR = wordTable({ best: 'good', worst: 'bad', most: 'much', least: 'little', fewest: 'few', furthest: 'far', farthest: 'far' });

/** The base adjective of a superlative word ("youngest" → young), or undefined. */
export function superlativeBase(token: Token): string | undefined {
  const lower = token.lower;
  const irregular = IRREGULAR.get(lower);
  if (irregular) return irregular;
  if (!lower.endsWith('est') || lower.length < 5) return undefined;
  const stem = lower.slice(0, -3);
  const forms = [stem, `${stem}e`, stem.endsWith('i') ? `${stem.slice(0, -1)}y` : '', /(.)\1$/.test(stem) ? stem.slice(0, -1) : ''];
  if (token.lemma !== lower) forms.unshift(token.lemma);
  return forms.find((form) => form.length >= 2 && (MAGNITUDE.has(form) || CONCEPT_ADJECTIVES.has(form) || wordNet().senses(form, 'a').length > 0));
}

/** Nouns WordNet gives as the attribute an adjective measures (young → age). */
export function attributesOf(adjective: string): string[] {
  const net = wordNet();
  const nouns = new Set<string>();
  for (const synset of net.senses(adjective, 'a').slice(0, 3)) {
    for (const pointer of synset.pointers) {
      if (pointer.symbol === '=') for (const word of net.synset(pointer.offset, pointer.pos).words) nouns.add(word);
    }
  }
  return [...nouns];
}

/** The ranking a superlative adjective makes: direction, concept or attributes. */
export function rankingOf(adjective: string): { direction: 'asc' | 'desc'; concept?: Concept; attributes?: readonly string[] } | undefined {
  const concept = CONCEPT_ADJECTIVES.get(adjective);
  if (concept) return { direction: concept[1], concept: concept[0] };
  const magnitude = MAGNITUDE.get(adjective);
  if (magnitude) return { direction: magnitude };
  const attributes = attributesOf(adjective);
  if (attributes.length > 0) return { direction: LOW_END.has(adjective) ? 'asc' : 'desc', concept: 'attribute', attributes };
  return undefined;
}

export function superlativeAt(tokens: readonly Token[], index: number): Cue | undefined {
  const token = tokens[index];
  const lower = token.lower;
  // "top 5", "bottom 3": a ranking with its length.
  if ((lower === 'top' || lower === 'bottom') && tokens[index + 1]?.lower !== 'of') {
    const direction = lower === 'top' ? 'desc' : 'asc';
    const limit = isCount(tokens[index + 1]) ? tokens[index + 1].value : undefined;
    const end = index + (limit ? 2 : 1);
    // "the top 3 heaviest": the adjective says what ranks, "top 3" how many.
    const adjective = tokens[end] ? superlativeBase(tokens[end]) : undefined;
    const ranking = adjective ? rankingOf(adjective) : undefined;
    // "the top product in each category" asks for one; "top products", several.
    const count = limit ? { limit } : singularAfter(tokens, ranking ? end + 1 : end) ? {} : { several: true };
    if (ranking) return { kind: 'superlative', ...ranking, ...count, start: index, end: end + 1 };
    return { kind: 'superlative', direction, ...count, start: index, end };
  }
  // "the most expensive", "the least popular": most/least before an adjective.
  const next = tokens[index + 1];
  if ((lower === 'most' || lower === 'least') && next && (next.pos === 'ADJ' || next.pos === 'ADV' || next.lower === 'often')) {
    // "most recently", "least frequently": the adverb's adjective.
    const adverbBase = next.lower.endsWith('ly') ? next.lower.slice(0, -2).replace(/i$/, 'y') : undefined;
    const ranking = rankingOf(next.lemma) ?? rankingOf(next.lower) ?? (adverbBase ? rankingOf(adverbBase) : undefined);
    if (ranking) {
      const direction = lower === 'least' ? (ranking.direction === 'desc' ? 'asc' : 'desc') : ranking.direction;
      return withCount(tokens, index, index + 2, { ...ranking, direction });
    }
  }
  if (lower === 'most' || lower === 'least' || lower === 'fewest') {
    return withCount(tokens, index, index + 1, { direction: lower === 'most' ? 'desc' : 'asc', counting: true });
  }
  // "the last order", "the first hire": the latest or earliest by date (not "last name", "first name").
  if ((lower === 'last' || lower === 'first') && tokens[index - 1]?.lower === 'the' && next?.pos === 'NOUN' && next.lemma !== 'name') {
    return { kind: 'superlative', concept: 'date', direction: lower === 'last' ? 'desc' : 'asc', start: index, end: index + 1 };
  }
  const base = superlativeBase(token);
  if (!base) return undefined;
  const ranking = rankingOf(base);
  return ranking ? withCount(tokens, index, index + 1, ranking) : undefined;
}

/** "the 3 cheapest", "5 largest": a number before the superlative is its length. */
function withCount(tokens: readonly Token[], start: number, end: number, body: { direction: 'asc' | 'desc'; concept?: Concept; attributes?: readonly string[]; counting?: boolean }): Cue {
  const before = tokens[start - 1];
  if (isCount(before)) return { kind: 'superlative', ...body, limit: before.value, start: start - 1, end };
  return { kind: 'superlative', ...body, start, end };
}

/** The noun said right after (its last word, "customer segments"), in the singular. */
function singularAfter(tokens: readonly Token[], index: number): boolean {
  let at = index;
  while (tokens[at + 1]?.pos === 'NOUN' && tokens[at]?.pos === 'NOUN') at += 1;
  const head = tokens[at];
  return head?.kind === 'word' && head.pos === 'NOUN' && head.lower === head.lemma;
}
