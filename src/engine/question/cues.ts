/**
 * Cue words: the parts of a question that say what to compute rather than which data — counting,
 * totals and averages, superlatives, grouping, sorting, comparisons, negation, quantifiers,
 * distinctness, what is asked for. Each cue is found with its token span; readings decide what it
 * applies to. This is the grammar of questions about data, not a vocabulary of any schema.
 */
import type { TimeGrain } from '../../query/logical-query.ts';
import { compareAt, containsAt, grainAt, pivotAt, sortAt, sortCommandAt, sortCommandKeyAt } from './cue-patterns.ts';
import { superlativeAt } from './superlatives.ts';
import type { Token } from './tokens.ts';

export type CompareOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' | 'between';

/** What a superlative or ranking word measures when it names no column itself. */
export type Concept = 'price' | 'date' | 'frequency' | 'attribute';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export type Quantifier = 'every' | 'each' | 'all' | 'any' | 'only' | 'both' | 'either' | 'some' | 'ever' | 'still';

export type CueBody =
  /**
   * how many, number of, count of. `total`: "the total number of seats" adds up a column that holds
   * counts. `share`: "what percentage of orders were cancelled" counts the rows that pass the
   * conditions said after them out of all of them.
   */
  | { readonly kind: 'count'; readonly total?: boolean; readonly share?: boolean }
  /** total, sum of, average, maximum… `howMuch`: "how much did X spend". */
  | { readonly kind: 'aggregate'; readonly aggregate: 'sum' | 'avg' | 'min' | 'max'; readonly howMuch?: boolean }
  /**
   * highest, top 5, cheapest, youngest, most, least…: `attributes` are the nouns the adjective
   * measures (youngest → age); `several` for top/bottom without a number.
   */
  | { readonly kind: 'superlative'; readonly direction: 'asc' | 'desc'; readonly limit?: number; readonly concept?: Concept; readonly attributes?: readonly string[]; readonly several?: boolean; readonly counting?: boolean }
  /** for each, per, by, grouped by. `each`: the word "each"/"every" says one row per member. */
  | { readonly kind: 'group'; readonly each?: boolean; readonly by?: boolean }
  /** sorted by, ordered by, in descending order, alphabetically. */
  /** `alphabetical`: by letters, which only text has ("in alphabetical order"). */
  | { readonly kind: 'sort'; readonly direction?: 'asc' | 'desc'; readonly by: boolean; readonly alphabetical?: boolean }
  /** "more than 5", "older than 30": `concept`/`attributes` when the comparative names what is compared (older → age). */
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly values: readonly number[]; readonly percent?: boolean; readonly money?: boolean; readonly concept?: Concept; readonly attributes?: readonly string[]; readonly against?: 'average' }
  | { readonly kind: 'negation' }
  | { readonly kind: 'distinct' }
  /** What is asked: a command (list, show) or a question word (what, which, who, when). */
  | { readonly kind: 'lead'; readonly asks: boolean; readonly person?: boolean; readonly time?: boolean; readonly place?: boolean }
  /** first 10, any 5. */
  | { readonly kind: 'limit'; readonly limit: number }
  /** containing 'x', starting with 'a', ending with the letter k. */
  | { readonly kind: 'contains'; readonly mode: 'contains' | 'starts' | 'ends'; readonly text: string }
  | { readonly kind: 'quantifier'; readonly quantifier: Quantifier }
  /** monthly, per year, by quarter: `attached` when the word itself groups. */
  | { readonly kind: 'grain'; readonly grain: TimeGrain; readonly attached: boolean }
  | { readonly kind: 'versus' }
  /**
   * A measure read across the answer's rows: growth (each period against the one before), share
   * (each group's part of the total), cumulative (a running total).
   */
  | { readonly kind: 'window'; readonly window: 'change' | 'share' | 'running_total' }
  /** "one column per year", "a column for each status", "side by side": a dimension's values as columns. */
  | { readonly kind: 'pivot'; readonly grain?: TimeGrain }
  /** "all information about", "all the details of": every column. */
  | { readonly kind: 'everything' };

export type Cue = Span & CueBody;

/** Fixed phrases → cue. Longest phrases are tried first. */
const PHRASES: readonly (readonly [string, CueBody])[] = [
  ['how many', { kind: 'count' }],
  ['number of', { kind: 'count' }],
  ['numbers of', { kind: 'count' }],
  ['count of', { kind: 'count' }],
  ['count', { kind: 'count' }],
  ['total number of', { kind: 'count', total: true }],
  ['total count of', { kind: 'count', total: true }],
  ['percentage of', { kind: 'count', share: true }],
  ['percent of', { kind: 'count', share: true }],
  ['fraction of', { kind: 'count', share: true }],
  ['how much', { kind: 'aggregate', aggregate: 'sum', howMuch: true }],
  ['total', { kind: 'aggregate', aggregate: 'sum' }],
  ['sum of', { kind: 'aggregate', aggregate: 'sum' }],
  ['sum', { kind: 'aggregate', aggregate: 'sum' }],
  ['combined', { kind: 'aggregate', aggregate: 'sum' }],
  ['in total', { kind: 'aggregate', aggregate: 'sum' }],
  ['altogether', { kind: 'aggregate', aggregate: 'sum' }],
  ['average', { kind: 'aggregate', aggregate: 'avg' }],
  ['avg', { kind: 'aggregate', aggregate: 'avg' }],
  ['mean', { kind: 'aggregate', aggregate: 'avg' }],
  ['on average', { kind: 'aggregate', aggregate: 'avg' }],
  ['maximum', { kind: 'aggregate', aggregate: 'max' }],
  ['max', { kind: 'aggregate', aggregate: 'max' }],
  ['minimum', { kind: 'aggregate', aggregate: 'min' }],
  ['min', { kind: 'aggregate', aggregate: 'min' }],
  ['for each', { kind: 'group', each: true }],
  ['for different', { kind: 'group', each: true }],
  ['for the different', { kind: 'group', each: true }],
  ['for each different', { kind: 'group', each: true }],
  ['by different', { kind: 'group', each: true }],
  ['for every', { kind: 'group', each: true }],
  ['in each', { kind: 'group', each: true }],
  ['of each', { kind: 'group', each: true }],
  ['by each', { kind: 'group', each: true }],
  ['each', { kind: 'group', each: true }],
  ['every', { kind: 'quantifier', quantifier: 'every' }],
  ['per', { kind: 'group' }],
  ['by', { kind: 'group', by: true }],
  ['broken down by', { kind: 'group' }],
  ['break down by', { kind: 'group' }],
  ['breakdown by', { kind: 'group' }],
  ['split by', { kind: 'group' }],
  ['grouped by', { kind: 'group' }],
  ['group by', { kind: 'group' }],
  ['sorted by', { kind: 'sort', by: true }],
  ['sort by', { kind: 'sort', by: true }],
  ['ordered by', { kind: 'sort', by: true }],
  ['order by', { kind: 'sort', by: true }],
  ['ranked by', { kind: 'sort', by: true }],
  ['rank by', { kind: 'sort', by: true }],
  ['sorted in', { kind: 'sort', by: false }],
  ['ordered in', { kind: 'sort', by: false }],
  ['in the order of', { kind: 'sort', by: true }],
  ['in order of', { kind: 'sort', by: true }],
  ['in descending order of', { kind: 'sort', direction: 'desc', by: true }],
  ['in ascending order of', { kind: 'sort', direction: 'asc', by: true }],
  ['in descending order', { kind: 'sort', direction: 'desc', by: false }],
  ['in ascending order', { kind: 'sort', direction: 'asc', by: false }],
  ['in decreasing order', { kind: 'sort', direction: 'desc', by: false }],
  ['in increasing order', { kind: 'sort', direction: 'asc', by: false }],
  ['in reverse alphabetical order', { kind: 'sort', direction: 'desc', by: false, alphabetical: true }],
  ['in alphabetical order', { kind: 'sort', direction: 'asc', by: false, alphabetical: true }],
  ['in alphabetic order', { kind: 'sort', direction: 'asc', by: false, alphabetical: true }],
  ['alphabetically', { kind: 'sort', direction: 'asc', by: false, alphabetical: true }],
  ['descending', { kind: 'sort', direction: 'desc', by: false }],
  ['ascending', { kind: 'sort', direction: 'asc', by: false }],
  ['decreasing', { kind: 'sort', direction: 'desc', by: false }],
  ['increasing', { kind: 'sort', direction: 'asc', by: false }],
  ['from highest to lowest', { kind: 'sort', direction: 'desc', by: false }],
  ['from lowest to highest', { kind: 'sort', direction: 'asc', by: false }],
  ['from high to low', { kind: 'sort', direction: 'desc', by: false }],
  ['from low to high', { kind: 'sort', direction: 'asc', by: false }],
  ['from largest to smallest', { kind: 'sort', direction: 'desc', by: false }],
  ['from smallest to largest', { kind: 'sort', direction: 'asc', by: false }],
  ['from oldest to newest', { kind: 'sort', direction: 'asc', by: false }],
  ['from newest to oldest', { kind: 'sort', direction: 'desc', by: false }],
  ['not', { kind: 'negation' }],
  ["n't", { kind: 'negation' }],
  ['except', { kind: 'negation' }],
  ['except for', { kind: 'negation' }],
  ['leaving out', { kind: 'negation' }],
  ['yet to', { kind: 'negation' }],
  ['still to', { kind: 'negation' }],
  ['waiting to', { kind: 'negation' }],
  ['not counting', { kind: 'negation' }],
  ['ignoring', { kind: 'negation' }],
  ['omitting', { kind: 'negation' }],
  ['excluding', { kind: 'negation' }],
  ['exclude', { kind: 'negation' }],
  ['without', { kind: 'negation' }],
  ['other than', { kind: 'negation' }],
  ['apart from', { kind: 'negation' }],
  ['aside from', { kind: 'negation' }],
  ['outside', { kind: 'negation' }],
  ['outside of', { kind: 'negation' }],
  ['not including', { kind: 'negation' }],
  ['besides', { kind: 'negation' }],
  ['non', { kind: 'negation' }],
  ['never', { kind: 'negation' }],
  ['no', { kind: 'negation' }],
  ['none', { kind: 'negation' }],
  ['neither', { kind: 'negation' }],
  ['nor', { kind: 'negation' }],
  ['unique', { kind: 'distinct' }],
  ['distinct', { kind: 'distinct' }],
  ['different', { kind: 'distinct' }],
  ['various', { kind: 'distinct' }],
  ['list', { kind: 'lead', asks: false }],
  ['show', { kind: 'lead', asks: false }],
  ['display', { kind: 'lead', asks: false }],
  ['give', { kind: 'lead', asks: false }],
  ['find', { kind: 'lead', asks: false }],
  ['return', { kind: 'lead', asks: false }],
  ['tell', { kind: 'lead', asks: false }],
  ['get', { kind: 'lead', asks: false }],
  ['fetch', { kind: 'lead', asks: false }],
  ['retrieve', { kind: 'lead', asks: false }],
  ['report', { kind: 'lead', asks: false }],
  ['identify', { kind: 'lead', asks: false }],
  ['compute', { kind: 'lead', asks: false }],
  ['calculate', { kind: 'lead', asks: false }],
  ['select', { kind: 'lead', asks: false }],
  ['which', { kind: 'lead', asks: true }],
  ['what', { kind: 'lead', asks: true }],
  ['who', { kind: 'lead', asks: true, person: true }],
  ['whom', { kind: 'lead', asks: true, person: true }],
  ['when', { kind: 'lead', asks: true, time: true }],
  ['where', { kind: 'lead', asks: true, place: true }],
  ['all information', { kind: 'everything' }],
  ['all the information', { kind: 'everything' }],
  ['all info', { kind: 'everything' }],
  ['all the info', { kind: 'everything' }],
  ['all details', { kind: 'everything' }],
  ['all the details', { kind: 'everything' }],
  ['all the detail', { kind: 'everything' }],
  ['all data', { kind: 'everything' }],
  ['all the data', { kind: 'everything' }],
  ['all attributes', { kind: 'everything' }],
  ['all the attributes', { kind: 'everything' }],
  ['all columns', { kind: 'everything' }],
  ['all the columns', { kind: 'everything' }],
  ['all fields', { kind: 'everything' }],
  ['all the fields', { kind: 'everything' }],
  ['full details', { kind: 'everything' }],
  ['everything', { kind: 'everything' }],
  ['all', { kind: 'quantifier', quantifier: 'all' }],
  ['any', { kind: 'quantifier', quantifier: 'any' }],
  ['only', { kind: 'quantifier', quantifier: 'only' }],
  ['just', { kind: 'quantifier', quantifier: 'only' }],
  ['both', { kind: 'quantifier', quantifier: 'both' }],
  ['either', { kind: 'quantifier', quantifier: 'either' }],
  ['some', { kind: 'quantifier', quantifier: 'some' }],
  ['ever', { kind: 'quantifier', quantifier: 'ever' }],
  ['still', { kind: 'quantifier', quantifier: 'still' }],
  ['growth rate', { kind: 'window', window: 'change' }],
  ['growth', { kind: 'window', window: 'change' }],
  ['share of', { kind: 'window', window: 'share' }],
  ['share', { kind: 'window', window: 'share' }],
  ['proportion of', { kind: 'window', window: 'share' }],
  ['percentage of total', { kind: 'window', window: 'share' }],
  ['percent of total', { kind: 'window', window: 'share' }],
  ['cumulative', { kind: 'window', window: 'running_total' }],
  ['cumulatively', { kind: 'window', window: 'running_total' }],
  ['running total of', { kind: 'window', window: 'running_total' }],
  ['running total', { kind: 'window', window: 'running_total' }],
  ['vs', { kind: 'versus' }],
  ['versus', { kind: 'versus' }],
  ['compared to', { kind: 'versus' }],
  ['compared with', { kind: 'versus' }],
];

const phraseTable = buildPhraseTable();

/** Single words that count or aggregate ("total", "average", "count"). */
export const AGGREGATE_WORDS: ReadonlySet<string> = new Set(PHRASES.filter(([text, body]) => !text.includes(' ') && (body.kind === 'aggregate' || body.kind === 'count')).map(([text]) => text));

/** Single words that ask for something ("list", "show", "report"). */
const REQUEST_WORDS: ReadonlySet<string> = new Set(PHRASES.filter(([text, body]) => !text.includes(' ') && body.kind === 'lead' && !body.asks).map(([text]) => text));

/** "employees who report to Ana": a request word followed by "to" relates rows; it asks for nothing. */
export function relatesRows(tokens: readonly Token[], index: number): boolean {
  return REQUEST_WORDS.has(tokens[index]?.lower ?? '') && tokens[index + 1]?.lower === 'to';
}

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

/** Every cue in the question, each with its span; spans may overlap links, which readings weigh. */
export function findCues(tokens: readonly Token[]): Cue[] {
  const cues: Cue[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const cue = cueAt(tokens, index);
    if (cue) cues.push(cue);
  }
  return cues;
}

function cueAt(tokens: readonly Token[], index: number): Cue | undefined {
  if (tokens[index].kind !== 'word' && tokens[index].kind !== 'symbol' && tokens[index].kind !== 'number') return undefined;
  const found = pivotAt(tokens, index) ?? containsAt(tokens, index) ?? compareAt(tokens, index) ?? sortAt(tokens, index) ?? sortCommandAt(tokens, index) ?? sortCommandKeyAt(tokens, index) ?? superlativeAt(tokens, index) ?? grainAt(tokens, index);
  if (found) return found;
  const word = tokens[index].lower;
  for (const { words, body } of phraseTable.get(word) ?? []) {
    if (!words.every((part, offset) => tokens[index + offset]?.lower === part)) continue;
    // "which", "who" inside a sentence relate a clause to what came before; only at its start do they ask.
    if (body.kind === 'lead' && body.asks && !opensQuestion(tokens, index)) return undefined;
    if (body.kind === 'lead' && !body.asks && relatesRows(tokens, index)) return undefined;
    return { ...body, start: index, end: index + words.length };
  }
  if (word === 'first' && isCount(tokens[index + 1])) return { kind: 'limit', limit: tokens[index + 1].value ?? 1, start: index, end: index + 2 };
  // "which 3 products…": a count right after the question word says how many to name.
  if (isCount(tokens[index]) && index > 0 && ['which', 'what'].includes(tokens[index - 1].lower)) return { kind: 'limit', limit: tokens[index].value ?? 1, start: index, end: index + 1 };
  // "the 3 accounts with the most employees": a count after "the", before the rows a superlative later ranks.
  if (isCount(tokens[index]) && tokens[index - 1]?.lower === 'the' && tokens[index + 1]?.pos === 'NOUN' && rankedLater(tokens, index + 2)) {
    return { kind: 'limit', limit: tokens[index].value ?? 1, start: index, end: index + 1 };
  }
  return undefined;
}

/** A superlative of no length of its own ("the most", "the highest") somewhere from `from` on. */
function rankedLater(tokens: readonly Token[], from: number): boolean {
  for (let index = from; index < tokens.length; index += 1) {
    const cue = superlativeAt(tokens, index);
    if (cue?.kind === 'superlative' && cue.limit === undefined) return true;
  }
  return false;
}

/** Words that may come before the question word of a question ("In which year…", "Can you tell me what…"). */
const BEFORE_QUESTION_WORD = new Set(['in', 'from', 'for', 'on', 'at', 'of', 'to', 'by', 'with', 'during', 'please', 'can', 'could', 'would', 'you', 'tell', 'me', 'us', 'show', 'and', 'so', 'ok', 'okay', 'hi', 'hey', 'now']);

function opensQuestion(tokens: readonly Token[], index: number): boolean {
  for (let position = 0; position < index; position += 1) {
    if (!BEFORE_QUESTION_WORD.has(tokens[position].lower)) return false;
  }
  return true;
}

export function isCount(token: Token | undefined): token is Token {
  return token?.kind === 'number' && Number.isInteger(token.value) && (token.value ?? 0) > 0 && (token.value ?? 0) <= 10_000 && !token.percent;
}
