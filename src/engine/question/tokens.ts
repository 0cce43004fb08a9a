/**
 * The question's tokens, from wink-nlp's analysis: words with their lemma and part of speech,
 * numbers with their value ("1,200.50", "5k", "12.5%", "twenty five", "3 million"), ISO dates,
 * quoted strings kept whole, identifiers such as `cust_nm` kept whole, comparison symbols.
 */
import type { PartOfSpeech } from 'wink-nlp';
import { readTokens, type RawToken } from '../language/nlp.ts';
import { isNumberWord, numberFromWords } from '../language/numbers.ts';
import { wordTable } from '../language/word-table.ts';
import { wordNet } from '../language/wordnet.ts';

export type TokenKind = 'word' | 'number' | 'date' | 'quoted' | 'symbol';

export interface Token {
  /** Position in the token list. */
  readonly index: number;
  readonly kind: TokenKind;
  /** The text as written (without quotes for quoted strings). */
  readonly text: string;
  readonly lower: string;
  /** Lemma of a word (wink-nlp, by part of speech); for other kinds the same as `lower`. */
  readonly lemma: string;
  readonly pos: PartOfSpeech;
  /** Numeric value for `number` tokens. */
  readonly value?: number;
  /** A number written with a percent sign. */
  readonly percent?: boolean;
  /** A number written with a currency sign. */
  readonly money?: boolean;
  /** A word written with a capital letter that is not the question's first word. */
  readonly capitalised?: boolean;
  /** A word of a hyphenated compound ("left-handed", "state-owned"). */
  readonly hyphenated?: boolean;
  /** The first token after a full stop, question or exclamation mark (the question's first token is not marked). */
  readonly startsSentence?: boolean;
}

const QUOTE_PATTERN = /"([^"]*)"|“([^”]*)”|(?<![A-Za-z])'([^']+)'(?![A-Za-z])|‘([^’]*)’/g;
const PLACEHOLDER = 'Qquotedzz';
const KEPT_SYMBOLS = new Set(['>', '<', '>=', '<=', '=', '!=', '<>', ',', '%', '&', '+', '/', '#']);
const SCALE_SUFFIXES = wordTable({ k: 1_000, m: 1_000_000, mm: 1_000_000, bn: 1_000_000_000 });
const SCALE_WORDS = wordTable({ thousand: 1_000, million: 1_000_000, mio: 1_000_000, billion: 1_000_000_000, bn: 1_000_000_000 });
const CURRENCY_SIGNS = new Set(['$', '€', '£', '¥']);
/** Words and signs after a number that make it an amount of money ("5,000 dollars", "100 €"); "pounds" may weigh, so only "GBP" and "£". */
const CURRENCY_AFTER = new Set(['dollar', 'dollars', 'euro', 'euros', 'usd', 'eur', 'gbp', 'chf', 'buck', 'bucks', 'yen', ...CURRENCY_SIGNS]);
/** Words after which "one" is a number rather than a pronoun ("top one", "more than one"). */
const ONE_AS_NUMBER_AFTER = new Set(['top', 'bottom', 'than', 'least', 'most', 'exactly', 'only', 'first', 'last']);

interface Draft {
  kind: TokenKind;
  text: string;
  lemma: string;
  pos: PartOfSpeech;
  value?: number;
  percent?: boolean;
  money?: boolean;
  /** Written with no space before it. */
  glued?: boolean;
  hyphenated?: boolean;
  /** After a full stop, question or exclamation mark: its capital says nothing ("… in the United States? Order the cities …"). */
  startsSentence?: boolean;
}

const SENTENCE_ENDS = new Set(['.', '?', '!']);
/** An ordinal written with digits ("2nd", "21st"); the number is the first group. */
export const DIGIT_ORDINAL = /^(\d+)(st|nd|rd|th)$/i;

export function tokenize(question: string): Token[] {
  const quoted: string[] = [];
  const normalised = question
    .replace(/\be-mail/gi, 'email')
    // "what % of customers": a percent sign after no number is the word.
    .replace(/(?<![0-9.]\s*)%/g, ' percent ')
    .replace(/[–—]/g, '-')
    // "…the city they live in.": the sentence's full stop, which the tagger would read as an abbreviation ("in." = inches).
    .replace(/\b([A-Za-z]{2,})\.(\s*)$/, '$1 .$2')
    .replace(QUOTE_PATTERN, (...match: string[]) => {
      quoted.push((match[1] ?? match[2] ?? match[3] ?? match[4]).trim());
      return ` ${PLACEHOLDER}${quoted.length - 1} `;
    });
  const { tokens: raw } = readTokens(normalised);
  const glued = glue(raw);
  const drafts = scaleNumbers(joinNumberWords(glued.flatMap((token, position) => draftOf(token, quoted).map((draft) => ({
    ...draft,
    ...(token.hyphenated && draft.kind === 'word' ? { hyphenated: true } : {}),
    ...(position > 0 && SENTENCE_ENDS.has(glued[position - 1].text) ? { startsSentence: true } : {}),
  })))));
  return drafts.map((draft, index) => ({
    index,
    kind: draft.kind,
    text: draft.text,
    lower: draft.text.toLowerCase(),
    lemma: draft.lemma,
    pos: verbTaggedAsNoun(drafts, index) ? 'VERB' : draft.pos,
    ...(draft.value !== undefined ? { value: draft.value } : {}),
    ...(draft.percent ? { percent: true } : {}),
    ...(draft.money ? { money: true } : {}),
    ...(index > 0 && !draft.startsSentence && draft.kind === 'word' && /^[A-Z]/.test(draft.text) ? { capitalised: true } : {}),
    ...(draft.hyphenated ? { hyphenated: true } : {}),
    ...(draft.startsSentence ? { startsSentence: true } : {}),
  }));
}

/**
 * "employees who work in Berlin", "how many employees work in each office": the tagger reads
 * "work" as a noun; a word that can be a verb, right after "who"/"that" (or, in its plain form, a
 * plural noun after "how many", "which" or "what") and right before a preposition other than "to",
 * is the clause's verb. ("report to", "belong to" relate rows to others, often of their own kind,
 * which an unread verb would lose.)
 */
function verbTaggedAsNoun(drafts: readonly { readonly kind: string; readonly text: string; readonly lemma: string; readonly pos: PartOfSpeech }[], index: number): boolean {
  const draft = drafts[index];
  const before = drafts[index - 1];
  const after = drafts[index + 1];
  if (draft.kind !== 'word' || draft.pos !== 'NOUN' || /^[A-Z]/.test(draft.text) || after?.pos !== 'ADP' || after.text.toLowerCase() === 'to' || before === undefined) return false;
  const afterRelative = RELATIVE_PRONOUNS.has(before.text.toLowerCase());
  // "how many employees work in", "which customers live in": a plural noun the question asks about is the subject.
  const asked = ['many', 'which', 'what'].includes(drafts[index - 2]?.text.toLowerCase() ?? '');
  const afterPlural = asked && before.pos === 'NOUN' && before.text.toLowerCase() !== before.lemma && draft.text.toLowerCase() === draft.lemma;
  return (afterRelative || afterPlural) && wordNet().senses(draft.lemma, 'v').length > 0;
}

const RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['who', 'that', 'which']);

/**
 * Joins what wink splits but a question means as one token: `cust` `_` `nm` (an identifier),
 * `5` `k` (a scaled number), `12.5` `%`, `$` `1,200`, `m` `.` at the end of a sentence.
 */
/** Two-character comparison operators wink splits in two. */
const COMPARISON_PAIRS = new Set(['>=', '<=', '!=', '<>']);

function glue(raw: readonly RawToken[]): (RawToken & { hyphenated?: boolean })[] {
  const out: (RawToken & { hyphenated?: boolean })[] = [];
  let afterHyphen = false;
  for (const said of raw) {
    const token = afterHyphen && said.spaceBefore === 0 ? { ...said, hyphenated: true } : said;
    afterHyphen = false;
    const previous = out.at(-1);
    const glued = previous !== undefined && token.spaceBefore === 0;
    if (glued && (token.text === '_' || previous.text.endsWith('_')) && /^[A-Za-z0-9_]+$/.test(previous.text + token.text)) {
      out[out.length - 1] = { ...previous, text: previous.text + token.text, lower: previous.lower + token.lower, lemma: previous.lower + token.lower, pos: 'NOUN' };
      continue;
    }
    if (glued && COMPARISON_PAIRS.has(previous.text + token.text)) {
      out[out.length - 1] = { ...previous, text: previous.text + token.text, lower: previous.lower + token.lower, lemma: previous.lower + token.lower };
      continue;
    }
    if (glued && token.text === '-') {
      // "first-time": the words stay, marked as one compound; the hyphen goes.
      out[out.length - 1] = { ...previous, hyphenated: true };
      afterHyphen = true;
      continue;
    }
    out.push(token);
  }
  return out;
}

function draftOf(token: RawToken, quoted: readonly string[]): Draft[] {
  return draftsOf(token, quoted).map((draft) => (token.spaceBefore === 0 ? { ...draft, glued: true } : draft));
}

function draftsOf(token: RawToken, quoted: readonly string[]): Draft[] {
  if (token.text.startsWith(PLACEHOLDER)) {
    const text = quoted[Number(token.text.slice(PLACEHOLDER.length))] ?? '';
    return text.length > 0 ? [{ kind: 'quoted', text, lemma: text.toLowerCase(), pos: 'PROPN' }] : [];
  }
  // An address is a value written out, as a quoted one is: a reading may not drop it.
  if (token.type === 'email' || token.type === 'url') return [{ kind: 'quoted', text: token.text, lemma: token.lower, pos: 'PROPN' }];
  if (/^\d{4}-\d{2}(-\d{2})?$/.test(token.text)) return [{ kind: 'date', text: token.text, lemma: token.text, pos: 'NUM' }];
  // "2nd", "21st": an ordinal is a word of its own, never a number nor nothing.
  if (DIGIT_ORDINAL.test(token.text)) return [{ kind: 'word', text: token.text, lemma: token.text.toLowerCase(), pos: 'ADJ' }];
  if (token.type === 'number' || /^\d/.test(token.text)) {
    const value = Number(token.text.replace(/,/g, ''));
    if (Number.isFinite(value)) return [{ kind: 'number', text: token.text, lemma: token.lower, pos: 'NUM', value }];
  }
  if (token.type === 'word' || token.type === 'unk' || /^[A-Za-z]/.test(token.text)) {
    // "m." at the end of a sentence: the letter, not an abbreviation.
    const text = /^[A-Za-z]\.$/.test(token.text) ? token.text[0] : token.text;
    if (/^[A-Za-z]/.test(text) || token.type === 'word') return [{ kind: 'word', text, lemma: text === token.text ? token.lemma : text.toLowerCase(), pos: token.pos }];
  }
  if (token.type === 'currency') return [{ kind: 'symbol', text: token.text, lemma: token.text, pos: 'SYM' }];
  if (KEPT_SYMBOLS.has(token.text)) return [{ kind: 'symbol', text: token.text, lemma: token.text, pos: token.pos }];
  // "10am", "the 90s", "24/7": what holds a digit and is no number is a word of its own, never nothing.
  if (/\d/.test(token.text)) return [{ kind: 'word', text: token.text, lemma: token.lower, pos: 'NOUN' }];
  return [];
}

/** Written-out numbers ("twenty five", "a dozen") become one number token. */
function joinNumberWords(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (let index = 0; index < drafts.length; index += 1) {
    const draft = drafts[index];
    const lower = draft.text.toLowerCase();
    // "one or more", "one or fewer": a count, as "5 or more" is.
    const counted = drafts[index + 1]?.text.toLowerCase() === 'or' && ['more', 'fewer', 'less'].includes(drafts[index + 2]?.text.toLowerCase() ?? '');
    const pronoun = lower === 'one' && !counted && !ONE_AS_NUMBER_AFTER.has(out.at(-1)?.text.toLowerCase() ?? '') && !isNumberWord(drafts[index + 1]?.text.toLowerCase() ?? '');
    const scaleOfDigits = out.at(-1)?.kind === 'number' && /\d/.test(out.at(-1)?.text ?? '') && SCALE_WORDS.has(lower);
    if (draft.kind !== 'word' || !isNumberWord(lower) || pronoun || scaleOfDigits) {
      out.push(draft);
      continue;
    }
    let end = index;
    while (end + 1 < drafts.length && drafts[end + 1].kind === 'word' && isNumberWord(drafts[end + 1].text.toLowerCase())) end += 1;
    const words = drafts.slice(index, end + 1).map((part) => part.text.toLowerCase());
    const value = numberFromWords(words);
    if (value === undefined) {
      out.push(draft);
      continue;
    }
    if (out.at(-1)?.text.toLowerCase() === 'a' && /dozen|hundred|thousand|million/.test(words[0])) out.pop();
    out.push({ kind: 'number', text: words.join(' '), lemma: words.join(' '), pos: 'NUM', value });
    index = end;
  }
  return out;
}

/** "$1,200", "12.5%", "5k", "3 million": signs and scales become part of the number. */
function scaleNumbers(drafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  for (let index = 0; index < drafts.length; index += 1) {
    const draft = drafts[index];
    if (draft.kind !== 'number' || draft.value === undefined) {
      out.push(draft);
      continue;
    }
    let { value, text } = draft;
    let money = false;
    let percent = false;
    const previous = out.at(-1);
    if (previous?.kind === 'symbol' && CURRENCY_SIGNS.has(previous.text)) {
      out.pop();
      text = previous.text + text;
      money = true;
    }
    const next = drafts[index + 1];
    const suffix = next?.kind === 'word' ? SCALE_SUFFIXES.get(next.text.toLowerCase()) : undefined;
    const scaleWord = next?.kind === 'word' ? SCALE_WORDS.get(next.text.toLowerCase()) : undefined;
    if (next?.kind === 'symbol' && next.text === '%') {
      percent = true;
      text += '%';
      index += 1;
    } else if (suffix !== undefined && next.glued) {
      value *= suffix;
      text += next.text;
      index += 1;
    } else if (scaleWord !== undefined) {
      value *= scaleWord;
      text += ` ${next.text}`;
      index += 1;
    }
    const after = drafts[index + 1];
    if (after !== undefined && (after.kind === 'word' || after.kind === 'symbol') && CURRENCY_AFTER.has(after.text.toLowerCase())) {
      money = true;
      text += `${after.glued ? '' : ' '}${after.text}`;
      index += 1;
    }
    out.push({ ...draft, text, value, ...(money ? { money } : {}), ...(percent ? { percent } : {}) });
  }
  return out;
}

/** The text of tokens [start, end) joined by spaces. */
export function spanText(tokens: readonly Token[], start: number, end: number): string {
  return tokens.slice(start, end).map((token) => token.text).join(' ');
}

/** A verb in its past-participle form ("shipped", "written"). */
export function isParticiple(token: Token): boolean {
  return token.pos === 'VERB' && /(ed|en)$/.test(token.lower);
}

/** The word at `index` follows "is"/"are" (with "not" or an adverb between): it says what the rows are. */
export function followsBe(tokens: readonly Token[], index: number): boolean {
  let before = index - 1;
  while (before >= 0 && (tokens[before].lower === 'not' || tokens[before].pos === 'ADV')) before -= 1;
  return tokens[before]?.lemma === 'be';
}

/** Verbs that say only that their object came to be ("placed an order", "filed a claim", "made a purchase"). */
const LIGHT_VERBS: ReadonlySet<string> = new Set(['place', 'make', 'submit', 'file', 'lodge', 'raise', 'log']);

/** The word at `index` is a light verb, and the noun after it (an article or "any" between) is its object: the object says it all. */
export function objectOfLightVerb(tokens: readonly Token[], index: number): number | undefined {
  const token = tokens[index];
  if (token?.pos !== 'VERB' || !LIGHT_VERBS.has(token.lemma)) return undefined;
  let next = index + 1;
  while (['a', 'an', 'the', 'any', 'their', 'its', 'his', 'her'].includes(tokens[next]?.lower ?? '')) next += 1;
  return tokens[next]?.kind === 'word' && tokens[next]?.pos === 'NOUN' ? next : undefined;
}
