/**
 * Cue words: the parts of a question that say what to compute rather than what data to use —
 * counting, totals, averages, ranking, grouping, comparisons, negation, distinctness, time grain.
 * Each cue is found with its token span; the reader (read.ts) combines them with linked mentions.
 */
import type { TimeGrain } from '../query/logical-query.ts';
import type { Concept } from './thesaurus.ts';
import { compareAt, containsAt, grainAt } from './cue-patterns.ts';
import type { Token } from './tokenize.ts';

export type CompareOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';

interface Span {
  readonly start: number;
  readonly end: number;
}

export type Cue = Span & (
  /** `howMuch`: "how much did customers spend" names the spenders before the money. */
  | { readonly kind: 'aggregate'; readonly aggregate: 'count' | 'sum' | 'avg'; readonly howMuch?: boolean }
  /** highest, top 5, cheapest, most recent…: `aggregateWord` marks max/min spelled as such. */
  | { readonly kind: 'extreme'; readonly direction: 'asc' | 'desc'; readonly limit?: number; readonly concept?: Concept; readonly ranking: boolean; readonly aggregateWord: boolean; readonly magnitude?: boolean; readonly several?: boolean }
  /** `each`: "for each customer" may ask for one row per customer rather than a breakdown. */
  | { readonly kind: 'group'; readonly each?: boolean; readonly by?: boolean }
  | { readonly kind: 'sort'; readonly direction?: 'asc' | 'desc' }
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly values: readonly number[] }
  | { readonly kind: 'negation' }
  | { readonly kind: 'distinct' }
  /** `asks`: a question word ("which", "what are", "who") rather than a command ("list", "show"). */
  /** `person`: "who", which asks for someone named, not for rows that have no name. */
  | { readonly kind: 'list'; readonly asks?: boolean; readonly weak?: boolean; readonly person?: boolean }
  /** `attached`: the word already groups ("monthly", "per month"); otherwise it needs a "by". */
  | { readonly kind: 'grain'; readonly grain: TimeGrain; readonly attached: boolean }
  | { readonly kind: 'versus' }
  | { readonly kind: 'limit'; readonly limit: number }
  /** "containing the letter a", "contains 'smith'": a text filter. */
  | { readonly kind: 'contains'; readonly text: string }
);

type CueBody = Cue extends infer C ? (C extends Span ? Omit<C, 'start' | 'end'> : never) : never;

/** Fixed phrases → cue. Longest phrases are tried first. */
const PHRASES: readonly (readonly [string, CueBody])[] = [
  ['how many', { kind: 'aggregate', aggregate: 'count' }],
  ['number of', { kind: 'aggregate', aggregate: 'count' }],
  ['count of', { kind: 'aggregate', aggregate: 'count' }],
  ['count', { kind: 'aggregate', aggregate: 'count' }],
  ['how much', { kind: 'aggregate', aggregate: 'sum', howMuch: true }],
  ['total number of', { kind: 'aggregate', aggregate: 'count' }],
  ['total', { kind: 'aggregate', aggregate: 'sum' }],
  ['sum of', { kind: 'aggregate', aggregate: 'sum' }],
  ['sum', { kind: 'aggregate', aggregate: 'sum' }],
  ['combined', { kind: 'aggregate', aggregate: 'sum' }],
  ['in total', { kind: 'aggregate', aggregate: 'sum' }],
  ['average', { kind: 'aggregate', aggregate: 'avg' }],
  ['avg', { kind: 'aggregate', aggregate: 'avg' }],
  ['mean', { kind: 'aggregate', aggregate: 'avg' }],
  ['on average', { kind: 'aggregate', aggregate: 'avg' }],
  ['maximum', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: true }],
  ['max', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: true }],
  ['minimum', { kind: 'extreme', direction: 'asc', ranking: false, aggregateWord: true }],
  ['min', { kind: 'extreme', direction: 'asc', ranking: false, aggregateWord: true }],
  ['highest', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: false, magnitude: true }],
  ['largest', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: false, magnitude: true }],
  ['biggest', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: false, magnitude: true }],
  ['greatest', { kind: 'extreme', direction: 'desc', ranking: false, aggregateWord: false, magnitude: true }],
  ['most', { kind: 'extreme', direction: 'desc', ranking: true, aggregateWord: false }],
  ['lowest', { kind: 'extreme', direction: 'asc', ranking: false, aggregateWord: false, magnitude: true }],
  ['smallest', { kind: 'extreme', direction: 'asc', ranking: false, aggregateWord: false, magnitude: true }],
  ['least', { kind: 'extreme', direction: 'asc', ranking: true, aggregateWord: false }],
  ['fewest', { kind: 'extreme', direction: 'asc', ranking: true, aggregateWord: false }],
  ['top', { kind: 'extreme', direction: 'desc', ranking: true, aggregateWord: false, several: true }],
  ['best', { kind: 'extreme', direction: 'desc', ranking: true, aggregateWord: false }],
  ['bottom', { kind: 'extreme', direction: 'asc', ranking: true, aggregateWord: false, several: true }],
  ['worst', { kind: 'extreme', direction: 'asc', ranking: true, aggregateWord: false }],
  ['cheapest', { kind: 'extreme', direction: 'asc', concept: 'price', ranking: true, aggregateWord: false }],
  ['least expensive', { kind: 'extreme', direction: 'asc', concept: 'price', ranking: true, aggregateWord: false }],
  ['most expensive', { kind: 'extreme', direction: 'desc', concept: 'price', ranking: true, aggregateWord: false }],
  ['priciest', { kind: 'extreme', direction: 'desc', concept: 'price', ranking: true, aggregateWord: false }],
  ['costliest', { kind: 'extreme', direction: 'desc', concept: 'price', ranking: true, aggregateWord: false }],
  ['most recent', { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false }],
  ['latest', { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false }],
  ['newest', { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false }],
  ['oldest', { kind: 'extreme', direction: 'asc', concept: 'date', ranking: true, aggregateWord: false }],
  ['earliest', { kind: 'extreme', direction: 'asc', concept: 'date', ranking: true, aggregateWord: false }],
  ['most common', { kind: 'extreme', direction: 'desc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['most frequent', { kind: 'extreme', direction: 'desc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['most frequently', { kind: 'extreme', direction: 'desc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['most often', { kind: 'extreme', direction: 'desc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['most popular', { kind: 'extreme', direction: 'desc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['least common', { kind: 'extreme', direction: 'asc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['least frequent', { kind: 'extreme', direction: 'asc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['least frequently', { kind: 'extreme', direction: 'asc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['least popular', { kind: 'extreme', direction: 'asc', concept: 'frequency', ranking: true, aggregateWord: false }],
  ['most recently', { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false }],
  ['best selling', { kind: 'extreme', direction: 'desc', concept: 'money', ranking: true, aggregateWord: false }],
  ['top selling', { kind: 'extreme', direction: 'desc', concept: 'money', ranking: true, aggregateWord: false }],
  ['by', { kind: 'group', by: true }],
  ['per', { kind: 'group' }],
  ['for each', { kind: 'group', each: true }],
  ['for every', { kind: 'group', each: true }],
  ['in each', { kind: 'group', each: true }],
  ['each', { kind: 'group', each: true }],
  ['by each', { kind: 'group', each: true }],
  ['broken down by', { kind: 'group' }],
  ['break down by', { kind: 'group' }],
  ['breakdown by', { kind: 'group' }],
  ['split by', { kind: 'group' }],
  ['grouped by', { kind: 'group' }],
  ['group by', { kind: 'group' }],
  ['across', { kind: 'group' }],
  ['sorted by', { kind: 'sort' }],
  ['sort by', { kind: 'sort' }],
  ['ordered by', { kind: 'sort' }],
  ['ranked by', { kind: 'sort' }],
  ['in the order of', { kind: 'sort' }],
  ['in order of', { kind: 'sort' }],
  ['in descending order', { kind: 'sort', direction: 'desc' }],
  ['in ascending order', { kind: 'sort', direction: 'asc' }],
  ['descending', { kind: 'sort', direction: 'desc' }],
  ['ascending', { kind: 'sort', direction: 'asc' }],
  ['alphabetically', { kind: 'sort', direction: 'asc' }],
  ['in alphabetical order', { kind: 'sort', direction: 'asc' }],
  ['not', { kind: 'negation' }],
  ['except', { kind: 'negation' }],
  ['except for', { kind: 'negation' }],
  ['excluding', { kind: 'negation' }],
  ['exclude', { kind: 'negation' }],
  ['without', { kind: 'negation' }],
  ['other than', { kind: 'negation' }],
  ['apart from', { kind: 'negation' }],
  ['besides', { kind: 'negation' }],
  ['non', { kind: 'negation' }],
  ['outside', { kind: 'negation' }],
  ['outside of', { kind: 'negation' }],
  ['never', { kind: 'negation' }],
  ['no', { kind: 'negation' }],
  ['unique', { kind: 'distinct' }],
  ['distinct', { kind: 'distinct' }],
  ['different', { kind: 'distinct' }],
  ['list', { kind: 'list' }],
  ['show', { kind: 'list' }],
  ['display', { kind: 'list' }],
  ['give me', { kind: 'list' }],
  ['which', { kind: 'list', asks: true }],
  ['who', { kind: 'list', asks: true, person: true }],
  ['what are', { kind: 'list', asks: true }],
  ['what is', { kind: 'list', asks: true, weak: true }],
  ['what', { kind: 'list', asks: true, weak: true }],
  ['find', { kind: 'list' }],
  ['vs', { kind: 'versus' }],
  ['versus', { kind: 'versus' }],
  ['compared to', { kind: 'versus' }],
  ['compared with', { kind: 'versus' }],
  ['against', { kind: 'versus' }],
];

const phraseTable = buildPhraseTable();

function buildPhraseTable(): Map<string, { words: string[]; body: CueBody }[]> {
  const table = new Map<string, { words: string[]; body: CueBody }[]>();
  for (const [text, body] of PHRASES) {
    const words = text.split(' ');
    const list = table.get(words[0]) ?? [];
    list.push({ words, body });
    list.sort((left, right) => right.words.length - left.words.length);
    table.set(words[0], list);
  }
  return table;
}

/** All cues in the question, each with its span; spans may overlap other findings (see read.ts). */
export function findCues(tokens: readonly Token[]): Cue[] {
  const cues: Cue[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const cue = cueAt(tokens, index);
    if (cue) cues.push(cue);
  }
  return cues;
}

function cueAt(tokens: readonly Token[], index: number): Cue | undefined {
  const word = tokens[index].lower;
  const contains = containsAt(tokens, index);
  if (contains) return contains;
  const compare = compareAt(tokens, index);
  if (compare) return compare;
  const grain = grainAt(tokens, index);
  if (grain) return grain;
  for (const { words, body } of phraseTable.get(word) ?? []) {
    if (!words.every((part, offset) => tokens[index + offset]?.lower === part)) continue;
    const end = index + words.length;
    if (body.kind === 'extreme') return withLimit(tokens, index, end, body);
    return { ...body, start: index, end };
  }
  if ((word === 'last' || word === 'latest') && !isCount(tokens[index + 1])) {
    return { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false, start: index, end: index + 1 };
  }
  if (word === 'first' && !isCount(tokens[index + 1]) && tokens[index - 1]?.lower === 'the' && !['and', 'or', ',', 'name', 'names', 'half', 'quarter'].includes(tokens[index + 1]?.lower ?? '')) {
    const skip = tokens[index + 1]?.lower === 'ever' ? 2 : 1;
    return { kind: 'extreme', direction: 'asc', concept: 'date', ranking: true, aggregateWord: false, start: index, end: index + skip };
  }
  if ((word === 'first' || word === 'last') && isCount(tokens[index + 1])) {
    return word === 'first'
      ? { kind: 'limit', limit: tokens[index + 1].value ?? 1, start: index, end: index + 2 }
      : { kind: 'extreme', direction: 'desc', concept: 'date', ranking: true, aggregateWord: false, limit: tokens[index + 1].value ?? 1, start: index, end: index + 2 };
  }
  return undefined;
}

/** "top 5", "5 largest", "the 3 most recent": attaches the count to the ranking cue. */
function withLimit(tokens: readonly Token[], start: number, end: number, body: CueBody & { kind: 'extreme' }): Cue {
  const after = tokens[end];
  if (isCount(after)) return { ...body, ranking: true, limit: after.value ?? 1, start, end: end + 1 };
  const before = tokens[start - 1];
  if (isCount(before)) return { ...body, ranking: true, limit: before.value ?? 1, start: start - 1, end };
  return { ...body, start, end };
}

function isCount(token: Token | undefined): token is Token {
  return token?.kind === 'number' && Number.isInteger(token.value) && (token.value ?? 0) > 0 && (token.value ?? 0) <= 10_000 && !token.percent;
}
