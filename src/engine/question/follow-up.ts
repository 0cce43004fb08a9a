/**
 * A follow-up ("and last year?", "only in Germany", "by month instead", "show the top 10") read as
 * the earlier question changed by it: its period replaced, its grouping or its limit replaced, or a
 * condition added. The result is one whole question, read and accounted for like any other, so the
 * answer's interpretation states the whole reading. A follow-up that is a question of its own
 * ("how many technicians do we have?") is read as it is.
 */
import { findCues, type Cue } from './cues.ts';
import { findPeriods } from './periods.ts';
import { tokenize, type Token } from './tokens.ts';

/** Words that only tie a follow-up to what came before. */
const CONNECTIVES = new Set(['and', 'but', 'so', 'ok', 'okay', 'now', 'then', 'also', 'same', 'please', 'instead', 'what', 'how', 'about', 'show', 'me', 'just', 'only', 'the', 'give']);
/** First words of a question that stands on its own. */
const QUESTION_STARTS = new Set(['how', 'which', 'who', 'whose', 'when', 'where', 'list', 'count', 'number', 'total', 'average', 'sum']);
/** Words that may stand before a period without being part of it. */
const PERIOD_LEAD_INS = new Set(['in', 'during', 'for', 'over', 'from', 'of']);
const MONTH_OR_QUARTER = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^[qh][1-4]$/;

export function composeFollowUp(previous: string, followUp: string, now: Date): string {
  const asked = tokenize(followUp);
  if (standsAlone(asked)) return followUp;
  const rest = withoutConnectives(asked);
  if (rest.length === 0) return previous;
  const earlier = tokenize(previous);
  const restText = textOf(rest);
  const restPeriods = findPeriods(rest, now);
  if (restPeriods.length > 0 && rest.every((token) => PERIOD_LEAD_INS.has(token.lower) || restPeriods.some((period) => token.index >= period.tokenStart && token.index < period.tokenEnd))) {
    // "what about 2024?": a bare year or month takes the "in" the earlier period had.
    const bare = rest[0].kind === 'number' || rest[0].kind === 'date' || MONTH_OR_QUARTER.test(rest[0].lower);
    return joinWords(textOf(removeSpans(earlier, periodSpans(earlier, now))), bare ? `in ${restText}` : restText);
  }
  const restCues = findCues(rest);
  const first = restCues.find((cue) => cue.start === 0);
  if (first && (first.kind === 'group' || first.kind === 'grain')) {
    return joinWords(textOf(removeSpans(earlier, groupingSpans(earlier))), restText);
  }
  if (first && ((first.kind === 'superlative' && first.limit !== undefined) || first.kind === 'limit')) {
    return joinWords(restText, textOf(removeSpans(earlier, limitSpans(earlier))));
  }
  return joinWords(textOf(earlier), restText);
}

function standsAlone(tokens: readonly Token[]): boolean {
  const first = tokens[0];
  if (!first || first.kind !== 'word') return false;
  if (QUESTION_STARTS.has(first.lower)) return true;
  // "what is the total…", "what are the…", but not "what about…".
  return first.lower === 'what' && ['is', 'are', 'was', 'were'].includes(tokens[1]?.lower ?? '');
}

function withoutConnectives(tokens: readonly Token[]): Token[] {
  let start = 0;
  while (start < tokens.length && tokens[start].kind === 'word' && CONNECTIVES.has(tokens[start].lower)) start += 1;
  let end = tokens.length;
  while (end > start && (tokens[end - 1].lower === 'instead' || (tokens[end - 1].kind === 'symbol' && tokens[end - 1].text !== '%'))) end -= 1;
  // Re-tokenized so that indices start at 0 for the period and cue readers.
  return start === 0 && end === tokens.length ? [...tokens] : tokenize(textOf(tokens.slice(start, end)));
}

type Span = readonly [start: number, end: number];

function periodSpans(tokens: readonly Token[], now: Date): Span[] {
  return findPeriods(tokens, now).map((period) => {
    const leadIn = period.tokenStart > 0 && PERIOD_LEAD_INS.has(tokens[period.tokenStart - 1].lower);
    return [leadIn ? period.tokenStart - 1 : period.tokenStart, period.tokenEnd] as const;
  });
}

/** "by country", "per month", "for each segment", "monthly": a grouping cue and the words it groups by, up to the next cue. */
function groupingSpans(tokens: readonly Token[]): Span[] {
  const cues = findCues(tokens);
  return cues.filter((cue) => cue.kind === 'group' || cue.kind === 'grain').map((cue) => [cue.start, cue.kind === 'grain' && cue.attached ? cue.end : nextBoundary(tokens, cues, cue)] as const);
}

function limitSpans(tokens: readonly Token[]): Span[] {
  return findCues(tokens).filter((cue) => (cue.kind === 'superlative' && cue.limit !== undefined) || cue.kind === 'limit').map((cue) => [cue.start, cue.end] as const);
}

function nextBoundary(tokens: readonly Token[], cues: readonly Cue[], cue: Cue): number {
  const next = cues.filter((other) => other.start >= cue.end).map((other) => other.start);
  const symbol = tokens.findIndex((token, index) => index >= cue.end && token.kind === 'symbol');
  return Math.min(tokens.length, ...next, ...(symbol >= 0 ? [symbol] : []));
}

function removeSpans(tokens: readonly Token[], spans: readonly Span[]): Token[] {
  return tokens.filter((token) => !spans.some(([start, end]) => token.index >= start && token.index < end));
}

function textOf(tokens: readonly Token[]): string {
  const words = tokens.filter((token, index) => !(token.kind === 'symbol' && token.text === '?' && index === tokens.length - 1));
  return words.map((token) => (token.kind === 'quoted' ? `"${token.text}"` : token.text)).join(' ').replace(/ ,/g, ',');
}

function joinWords(left: string, right: string): string {
  return `${left.trim()} ${right.trim()}`.trim();
}
