/**
 * Splits a question into tokens: words (lower-cased, with a lemma), numbers (digits, "1,000",
 * "5k", "12.5%", and written-out "twenty five"), ISO dates, quoted strings and comparison symbols.
 */
import { isNumberWord, numberFromWords } from './lexicon.ts';
import { lemma } from './words.ts';

export type TokenKind = 'word' | 'number' | 'date' | 'quoted' | 'symbol';

export interface Token {
  /** Position in the token list. */
  readonly index: number;
  readonly kind: TokenKind;
  /** The text as written (without quotes for quoted strings). */
  readonly text: string;
  readonly lower: string;
  /** Lower-case singular; for numbers and symbols the same as `lower`. */
  readonly lemma: string;
  /** Numeric value for `number` tokens. */
  readonly value?: number;
  /** True when a number was written with a percent sign. */
  readonly percent?: boolean;
}

const TOKEN_PATTERN =
  /"([^"]*)"|“([^”]*)”|(?<![A-Za-z])'([^']{2,})'(?![A-Za-z])|‘([^’]*)’|(\d{4}-\d{2}(?:-\d{2})?)(?![\d])|([$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[km](?![a-z]))?%?)|([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9]*(?:'[a-z]+)?)|(>=|<=|!=|<>|[<>=%#?,/&+])/gi;

const CONTRACTIONS: Record<string, readonly string[]> = {
  "n't": ['not'], "'s": [], "'re": ['are'], "'ve": ['have'], "'ll": ['will'], "'d": ['would'], "'m": ['am'],
};

const IRREGULAR_NEGATIVES: Record<string, readonly string[]> = {
  "can't": ['can', 'not'], "won't": ['will', 'not'], "cannot": ['can', 'not'], "shan't": ['shall', 'not'],
};

export function tokenize(question: string): Token[] {
  const raw: { kind: TokenKind; text: string; value?: number; percent?: boolean }[] = [];
  const normalised = question.replace(/\be-mail/gi, 'email').replace(/[–—]/g, '-');
  for (const match of normalised.matchAll(TOKEN_PATTERN)) {
    const quoted = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (quoted !== undefined) {
      if (quoted.trim().length > 0) raw.push({ kind: 'quoted', text: quoted.trim() });
    } else if (match[5]) {
      raw.push({ kind: 'date', text: match[5] });
    } else if (match[6]) {
      raw.push(numberToken(match[6]));
    } else if (match[7]) {
      raw.push(...wordTokens(match[7]));
    } else if (match[8]) {
      raw.push({ kind: 'symbol', text: match[8] });
    }
  }
  return joinScales(joinNumberWords(raw)).map((token, index) => {
    const lower = token.text.toLowerCase();
    return {
      index,
      kind: token.kind,
      text: token.text,
      lower,
      lemma: token.kind === 'word' ? lemma(lower) : lower,
      ...(token.value !== undefined ? { value: token.value } : {}),
      ...(token.percent ? { percent: true } : {}),
    };
  });
}

function numberToken(text: string): { kind: TokenKind; text: string; value: number; percent?: boolean } {
  const percent = text.endsWith('%');
  let body = text.replace(/^[$€£]/, '').replace(/%$/, '').replace(/,/g, '');
  let scale = 1;
  if (/k$/i.test(body)) {
    scale = 1_000;
    body = body.slice(0, -1);
  } else if (/m$/i.test(body)) {
    scale = 1_000_000;
    body = body.slice(0, -1);
  }
  const value = Number(body) * scale;
  return { kind: 'number', text, value, ...(percent ? { percent } : {}) };
}

function wordTokens(word: string): { kind: TokenKind; text: string }[] {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_NEGATIVES[lower];
  if (irregular) return irregular.map((text) => ({ kind: 'word', text }));
  for (const [suffix, replacement] of Object.entries(CONTRACTIONS)) {
    if (lower.endsWith(suffix) && lower.length > suffix.length) {
      const stem = word.slice(0, word.length - suffix.length);
      return [{ kind: 'word', text: stem }, ...replacement.map((text) => ({ kind: 'word' as const, text }))];
    }
  }
  return [{ kind: 'word', text: word.replace(/'.*$/, '') }];
}

/** Joins runs of written-out number words into one number token ("twenty five" → 25). */
function joinNumberWords(
  raw: { kind: TokenKind; text: string; value?: number; percent?: boolean }[],
): { kind: TokenKind; text: string; value?: number; percent?: boolean }[] {
  const result: { kind: TokenKind; text: string; value?: number; percent?: boolean }[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    const token = raw[index];
    const lower = token.text.toLowerCase();
    if (token.kind !== 'word' || !isNumberWord(lower) || (lower === 'one' && !countsAsNumber(raw, index))) {
      result.push(token);
      continue;
    }
    let end = index;
    while (end + 1 < raw.length && raw[end + 1].kind === 'word' && isNumberWord(raw[end + 1].text.toLowerCase())) end += 1;
    const words = raw.slice(index, end + 1).map((part) => part.text.toLowerCase());
    const value = numberFromWords(words);
    if (value === undefined) {
      result.push(token);
      continue;
    }
    // "a dozen", "a hundred": the article belongs to the number.
    if (result.length > 0 && result[result.length - 1].text.toLowerCase() === 'a' && /dozen|hundred|thousand|million/.test(words[0])) result.pop();
    result.push({ kind: 'number', text: words.join(' '), value });
    index = end;
  }
  return result;
}

/** "one" is a number after a ranking word ("top one") or before another number word. */
function countsAsNumber(raw: readonly { text: string }[], index: number): boolean {
  const previous = raw[index - 1]?.text.toLowerCase();
  const next = raw[index + 1]?.text.toLowerCase();
  return previous === 'top' || previous === 'bottom' || previous === 'than' || previous === 'least' || previous === 'most' || (next !== undefined && isNumberWord(next));
}

const SCALE_WORDS: Record<string, number> = { thousand: 1_000, million: 1_000_000, mio: 1_000_000, billion: 1_000_000_000, bn: 1_000_000_000 };

/** "3 million", "2.5 thousand": a number followed by its scale. */
function joinScales(raw: { kind: TokenKind; text: string; value?: number; percent?: boolean }[]): { kind: TokenKind; text: string; value?: number; percent?: boolean }[] {
  const result: { kind: TokenKind; text: string; value?: number; percent?: boolean }[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    const token = raw[index];
    const scale = SCALE_WORDS[raw[index + 1]?.text.toLowerCase() ?? ''];
    if (token.kind === 'number' && token.value !== undefined && scale !== undefined && /\d/.test(token.text)) {
      result.push({ kind: 'number', text: `${token.text} ${raw[index + 1].text}`, value: token.value * scale });
      index += 1;
      continue;
    }
    result.push(token);
  }
  return result;
}

/** The text of tokens [start, end) joined by spaces. */
export function spanText(tokens: readonly Token[], start: number, end: number): string {
  return tokens.slice(start, end).map((token) => token.text).join(' ');
}
