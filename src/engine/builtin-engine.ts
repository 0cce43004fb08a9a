/**
 * The built-in question engine: deterministic, no network, no model. A pipeline of small steps:
 * tokenize → periods, cues and links (segment) → read an intent → plan a logical query →
 * explain; or decline with a reason and suggestions when any step is not confident.
 */
import type { DeclinedQuestion, EngineContext, PlanResult, QuestionEngine } from './question-engine.ts';
import { applyMetrics, findMetricWords, linkMetricWords } from './catalog-metrics.ts';
import { applySegments, linkSegmentEntities, takeSegmentWords } from './catalog-segments.ts';
import { interpret } from './explain.ts';
import { FORECAST_WORDS, UNSAFE_LEADING_WORDS, UNSAFE_WORDS } from './lexicon.ts';
import type { Mention } from './link.ts';
import { MeasureProblem } from './measures.ts';
import { planIntent } from './plan.ts';
import { planShare } from './plan-share.ts';
import { PlanProblem } from './plan-state.ts';
import { read } from './read.ts';
import { Ambiguity } from './resolve.ts';
import { schemaIndexOf } from './schema-index.ts';
import { segment, type Item } from './segment.ts';
import { candidateSuggestions, pickSuggestions } from './suggest.ts';
import { tokenize } from './tokenize.ts';
import { valueIndexOf } from './value-index.ts';

/** Questions longer than this are declined (the API limit is 2,000 characters). */
const MAX_QUESTION_LENGTH = 2_000;

export function createBuiltinEngine(): QuestionEngine {
  return {
    name: 'builtin',
    plan: async (question, context) => {
      try {
        return planQuestion(question, context);
      } catch {
        // A planning bug must not become a wrong answer or a failed request: decline instead.
        return { ok: false, reason: 'I could not work out how to answer this question.', suggestions: [] };
      }
    },
  };
}

/** Synchronous planning, for tests and benchmarks; unexpected errors are thrown, not declined. */
export function planQuestion(question: string, context: EngineContext, suggest = true): PlanResult {
  const schema = schemaIndexOf(context.catalog);
  const values = valueIndexOf(context.values);
  let items: Item[] = [];
  const decline = (reason: string): DeclinedQuestion => {
    if (!suggest) return { ok: false, reason, suggestions: [] };
    const mentioned = mentionedEntities(items);
    const candidates = candidateSuggestions(schema, context.values, mentioned);
    const suggestions = pickSuggestions(candidates, (candidate) => planQuestion(candidate, context, false).ok);
    return { ok: false, reason, suggestions };
  };
  const text = question.trim();
  if (text.length === 0) return decline('The question is empty.');
  if (text.length > MAX_QUESTION_LENGTH) return decline(`The question is longer than ${MAX_QUESTION_LENGTH} characters.`);
  // Shares ("what % of orders were cancelled") plan their part and their whole through this same function.
  const share = planShare(text, (part) => planQuestion(part, context, false));
  if (share !== undefined) return share.ok ? share : decline(share.reason);
  const tokens = tokenize(text);
  const unsafe = tokens.find((token, index) => token.kind === 'word' && (UNSAFE_WORDS.has(token.lower) || (index === 0 && UNSAFE_LEADING_WORDS.has(token.lower))));
  if (unsafe) return decline(`Querent only reads data; it cannot ${unsafe.lower} anything.`);
  if (tokens.some((token) => token.lower === 'select') && tokens.some((token) => token.lower === 'from')) {
    return decline('Please ask in plain words rather than in SQL.');
  }
  if (tokens.some((token) => FORECAST_WORDS.has(token.lower))) return decline('I can only report what the data holds, not forecast what will happen.');
  // Catalog segments ("open" invoices) are read from the words, then applied to the planned query.
  // Metric words ("revenue") are linked to their definition and keep their words from segments.
  const metricTokens = new Set(findMetricWords(tokens, context.catalog).flatMap((use) => Array.from({ length: use.end - use.start }, (_, offset) => use.start + offset)));
  const segmentWords = takeSegmentWords(tokens, context.catalog, metricTokens);
  const metricWords = linkMetricWords(linkSegmentEntities(segment(segmentWords.tokens, context.now, schema, values), segmentWords.uses), findMetricWords(segmentWords.tokens, context.catalog), schema);
  items = metricWords.items;
  const unknown = items.filter((item) => item.kind === 'unknown');
  if (unknown.length > 0) {
    const words = unknown.map((item) => `"${item.kind === 'unknown' ? item.text : ''}"`).join(', ');
    return decline(`I don't know what ${words} ${unknown.length === 1 ? 'means' : 'mean'} in this data.`);
  }
  if (!items.some((item) => item.kind === 'mention')) return decline('I could not find anything in the question that matches this data.');
  const future = items.some((item) => item.kind === 'period' && item.period.start !== undefined && item.period.start > context.now.toISOString().slice(0, 10));
  if (future && tokens.some((token) => token.lower === 'will' || token.lower === 'gonna')) {
    return decline('I can only report what the data holds, not forecast what will happen.');
  }
  try {
    const intent = read(items, schema);
    const planned = planIntent(intent, schema);
    const segmented = applySegments(planned.query, segmentWords.uses);
    if (!segmented) return decline(`I could not relate "${segmentWords.uses.map((use) => use.word).join('", "')}" to the rest of the question.`);
    const measured = applyMetrics(segmented.query, metricWords.uses);
    if (!measured) return decline(`I could not relate "${metricWords.uses.map((use) => use.word).join('", "')}" to the rest of the question.`);
    const definitions = new Map([...planned.definitions, ...measured.definitions]);
    const plan = { ...planned, definitions, query: measured.query, assumptions: [...planned.assumptions, ...segmented.assumptions, ...measured.assumptions] };
    return { ok: true, query: plan.query, interpretation: interpret(plan, schema), assumptions: plan.assumptions };
  } catch (error) {
    if (error instanceof PlanProblem || error instanceof MeasureProblem || error instanceof Ambiguity) return decline(error.message);
    throw error;
  }
}

function mentionedEntities(items: readonly Item[]): string[] {
  const entities: string[] = [];
  for (const item of items) {
    if (item.kind !== 'mention') continue;
    const mention: Mention = item.mention;
    for (const candidate of mention.candidates) {
      if (candidate.kind !== 'concept' && !entities.includes(candidate.entity)) entities.push(candidate.entity);
    }
  }
  return entities;
}
