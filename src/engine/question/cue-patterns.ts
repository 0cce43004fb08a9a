/** Cue patterns with arguments: numeric comparisons, text containment, time grains. */
import type { TimeGrain } from '../../query/logical-query.ts';
import type { CompareOp, Cue } from './cues.ts';
import { wordTable } from '../language/word-table.ts';
import { rankingOf } from './superlatives.ts';
import type { Token } from './tokens.ts';

const GRAIN_WORDS = wordTable<TimeGrain>({ year: 'year', quarter: 'quarter', month: 'month', week: 'week', day: 'day' });
const GRAIN_ADVERBS = wordTable<TimeGrain>({
  yearly: 'year', annual: 'year', annually: 'year', quarterly: 'quarter', monthly: 'month', weekly: 'week', daily: 'day',
});

const CONTAINS_WORDS = wordTable<'contains' | 'starts' | 'ends'>({
  contain: 'contains', contains: 'contains', containing: 'contains', include: 'contains', includes: 'contains', including: 'contains', like: 'contains',
  start: 'starts', starts: 'starts', starting: 'starts', begin: 'starts', begins: 'starts', beginning: 'starts',
  end: 'ends', ends: 'ends', ending: 'ends',
});
const CONTAINS_NOUNS = new Set(['letter', 'letters', 'word', 'string', 'substring', 'text', 'character', 'characters', 'phrase', 'prefix', 'suffix']);

/** "containing the letter e", "contains 'smith'", "starting with 'A'", "ends with the letter k". */
export function containsAt(tokens: readonly Token[], index: number): Cue | undefined {
  // "has the letter 'e'", "with the substring 'x'": a possession verb before a text noun.
  const having = ['has', 'have', 'having', 'with'].includes(tokens[index].lower)
    && CONTAINS_NOUNS.has(tokens[index + (['the', 'a'].includes(tokens[index + 1]?.lower ?? '') ? 2 : 1)]?.lower ?? '');
  const mode = having ? 'contains' : CONTAINS_WORDS.get(tokens[index].lower);
  if (!mode) return undefined;
  let position = index + 1;
  if (tokens[position]?.lower === 'with') position += 1;
  // An article, unless it is the letter itself: "with A", "with \"A\"", "with a" at the end.
  const article = tokens[position]?.kind === 'word' && (tokens[position].text === 'the' || tokens[position].text === 'a') && tokens[position + 1] !== undefined;
  if (article) position += 1;
  const noun = CONTAINS_NOUNS.has(tokens[position]?.lower ?? '');
  if (noun) position += 1;
  const target = tokens[position];
  // A bare word after "containing" is a value or a schema word; only a quoted text or a letter after "letter" is a pattern.
  // "starts with K": a single letter is a pattern too.
  const letter = target?.kind === 'word' && target.text.length === 1 && mode !== 'contains';
  if (!target || !(target.kind === 'quoted' || letter || (noun && (target.kind === 'word' || target.kind === 'number')))) return undefined;
  return { kind: 'contains', mode, text: target.text.replace(/^%|%$/g, ''), start: index, end: position + 1 };
}

const COMPARE_PHRASES: readonly (readonly [string, CompareOp])[] = [
  ['more than', 'gt'], ['greater than', 'gt'], ['higher than', 'gt'], ['larger than', 'gt'], ['bigger than', 'gt'], ['longer than', 'gt'],
  ['older than', 'gt'], ['heavier than', 'gt'], ['taller than', 'gt'], ['later than', 'gt'], ['after', 'gt'],
  ['over', 'gt'], ['above', 'gt'], ['exceeding', 'gt'], ['exceeds', 'gt'], ['exceed', 'gt'], ['in excess of', 'gt'],
  ['upwards of', 'gt'], ['>', 'gt'], ['at least', 'gte'], ['no less than', 'gte'], ['not less than', 'gte'],
  ['>=', 'gte'], ['minimum of', 'gte'], ['less than', 'lt'], ['fewer than', 'lt'], ['lower than', 'lt'],
  ['smaller than', 'lt'], ['cheaper than', 'lt'], ['shorter than', 'lt'], ['younger than', 'lt'], ['earlier than', 'lt'], ['before', 'lt'],
  ['under', 'lt'], ['below', 'lt'], ['<', 'lt'], ['at most', 'lte'], ['at or below', 'lte'], ['at or under', 'lte'], ['at or above', 'gte'],
  ['no more than', 'lte'], ['not more than', 'lte'], ['up to', 'lte'], ['<=', 'lte'], ['maximum of', 'lte'],
  ['equal to', 'eq'], ['equals', 'eq'], ['equal', 'eq'], ['exactly', 'eq'], ['=', 'eq'],
  ['!=', 'neq'], ['<>', 'neq'], ['not equal to', 'neq'], ['different from', 'neq'], ['other than', 'neq'],
];

const POSSESSIVES: ReadonlySet<string> = new Set(['their', 'its', 'his', 'her']);
/** One-word comparisons with no other sense in a question about data ("over" and "under" also say periods and places). */
const ALWAYS_COMPARING: ReadonlySet<string> = new Set(['above', 'below', 'exceeding', 'exceeds', 'exceed']);

/** Comparatives that say only more or less; the column comes from the words around them. */
const PLAIN_COMPARATIVES = new Set(['more', 'less', 'greater', 'higher', 'larger', 'bigger', 'lower', 'smaller', 'fewer']);

/** "older than 30", "more expensive than 100", "younger than 20": the adjective's attribute is compared. */
function comparativeAt(tokens: readonly Token[], index: number): Cue | undefined {
  const word = tokens[index].lower;
  let adjective: string | undefined;
  let end = index + 1;
  let inverse = false;
  if ((word === 'more' || word === 'less') && tokens[index + 1]?.pos === 'ADJ' && tokens[index + 2]?.lower === 'than') {
    adjective = tokens[index + 1].lemma;
    inverse = word === 'less';
    end = index + 2;
  } else if (word.endsWith('er') && !PLAIN_COMPARATIVES.has(word) && tokens[index + 1]?.lower === 'than') {
    adjective = comparativeBase(tokens[index]);
  }
  if (!adjective || tokens[end]?.lower !== 'than') return undefined;
  const ranking = rankingOf(adjective);
  const value = tokens[end + 1]?.kind === 'number' ? tokens[end + 1].value : undefined;
  if (!ranking || (!ranking.concept && !ranking.attributes) || value === undefined) return undefined;
  const upward = (ranking.direction === 'desc') !== inverse;
  return { kind: 'compare', op: upward ? 'gt' : 'lt', values: [value], ...(tokens[end + 1].money ? { money: true } : {}), ...(ranking.concept ? { concept: ranking.concept } : {}), ...(ranking.attributes ? { attributes: ranking.attributes } : {}), start: index, end: end + 2 };
}

/** The adjective of a comparative ("older" → old, "bigger" → big, "heavier" → heavy). */
function comparativeBase(token: Token): string | undefined {
  const stem = token.lower.slice(0, -2);
  const forms = [token.lemma !== token.lower ? token.lemma : '', stem, `${stem}e`, stem.endsWith('i') ? `${stem.slice(0, -1)}y` : '', /(.)\1$/.test(stem) ? stem.slice(0, -1) : ''];
  return forms.find((form) => form.length >= 2 && rankingOf(form) !== undefined);
}

/** Units a number may be said in ("more than 30 days", "over 500 euros"). */
export const UNIT_WORDS: ReadonlySet<string> = new Set(['day', 'hour', 'minute', 'second', 'week', 'month', 'year', 'percent', 'eur', 'euro', 'usd', 'dollar', 'pound', 'gbp', 'chf', 'point', 'time', 'unit', 'people', 'person', 'kg', 'km', 'mile', 'meter', 'metre']);

/**
 * "more than 5", "between 3 and 10", "5 or more", "at least 2": an operator with its numbers.
 * "above the average" compares with the average of what is compared. Without a number or an
 * average ("more than the others") the comparison is returned with no values, which readings decline.
 */
export function compareAt(tokens: readonly Token[], index: number): Cue | undefined {
  const number = (position: number): number | undefined => (tokens[position]?.kind === 'number' ? tokens[position].value : undefined);
  const lower = tokens[index].lower;
  if (lower === 'between' || lower === 'from') {
    const low = number(index + 1);
    const high = number(index + 3);
    if (low !== undefined && high !== undefined && ['and', 'to', '-'].includes(tokens[index + 2]?.lower ?? '')) {
      const money = tokens[index + 1].money === true || tokens[index + 3].money === true;
      return { kind: 'compare', op: 'between', values: [Math.min(low, high), Math.max(low, high)], ...(money ? { money } : {}), start: index, end: index + 4 };
    }
    return undefined;
  }
  // "5 or more", "10 or fewer"
  const value = number(index);
  if (value !== undefined && tokens[index + 1]?.lower === 'or') {
    const tail = tokens[index + 2]?.lower;
    if (tail === 'more' || tail === 'above' || tail === 'over' || tail === 'greater' || tail === 'higher') return { kind: 'compare', op: 'gte', values: [value], start: index, end: index + 3 };
    if (tail === 'less' || tail === 'fewer' || tail === 'below' || tail === 'under' || tail === 'lower') return { kind: 'compare', op: 'lte', values: [value], start: index, end: index + 3 };
  }
  const comparative = comparativeAt(tokens, index);
  if (comparative) return comparative;
  for (const [text, op] of COMPARE_PHRASES) {
    const words = text.split(' ');
    if (!words.every((part, offset) => tokens[index + offset]?.lower === part)) continue;
    let position = index + words.length;
    if ((tokens[position]?.lower === 'a' || tokens[position]?.lower === 'the') && tokens[position + 1]?.kind === 'number') position += 1;
    const target = number(position);
    const average = target === undefined && ['gt', 'gte', 'lt', 'lte'].includes(op) ? averageEnd(tokens, index + words.length) : undefined;
    if (average !== undefined) return { kind: 'compare', op, values: [], against: 'average', start: index, end: average };
    if (target === undefined) {
      // "more than the average": a comparison with what follows; "other than Germany" is a negation, read as one.
      // "below their reorder level": with a possessive after it, a one-word comparison is one with what is theirs;
      // "above"/"below" compare whatever follows them (left unread, the question is declined, never read without them).
      const comparesWhatFollows = POSSESSIVES.has(tokens[position]?.lower ?? '') || ALWAYS_COMPARING.has(text);
      if ((words.at(-1) === 'than' && op !== 'neq') || words[0] === 'at' || comparesWhatFollows) return { kind: 'compare', op, values: [], start: index, end: index + words.length };
      continue;
    }
    return { kind: 'compare', op, values: [target], ...(tokens[position].percent ? { percent: true } : {}), ...(tokens[position].money ? { money: true } : {}), start: index, end: position + 1 };
  }
  return undefined;
}

/** "(the) average", "the mean" right after a comparison: the end of those words, else undefined. */
function averageEnd(tokens: readonly Token[], position: number): number | undefined {
  const at = ['the', 'an', 'a'].includes(tokens[position]?.lower ?? '') ? position + 1 : position;
  return ['average', 'mean'].includes(tokens[at]?.lower ?? '') ? at + 1 : undefined;
}

const SORT_VERBS = new Set(['sort', 'sorted', 'order', 'ordered', 'rank', 'ranked', 'arrange', 'arranged', 'list', 'listed']);
const ALPHABETICAL = new Set(['alphabetical', 'alphabetically', 'alphabetic']);
const DIRECTIONS = wordTable<'asc' | 'desc'>({ ascending: 'asc', increasing: 'asc', alphabetical: 'asc', alphabetically: 'asc', alphabetic: 'asc', descending: 'desc', decreasing: 'desc' });

/** "ordered descending by", "sorted in ascending order by": a sort with its direction said first. */
export function sortAt(tokens: readonly Token[], index: number): Cue | undefined {
  const article = ['the', 'a', 'an'].includes(tokens[index + 1]?.lower ?? '') ? 1 : 0;
  // "in descending order of", "by ascending order of": the direction leads, the key follows.
  const leadingIn = (tokens[index].lower === 'in' || tokens[index].lower === 'by') && DIRECTIONS.has(tokens[index + 1 + article]?.lower ?? '');
  if (!SORT_VERBS.has(tokens[index].lower) && !leadingIn) return undefined;
  let position = leadingIn ? index + 1 + article : index + 1;
  if (!leadingIn && tokens[position]?.lower === 'in') position += 1;
  if (!leadingIn && ['the', 'a', 'an'].includes(tokens[position]?.lower ?? '')) position += 1;
  const direction = DIRECTIONS.get(tokens[position]?.lower ?? '');
  if (!direction) return undefined;
  let alphabetical = ALPHABETICAL.has(tokens[position].lower);
  position += 1;
  // "descending alphabetical order": the second word says what the first orders by.
  if (DIRECTIONS.has(tokens[position]?.lower ?? '')) {
    alphabetical ||= ALPHABETICAL.has(tokens[position].lower);
    position += 1;
  }
  const orderSaid = tokens[position]?.lower === 'order';
  if (orderSaid) position += 1;
  // "by decreasing number of airports": after "by" and a direction, the key itself follows.
  const keyFollows = tokens[index].lower === 'by' && !orderSaid && tokens[position]?.kind === 'word';
  const by = keyFollows || tokens[position]?.lower === 'by' || tokens[position]?.lower === 'of';
  // "sorted descending" alone is a direction; the phrase tables have the bare forms.
  if (!by && !leadingIn) return undefined;
  return { kind: 'sort', direction, by, ...(alphabetical ? { alphabetical } : {}), start: index, end: by && !keyFollows ? position + 1 : position };
}

/** Verbs that, opening a sentence, ask for an order: "Sort the rooms by their price." */
const SORT_COMMANDS = new Set(['sort', 'order', 'arrange', 'rank']);

/**
 * "Sort the rooms by their price", "Arrange them according to age": in a sentence a sort verb
 * opens, the first "by" (or "according to") says what to sort by, however far from the verb.
 */
export function sortCommandKeyAt(tokens: readonly Token[], index: number): Cue | undefined {
  const according = tokens[index].lower === 'according' && tokens[index + 1]?.lower === 'to';
  if (tokens[index].lower !== 'by' && !according) return undefined;
  const start = sentenceStart(tokens, index);
  // Right after the verb ("order by") the phrase tables read it.
  if (!SORT_COMMANDS.has(tokens[start].lower) || start + 1 === index) return undefined;
  if (tokens.slice(start + 1, index).some((token) => token.lower === 'by' || token.lower === 'according')) return undefined;
  return { kind: 'sort', by: true, start: index, end: according ? index + 2 : index + 1 };
}

/** A sort verb opening a sentence that later says how to sort: it asks for the rows, as "list" does. */
export function sortCommandAt(tokens: readonly Token[], index: number): Cue | undefined {
  if (!SORT_COMMANDS.has(tokens[index].lower) || sentenceStart(tokens, index) !== index) return undefined;
  for (let at = index + 1; at < tokens.length && !tokens[at].startsSentence; at += 1) {
    if (sortAt(tokens, at) ?? sortCommandKeyAt(tokens, at)) return { kind: 'lead', asks: false, start: index, end: index + 1 };
  }
  return undefined;
}

function sentenceStart(tokens: readonly Token[], index: number): number {
  let at = index;
  while (at > 0 && !tokens[at].startsSentence) at -= 1;
  return at;
}

/**
 * "one column per year", "a column for each status", "as columns", "side by side": a dimension's
 * values spread into columns. A grain word right after ("per year") is the dimension itself.
 */
export function pivotAt(tokens: readonly Token[], index: number): Cue | undefined {
  const word = (offset: number): string => tokens[index + offset]?.lower ?? '';
  if ((word(0) === 'as' || word(0) === 'in') && word(1) === 'columns') return { kind: 'pivot', start: index, end: index + 2 };
  if (word(0) === 'side' && word(1) === 'by' && word(2) === 'side') return { kind: 'pivot', start: index, end: index + 3 };
  if (!['one', 'a', '1'].includes(word(0)) || word(1) !== 'column') return undefined;
  let end = index + 2;
  if (word(2) === 'per' || word(2) === 'by') end += 1;
  else if (word(2) === 'for' && (word(3) === 'each' || word(3) === 'every')) end += 2;
  else return undefined;
  const grain = GRAIN_WORDS.get(tokens[end]?.lemma ?? '');
  return grain ? { kind: 'pivot', grain, start: index, end: end + 1 } : { kind: 'pivot', start: index, end };
}

export function grainAt(tokens: readonly Token[], index: number): Cue | undefined {
  const word = tokens[index].lower;
  const adverb = GRAIN_ADVERBS.get(word);
  if (adverb) return { kind: 'grain', grain: adverb, attached: true, start: index, end: index + 1 };
  const next = tokens[index + 1]?.lemma ?? '';
  const nextGrain = GRAIN_WORDS.get(next);
  if (['per', 'by', 'each', 'every'].includes(word) && nextGrain) {
    return { kind: 'grain', grain: nextGrain, attached: true, start: index, end: index + 2 };
  }
  // "month over month", "year on year", "month by month"
  if (next === 'over' || next === 'on' || next === 'by') {
    const after = tokens[index + 2]?.lemma;
    const grain = after === tokens[index].lemma && after !== undefined ? GRAIN_WORDS.get(after) : undefined;
    if (grain) return { kind: 'grain', grain, attached: true, start: index, end: index + 3 };
  }
  if (word === 'over' && next === 'time') return { kind: 'grain', grain: 'month', attached: true, start: index, end: index + 2 };
  // "revenue by segment and year": a grain word that closes a list of groups.
  if ((word === 'and' || word === ',') && nextGrain && groupedBefore(tokens, index)) return { kind: 'grain', grain: nextGrain, attached: true, start: index, end: index + 2 };
  return undefined;
}

const SORT_WORDS = new Set(['sort', 'sorted', 'order', 'ordered', 'rank', 'ranked']);

/** A grouping "by" or "per" earlier in the question (not "sorted by"). */
function groupedBefore(tokens: readonly Token[], index: number): boolean {
  for (let at = index - 1; at > 0; at -= 1) {
    if ((tokens[at].lower === 'by' || tokens[at].lower === 'per') && !SORT_WORDS.has(tokens[at - 1].lower)) return true;
  }
  return false;
}
