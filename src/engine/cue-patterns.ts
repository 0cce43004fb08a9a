/** Cue patterns with arguments: numeric comparisons, text containment, time grains. */
import type { TimeGrain } from '../query/logical-query.ts';
import type { CompareOp, Cue } from './cues.ts';
import type { Token } from './tokenize.ts';

const GRAIN_WORDS: Record<string, TimeGrain> = {
  year: 'year', quarter: 'quarter', month: 'month', week: 'week', day: 'day', date: 'day',
};
const GRAIN_ADVERBS: Record<string, TimeGrain> = {
  yearly: 'year', annual: 'year', annually: 'year', quarterly: 'quarter', monthly: 'month', weekly: 'week',
  daily: 'day', yoy: 'year', mom: 'month', qoq: 'quarter',
};

const CONTAINS_WORDS = new Set(['contain', 'contains', 'containing', 'like']);
const CONTAINS_NOUNS = new Set(['letter', 'letters', 'word', 'string', 'substring', 'text', 'character', 'characters', 'phrase']);

/** "containing the letter a", "contains 'smith'", "like '%son%'". */
export function containsAt(tokens: readonly Token[], index: number): Cue | undefined {
  if (!CONTAINS_WORDS.has(tokens[index].lower)) return undefined;
  let position = index + 1;
  if (tokens[position]?.lower === 'the' || tokens[position]?.lower === 'a') position += 1;
  const noun = CONTAINS_NOUNS.has(tokens[position]?.lower ?? '');
  if (noun) position += 1;
  const target = tokens[position];
  if (!target || !(target.kind === 'quoted' || (noun && (target.kind === 'word' || target.kind === 'number')))) return undefined;
  return { kind: 'contains', text: target.text.replace(/^%|%$/g, ''), start: index, end: position + 1 };
}

const COMPARE_PHRASES: readonly (readonly [string, CompareOp])[] = [
  ['more than', 'gt'], ['greater than', 'gt'], ['higher than', 'gt'], ['larger than', 'gt'], ['bigger than', 'gt'],
  ['over', 'gt'], ['above', 'gt'], ['exceeding', 'gt'], ['exceeds', 'gt'], ['exceed', 'gt'], ['in excess of', 'gt'],
  ['upwards of', 'gt'], ['>', 'gt'], ['at least', 'gte'], ['no less than', 'gte'], ['not less than', 'gte'],
  ['>=', 'gte'], ['minimum of', 'gte'], ['less than', 'lt'], ['fewer than', 'lt'], ['lower than', 'lt'],
  ['smaller than', 'lt'], ['cheaper than', 'lt'], ['under', 'lt'], ['below', 'lt'], ['<', 'lt'], ['at most', 'lte'],
  ['no more than', 'lte'], ['not more than', 'lte'], ['up to', 'lte'], ['<=', 'lte'], ['maximum of', 'lte'],
  ['equal to', 'eq'], ['equals', 'eq'], ['equal', 'eq'], ['exactly', 'eq'], ['=', 'eq'], ['of exactly', 'eq'],
  ['!=', 'neq'], ['<>', 'neq'], ['not equal to', 'neq'], ['different from', 'neq'],
];

const UNIT_WORDS = new Set(['day', 'hour', 'minute', 'second', 'week', 'month', 'year', 'percent', 'eur', 'euro', 'usd', 'dollar', 'pound', 'gbp', 'chf']);

export function compareAt(tokens: readonly Token[], index: number): Cue | undefined {
  const number = (position: number): number | undefined => (tokens[position]?.kind === 'number' ? tokens[position].value : undefined);
  if (tokens[index].lower === 'between' || tokens[index].lower === 'from') {
    const low = number(index + 1);
    const high = number(index + 3);
    if (low !== undefined && high !== undefined && ['and', 'to', '-'].includes(tokens[index + 2]?.lower ?? '')) {
      return { kind: 'compare', op: 'between', values: [Math.min(low, high), Math.max(low, high)], start: index, end: index + 4 };
    }
    return undefined;
  }
  // "5 or more", "10 or fewer"
  const value = number(index);
  if (value !== undefined && tokens[index + 1]?.lower === 'or') {
    const tail = tokens[index + 2]?.lower;
    if (tail === 'more' || tail === 'above' || tail === 'over') return { kind: 'compare', op: 'gte', values: [value], start: index, end: index + 3 };
    if (tail === 'less' || tail === 'fewer' || tail === 'below' || tail === 'under') return { kind: 'compare', op: 'lte', values: [value], start: index, end: index + 3 };
  }
  for (const [text, op] of COMPARE_PHRASES) {
    const words = text.split(' ');
    if (!words.every((part, offset) => tokens[index + offset]?.lower === part)) continue;
    let position = index + words.length;
    if (tokens[position]?.lower === 'a' && tokens[position + 1]?.kind === 'number') position += 1;
    const target = number(position);
    if (target === undefined) {
      // "smaller than any salary of…", "more than the average": a comparison with something other than a number.
      if (words.length > 1 && (words[words.length - 1] === 'than' || words[0] === 'at')) return { kind: 'compare', op, values: [], start: index, end: index + words.length };
      continue;
    }
    // "more than 30 days", "over 500 euros": the unit belongs to the number.
    const unit = UNIT_WORDS.has(tokens[position + 1]?.lemma ?? '') ? 1 : 0;
    return { kind: 'compare', op, values: [target], start: index, end: position + 1 + unit };
  }
  return undefined;
}

export function grainAt(tokens: readonly Token[], index: number): Cue | undefined {
  const word = tokens[index].lower;
  if (word in GRAIN_ADVERBS) return { kind: 'grain', grain: GRAIN_ADVERBS[word], attached: true, start: index, end: index + 1 };
  const next = tokens[index + 1]?.lemma ?? '';
  // "per month", "by month", "each month", "every month"
  if (['per', 'by', 'each', 'every'].includes(word) && next in GRAIN_WORDS && next !== 'date') {
    return { kind: 'grain', grain: GRAIN_WORDS[next], attached: true, start: index, end: index + 2 };
  }
  // "month over month", "year on year", "month by month"
  if (next === 'over' || next === 'on' || next === 'by') {
    const after = tokens[index + 2]?.lemma;
    if (after === tokens[index].lemma && after in GRAIN_WORDS) return { kind: 'grain', grain: GRAIN_WORDS[after], attached: true, start: index, end: index + 3 };
  }
  if (word === 'over' && next === 'time') return { kind: 'grain', grain: 'month', attached: true, start: index, end: index + 2 };
  const lemma = tokens[index].lemma;
  if (lemma in GRAIN_WORDS && lemma !== 'date' && lemma !== 'day') return { kind: 'grain', grain: GRAIN_WORDS[lemma], attached: false, start: index, end: index + 1 };
  return undefined;
}
