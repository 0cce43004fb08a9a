/**
 * The value index: distinct values of low-cardinality text columns, indexed by their first word
 * so that a question finds "Germany" or "cancelled" with one map lookup per word, whatever the
 * number of values. Built once per value list and cached.
 */
import type { ColumnValues } from '../../connectors/catalog.ts';
import { lemmaOf } from '../language/nlp.ts';
import { nameWordsOf } from './schema-words.ts';

export interface ValueEntry {
  readonly entity: string;
  readonly column: string;
  /** The value exactly as stored. */
  readonly value: string;
  /** Lemmas of the value's words. */
  readonly words: readonly string[];
  /** How many distinct values the column holds (in the index). */
  readonly columnValues: number;
}

export interface ValueIndex {
  /** First word lemma → values starting with it, longest first. */
  readonly byFirstWord: ReadonlyMap<string, readonly ValueEntry[]>;
  /** Text columns that hold a yes and a no and nothing else (see yesValueOf), by columnKey → the stored yes. */
  readonly yesValues: ReadonlyMap<string, string>;
  /** How many values each indexed column holds (placeholders aside), by columnKey. */
  readonly valueCounts: ReadonlyMap<string, number>;
}

export function columnKey(entity: string, column: string): string {
  return `${entity}.${column}`;
}

/** The ways a text column writes yes and no (`fda_approved` 'Yes'/'No', `active_flg` 'Y'/'N'). */
const YES_NO_PAIRS: readonly (readonly [string, string])[] = [['yes', 'no'], ['y', 'n'], ['true', 'false'], ['t', 'f']];

/** The stored yes of a column whose values are exactly one yes/no pair (placeholders aside), whatever their case. */
export function yesValueOf(values: readonly string[]): string | undefined {
  const said = values.filter((value) => !PLACEHOLDERS.has(value.trim().toLowerCase()));
  const lower = new Set(said.map((value) => value.trim().toLowerCase()));
  const pair = YES_NO_PAIRS.find(([yes, no]) => lower.size === 2 && lower.has(yes) && lower.has(no));
  return pair === undefined ? undefined : said.find((value) => value.trim().toLowerCase() === pair[0]);
}

/** At most this many values are indexed, so memory stays bounded on very large catalogs. */
const MAX_VALUES = 500_000;
const MAX_VALUE_WORDS = 8;
/** Words that never make a value worth linking on their own. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from', 'and', 'or', 'is', 'are', 'was', 'were',
  'be', 'it', 'its', 'this', 'that', 'these', 'those', 'i', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'he', 'she',
  'they', 'them', 'their', 'what', 'which', 'who', 'how', 'do', 'does', 'did', 'have', 'has', 'had', 'not', 'no', 'as',
  'than', 'then', 'there', 'here', 'if', 'so', 'all', 'any', 'each', 'every', 'some', 'none', 'null', 'n/a', 'na',
]);

const cache = new WeakMap<readonly ColumnValues[], ValueIndex>();

export function valueIndexOf(values: readonly ColumnValues[]): ValueIndex {
  const cached = cache.get(values);
  if (cached) return cached;
  const built = buildValueIndex(values);
  cache.set(values, built);
  return built;
}

/** Placeholders written for "no value": never a value a question names. */
const PLACEHOLDERS = new Set(['n/a', 'na', 'n.a.', 'none', 'null', '-', 'unknown', 'tbd']);

/** Lemmas of a value's words: "Sales Representatives" → sale, representative. */
export function valueWords(value: string): string[] {
  return value.split(/[^A-Za-z0-9À-ÿ]+/).filter((word) => word.length > 0).map((word) => (/^[0-9]+$/.test(word) ? word : lemmaOf(word)));
}

function buildValueIndex(values: readonly ColumnValues[]): ValueIndex {
  const byFirstWord = new Map<string, ValueEntry[]>();
  const yesValues = new Map<string, string>();
  const valueCounts = new Map<string, number>();
  let count = 0;
  for (const column of values) {
    valueCounts.set(columnKey(column.entity, column.column), column.values.filter((value) => !PLACEHOLDERS.has(value.trim().toLowerCase())).length);
    const yes = yesValueOf(column.values);
    if (yes !== undefined) yesValues.set(columnKey(column.entity, column.column), yes);
    for (const value of column.values) {
      if (count >= MAX_VALUES) break;
      const words = indexedWords(value);
      if (PLACEHOLDERS.has(value.trim().toLowerCase()) || !isLinkable(value, words)) continue;
      const list = byFirstWord.get(words[0]) ?? [];
      list.push({ entity: column.entity, column: column.column, value, words, columnValues: column.values.length });
      byFirstWord.set(words[0], list);
      count += 1;
    }
  }
  for (const entry of [...genderCodeEntries(values), ...countryCodeEntries(values)]) byFirstWord.set(entry.words[0], [...(byFirstWord.get(entry.words[0]) ?? []), entry]);
  for (const list of byFirstWord.values()) list.sort((left, right) => right.words.length - left.words.length);
  return { byFirstWord, yesValues, valueCounts };
}

/** The words of the sexes that a column of sex or gender writes as one letter. */
const SEX_CODE_WORDS: Readonly<Record<string, readonly string[]>> = { f: ['female', 'woman'], m: ['male', 'man'] };

/**
 * "female students" where `student.sex` holds 'F' and 'M': a one-letter code of a column named for
 * sex or gender is read by the words it stands for. Only a column whose every value is such a code
 * (placeholders and a third letter for unknown aside) qualifies.
 */
function genderCodeEntries(values: readonly ColumnValues[]): ValueEntry[] {
  const entries: ValueEntry[] = [];
  for (const column of values) {
    if (!/(^|_|\b)(sex|gender)(_|$)/i.test(column.column)) continue;
    const codes = column.values.map((value) => value.trim()).filter((value) => !PLACEHOLDERS.has(value.toLowerCase()));
    if (!codes.some((value) => value.toLowerCase() === 'f') || !codes.some((value) => value.toLowerCase() === 'm') || codes.some((value) => value.length > 1)) continue;
    for (const value of codes) {
      for (const word of SEX_CODE_WORDS[value.toLowerCase()] ?? []) entries.push({ entity: column.entity, column: column.column, value, words: [word], columnValues: column.values.length });
    }
  }
  return entries;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Whether a column's name words say it holds countries. */
export function namesCountries(words: readonly string[]): boolean {
  return words.some((word) => word === 'country' || word === 'nation');
}

/** The English name of a two-letter region code ('DE' → Germany); undefined for anything else. */
export function regionName(code: string): string | undefined {
  return /^[A-Z]{2}$/.test(code) ? REGION_NAMES.of(code) : undefined;
}

/**
 * "customers in Germany" where `cust.cntry_cd` holds 'DE': a column named for a country whose every
 * value is a two-letter region code (ISO 3166) is also read by the English names of its codes.
 */
function countryCodeEntries(values: readonly ColumnValues[]): ValueEntry[] {
  const entries: ValueEntry[] = [];
  for (const column of values) {
    if (!namesCountries(nameWordsOf(column.column).words)) continue;
    const codes = column.values.map((value) => value.trim()).filter((value) => !PLACEHOLDERS.has(value.toLowerCase()));
    const names = codes.map(regionName);
    if (codes.length === 0 || names.some((name) => name === undefined)) continue;
    codes.forEach((value, index) => entries.push({ entity: column.entity, column: column.column, value, words: valueWords(names[index]!), columnValues: column.values.length }));
  }
  return entries;
}

/**
 * A value's words as the question's words are matched to them: lemmas, except a one-word value whose
 * lemma alone is a function word, kept as written ("done" is a status; "do" and "did" do not say
 * it). A value that is itself a function word ("No", "All") is never linked.
 */
function indexedWords(value: string): string[] {
  const words = valueWords(value);
  const written = value.trim().toLowerCase();
  // A code in capitals that spells a function word ("AS", "OR", "IN"): matched only as written, in capitals.
  if (words.length === 1 && FUNCTION_WORDS.has(words[0]) && CAPITALS_CODE.test(value.trim())) return [value.trim()];
  return words.length === 1 && FUNCTION_WORDS.has(words[0]) && !FUNCTION_WORDS.has(written) && /^[a-z]+$/.test(written) ? [written] : words;
}

export const CAPITALS_CODE = /^[A-Z]{2,}$/;

/** Values a question can name: words, not bare numbers or single letters. */
function isLinkable(value: string, words: readonly string[]): boolean {
  if (words.length === 0 || words.length > MAX_VALUE_WORDS || value.length > 80) return false;
  if (words.every((word) => /^[0-9]+$/.test(word))) return false;
  if (words.length === 1 && (words[0].length < 2 || FUNCTION_WORDS.has(words[0]))) return false;
  return true;
}
