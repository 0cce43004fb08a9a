/**
 * The value index: distinct values of low-cardinality text columns, indexed by their first word
 * so that a question finds "Germany" or "cancelled" with one map lookup per word, whatever the
 * number of values. Built once per value list and cached.
 */
import type { ColumnValues } from '../connectors/catalog.ts';
import { FILLER_WORDS, FUNCTION_WORDS } from './lexicon.ts';
import { lemma } from './words.ts';

export interface ValueEntry {
  readonly entity: string;
  readonly column: string;
  /** The value exactly as stored. */
  readonly value: string;
  /** Lemmas of the value's words. */
  readonly words: readonly string[];
  /** Every word is also an everyday filler ("done", "current"): linked only where a value is expected. */
  readonly filler: boolean;
}

export interface ValueIndex {
  /** First word lemma → values starting with it, longest first. */
  readonly byFirstWord: ReadonlyMap<string, readonly ValueEntry[]>;
}

/** At most this many values are indexed, so memory stays bounded on very large catalogs. */
const MAX_VALUES = 500_000;
const MAX_VALUE_WORDS = 8;

const cache = new WeakMap<readonly ColumnValues[], ValueIndex>();

export function valueIndexOf(values: readonly ColumnValues[]): ValueIndex {
  const cached = cache.get(values);
  if (cached) return cached;
  const built = buildValueIndex(values);
  cache.set(values, built);
  return built;
}

export function valueWords(value: string): string[] {
  return value.split(/[^A-Za-z0-9À-ÿ]+/).filter((word) => word.length > 0).map((word) => lemma(word));
}

function buildValueIndex(values: readonly ColumnValues[]): ValueIndex {
  const byFirstWord = new Map<string, ValueEntry[]>();
  let count = 0;
  for (const column of values) {
    for (const value of column.values) {
      if (count >= MAX_VALUES) break;
      const words = valueWords(value);
      if (!isLinkable(value, words)) continue;
      const list = byFirstWord.get(words[0]) ?? [];
      list.push({ entity: column.entity, column: column.column, value, words, filler: words.every((word) => FILLER_WORDS.has(word)) });
      byFirstWord.set(words[0], list);
      count += 1;
    }
  }
  for (const list of byFirstWord.values()) list.sort((left, right) => right.words.length - left.words.length);
  return { byFirstWord };
}

/** Values a question can name: words, not bare numbers, fillers or single letters. */
function isLinkable(value: string, words: readonly string[]): boolean {
  if (words.length === 0 || words.length > MAX_VALUE_WORDS || value.length > 80) return false;
  if (words.every((word) => /^[0-9]+$/.test(word))) return false;
  if (words.length === 1 && (words[0].length < 2 || FUNCTION_WORDS.has(words[0]))) return false;
  return true;
}
