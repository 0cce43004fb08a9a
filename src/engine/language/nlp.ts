/**
 * English analysis by wink-nlp with its shipped model (wink-eng-lite-web-model): tokens, parts of
 * speech, lemmas and entity spans. One pipeline per process, created on first use (about 40 MB).
 */
import { createRequire } from 'node:module';
import pluralize from 'pluralize';
import winkNLP, { type ItemToken, type ItsFunction, type PartOfSpeech, type WinkMethods } from 'wink-nlp';
import { wordNet } from './wordnet.ts';
import { wordTable } from './word-table.ts';

const require = createRequire(import.meta.url);

export interface RawToken {
  readonly text: string;
  readonly lower: string;
  readonly lemma: string;
  readonly pos: PartOfSpeech;
  /** wink's token type: word, number, punctuation, symbol, currency, email, url… */
  readonly type: string;
  /** Spaces before the token in the text (0 when it is glued to the one before). */
  readonly spaceBefore: number;
}

export interface RawEntity {
  /** DATE, CARDINAL, ORDINAL, MONEY, PERCENT, DURATION, TIME… */
  readonly type: string;
  readonly start: number;
  /** Inclusive, as wink reports spans. */
  readonly end: number;
}

let pipeline: WinkMethods | undefined;

function nlp(): WinkMethods {
  // The model is required on first use (a CommonJS module, loaded synchronously), so a process that
  // never reads a question does not hold it.
  pipeline ??= winkNLP(require('wink-eng-lite-web-model') as Parameters<typeof winkNLP>[0], ['sbd', 'pos', 'ner']);
  return pipeline;
}

/** Lemmas wink gets wrong for the words of business data ("data" is not "datum" here). */
const LEMMA_FIXES = wordTable({ data: 'data', ids: 'id', media: 'media', sales: 'sale', goods: 'good', staff: 'staff', people: 'person', logged: 'log' });

export function readTokens(text: string): { tokens: RawToken[]; entities: RawEntity[] } {
  const doc = nlp().readDoc(text);
  const its = nlp().its;
  const tokens: RawToken[] = [];
  doc.tokens().each((token: ItemToken) => {
    const value = token.out();
    const lower = value.toLowerCase();
    const pos = token.out(its.pos) as PartOfSpeech;
    tokens.push({
      text: value,
      lower,
      lemma: LEMMA_FIXES.get(lower) ?? nounLemma(String(token.out(its.lemma as ItsFunction<string>)).toLowerCase(), lower, pos),
      pos,
      type: String(token.out(its.type)),
      spaceBefore: String(token.out(its.precedingSpaces)).length,
    });
  });
  const details = doc.entities().out(its.detail) as unknown as { type: string }[];
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const entities = details.map((detail, index) => ({ type: detail.type, start: spans[index][0], end: spans[index][1] }));
  return { tokens, entities };
}

/**
 * A plural noun that neither the model nor WordNet knows ("timesheets", "workorders") is read in
 * the singular, as the model reads the plurals it knows; a word WordNet knows as it is ("lens",
 * "physics", "chaos") stays as it is.
 */
function nounLemma(lemma: string, lower: string, pos: PartOfSpeech): string {
  if (pos !== 'NOUN' || lemma !== lower || !/[^su]s$/.test(lower) || wordNet().knows(lower)) return lemma;
  return pluralize.singular(lower);
}

const lemmaCache = new Map<string, string>();

/**
 * The lemma of a word seen on its own (a word of a table or column name): nouns to the singular,
 * verbs to their base form. Cached, since schemas repeat their words.
 */
export function lemmaOf(word: string): string {
  const lower = word.toLowerCase();
  const cached = lemmaCache.get(lower);
  if (cached !== undefined) return cached;
  let result = LEMMA_FIXES.get(lower);
  if (result === undefined) {
    const { tokens } = readTokens(lower);
    result = tokens.length === 1 ? tokens[0].lemma : lower;
  }
  if (lemmaCache.size < 100_000) lemmaCache.set(lower, result);
  return result;
}
