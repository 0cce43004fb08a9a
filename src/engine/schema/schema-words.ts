/**
 * The words of schema elements: table and column names split into words (`order_date`,
 * `OrderDate`, `orderdate`), abbreviations expanded (`cust_nm` → customer name), reduced to lemmas;
 * labels and comments read as words too.
 */
import { lemmaOf, readTokens } from '../language/nlp.ts';
import { wordNet } from '../language/wordnet.ts';
import { ABBREVIATIONS, ALWAYS_EXPANDED, TABLE_PREFIXES } from './abbreviations.ts';

export interface NameWords {
  /** Lemmas, abbreviations expanded: `cust_qty` → customer, quantity. */
  readonly words: readonly string[];
  /** The same words as written (not reduced to lemmas), for labels. */
  readonly written: readonly string[];
  /** Another reading when a part is both a word and an abbreviation (`cat` → category). */
  readonly alternative?: readonly string[];
}

/** Words too general to name a column on their own (`id`, `date`, `name`, `of`). */
export const GENERIC_PARTS: ReadonlySet<string> = new Set(['id', 'at', 'of', 'by', 'on', 'in', 'is', 'has', 'to', 'the', 'a', 'an', 'and', 'or', 'for', 'with', 'from', 'per', 'number', 'date', 'time', 'value', 'code', 'type', 'name', 'flag', 'text', 'info']);

/** Words of a comment that say nothing about what the column holds. */
const COMMENT_STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'and', 'or', 'is', 'was', 'be', 'this', 'that', 'which', 'when', 'with', 'as', 'it', 'its']);
const MAX_COMMENT_WORDS = 6;

/** Splits an identifier into lower-case parts by case changes, digits and delimiters. */
export function splitIdentifier(name: string): string[] {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2');
  return spaced.split(/[^A-Za-z0-9]+/).filter((part) => part.length > 0).map((part) => part.toLowerCase());
}

const splitCache = new Map<string, readonly string[]>();

/** Endings of derived words that WordNet also knows as words of their own. */
const WORD_ENDINGS: ReadonlySet<string> = new Set(['able', 'ible', 'less', 'ness', 'ment', 'ship', 'hood', 'ward', 'wards', 'wise', 'like', 'ing', 'ion', 'ity']);

/**
 * A glued part (`orderdate`, `custname`, `driverid`) split into words WordNet knows, fewest pieces
 * first (see betterSplit: `driver` + `id`, not `drive` + `rid`); the part itself when it is a word or
 * no split exists.
 */
export function splitGlued(part: string): readonly string[] {
  const cached = splitCache.get(part);
  if (cached) return cached;
  // WordNet's index holds lemmas: "departments" is known as "department".
  const known = (word: string): boolean => word === 'id' || ABBREVIATIONS.has(word) || (word.length >= 3 && (wordNet().knows(word) || wordNet().knows(lemmaOf(word))));
  let result: readonly string[] = [part];
  if (!/[0-9]/.test(part) && !known(part)) {
    const candidates: string[][] = [];
    if (part.length >= 6) {
      const best: (string[] | undefined)[] = new Array(part.length + 1).fill(undefined);
      best[0] = [];
      for (let end = 2; end <= part.length; end += 1) {
        for (let start = Math.max(0, end - 16); start < end - 1; start += 1) {
          const previous = best[start];
          const piece = part.slice(start, end);
          // "billable" is not bill + able: a suffix that is also a word does not start a new one.
          if (!previous || !known(piece) || (start > 0 && WORD_ENDINGS.has(piece))) continue;
          const candidate = [...previous, piece];
          if (!best[end] || betterSplit(candidate, best[end]!)) best[end] = candidate;
        }
      }
      if (best[part.length]) candidates.push(best[part.length]!);
    }
    // "dname", "cname": a letter or two before a known word.
    for (let cut = 1; cut <= 2; cut += 1) {
      if (part.length >= 5 && part.length <= 9 && part.length - cut >= 4 && known(part.slice(cut))) candidates.push([part.slice(0, cut), part.slice(cut)]);
    }
    // "stuid", "facid": a short form before a key's "id".
    if (part.length >= 4 && part.endsWith('id')) candidates.push([...splitGlued(part.slice(0, -2)), 'id']);
    const chosen = candidates.filter((candidate) => candidate.length > 1).reduce<string[] | undefined>((kept, candidate) => (!kept || betterSplit(candidate, kept) ? candidate : kept), undefined);
    if (chosen) result = chosen;
  }
  if (splitCache.size < 100_000) splitCache.set(part, result);
  return result;
}

/** Fewer pieces, then a general last word (`create` + `date`, not `created` + `ate`), then the longest word. */
function betterSplit(candidate: readonly string[], other: readonly string[]): boolean {
  if (candidate.length !== other.length) return candidate.length < other.length;
  const endsGenerally = (split: readonly string[]) => (GENERIC_PARTS.has(split.at(-1) ?? '') ? 1 : 0);
  if (endsGenerally(candidate) !== endsGenerally(other)) return endsGenerally(candidate) > endsGenerally(other);
  return Math.max(...candidate.map((piece) => piece.length)) > Math.max(...other.map((piece) => piece.length));
}

/** Words of an identifier, abbreviations expanded. */
export function nameWordsOf(identifier: string): NameWords {
  const written: string[] = [];
  const alternative: string[] = [];
  let ambiguous = false;
  for (const part of splitIdentifier(identifier).flatMap((piece) => splitGlued(piece))) {
    const expansion = ABBREVIATIONS.get(part);
    if (expansion && (ALWAYS_EXPANDED.has(part) || !wordNet().knows(part))) {
      written.push(...expansion);
      alternative.push(...expansion);
    } else {
      written.push(part);
      alternative.push(...(expansion ?? [part]));
      if (expansion) ambiguous = true;
    }
  }
  const lemmas = (words: readonly string[]): string[] => words.map((word) => lemmaOf(word));
  return { words: lemmas(written), written, ...(ambiguous ? { alternative: lemmas(alternative) } : {}) };
}

/** Table words without a technical prefix (`tbl_orders` → order), the last one singular when written. */
export function entityNameWords(table: string): NameWords {
  const all = nameWordsOf(table);
  const drop = all.words.length > 1 && TABLE_PREFIXES.has(all.written[0]) ? 1 : 0;
  const written = all.written.slice(drop).map((word, index, list) => (index === list.length - 1 ? lemmaOf(word) : word));
  return { words: all.words.slice(drop), written, ...(all.alternative ? { alternative: all.alternative.slice(drop) } : {}) };
}

/** Lemmas of a human label ("Unit Price" → unit, price); at most a few words, else undefined. */
export function labelWordsOf(label: string | undefined): string[] | undefined {
  if (!label) return undefined;
  const words = label.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0).map((word) => lemmaOf(word));
  return words.length > 0 && words.length <= 4 ? words : undefined;
}

/** Content lemmas of a short comment ("Date the order was shipped" → date, order, ship). */
export function commentWordsOf(comment: string | undefined): string[] | undefined {
  if (!comment) return undefined;
  const words = comment.split(/[^A-Za-z]+/).map((word) => word.toLowerCase()).filter((word) => word.length > 1 && !COMMENT_STOP.has(word));
  if (words.length === 0 || words.length > MAX_COMMENT_WORDS) return undefined;
  return words.map((word) => lemmaOf(word));
}

/** Nouns too general to name an element on their own when a comment opens with them. */
const GENERAL_HEADS: ReadonlySet<string> = new Set(['date', 'number', 'name', 'id', 'code', 'amount', 'count', 'value', 'type', 'status', 'time', 'flag', 'text', 'kind', 'one', 'thing', 'record', 'row', 'entry', 'list']);

/**
 * The noun phrase a comment opens with, as lemmas: "Drivers employed at a depot" → driver,
 * "Payload capacity in kg" → payload, capacity. What terse schemas (`drvr`, `cap_kg`) are called
 * in words. Undefined when the comment opens otherwise, or with one general noun ("Date paid").
 */
export function commentHeadOf(comment: string | undefined): string[] | undefined {
  if (!comment) return undefined;
  const opening = comment.split(/[.;:(,]/)[0] ?? '';
  // "VAN delivery van, REF refrigerated truck": a list of codes, not a name.
  if (/^[A-Z0-9]+\b/.test(opening.trim()) && /^[A-Z0-9]+$/.test(opening.trim().split(/\s/)[0] ?? '')) return undefined;
  // Lower-cased first, so that the tagger reads the opening word as the noun it is, not a name.
  const { tokens } = readTokens(opening.charAt(0).toLowerCase() + opening.slice(1));
  let position = tokens[0]?.pos === 'DET' ? 1 : 0;
  const words: string[] = [];
  while (position < tokens.length && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[position].pos) && tokens[position].type === 'word' && words.length < 3) {
    words.push(tokens[position].lemma);
    position += 1;
  }
  if (words.length === 0 || tokens[position - 1]?.pos !== 'NOUN') return undefined;
  if (words.length === 1 && GENERAL_HEADS.has(words[0])) return undefined;
  return words;
}
