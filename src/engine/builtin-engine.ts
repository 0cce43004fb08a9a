/**
 * The built-in question engine: deterministic, no network, no model but its shipped weights.
 * It assembles the stages: refusals (writes, SQL, forecasts), readings (question analysis,
 * schema words, links, roles, enumerated and scored readings), the decision to answer or decline,
 * the explanation, and suggestions when it declines.
 */
import { declineMessage, type DeclineCode } from './declines.ts';
import { explain } from './explain/interpret.ts';
import { candidateSuggestions, pickSuggestions } from './explain/suggest.ts';
import { composeFollowUp } from './question/follow-up.ts';
import { refusalOf } from './question/guards.ts';
import { idlePhraseTokens } from './question/idle-phrases.ts';
import { tokenize } from './question/tokens.ts';
import { carriesMeaning, isEmptyWord } from './readings/word-classes.ts';
import { decide, type Decision } from './readings/decide.ts';
import { poolBySameRows } from './readings/same-rows.ts';
import { shippedModel, type Model } from './readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion, type QuestionReadings } from './readings/read-question.ts';
import { verifiedReadings, type VerifiedQuestion, type VerifiedReadings } from './readings/verified.ts';
import type { DeclinedQuestion, EngineContext, PlanResult, QuestionEngine } from './question-engine.ts';
import { schemaIndexOf } from './schema/schema-index.ts';
import { knowledgeCache } from './knowledge-cache.ts';

/** Questions longer than this are declined (the API limit is 2,000 characters). */
const MAX_QUESTION_LENGTH = 2_000;

export function createBuiltinEngine(model: Model = shippedModel()): QuestionEngine {
  return {
    name: 'builtin',
    plan: async (question, context) => {
      try {
        return await planQuestionOnData(question, context, { model });
      } catch {
        // A planning bug must not become a wrong answer or a failed request: decline instead.
        return { ok: false, code: 'not_confident', reason: declineMessage('not_confident', ''), words: [], suggestions: [] };
      }
    },
  };
}

export interface PlanOptions {
  readonly model?: Model;
  /** Offer suggestions when declining (each one is planned too). Default true. */
  readonly suggest?: boolean;
}

/** Synchronous planning, for tests and tools; unexpected errors are thrown, not declined. */
export function planQuestion(question: string, context: EngineContext, options: PlanOptions = {}): PlanResult {
  const read = readAndDecide(question, context, options);
  return 'ok' in read ? read : resultOf(read, context, options);
}

/**
 * Planning that may look at the data (context.rowsOf): a question declined because its readings
 * were too close or not likely enough is decided again with the readings that give the same rows
 * taken as one answer. Without rowsOf, the same as planQuestion.
 */
export async function planQuestionOnData(question: string, context: EngineContext, options: PlanOptions = {}): Promise<PlanResult> {
  const read = readAndDecide(question, context, options);
  if ('ok' in read) return read;
  const { decision, readings, verified, model } = read;
  if (context.rowsOf === undefined || decision.kind !== 'decline' || (decision.why !== 'ambiguous' && decision.why !== 'not-confident')) return resultOf(read, context, options);
  const pooled = await poolBySameRows(readings.candidates, context.rowsOf);
  return resultOf(pooled ? { ...read, decision: decide(pooled, readings.tokens, model, verified) } : read, context, options);
}

interface ReadQuestion {
  readonly model: Model;
  readonly readings: QuestionReadings;
  readonly verified: VerifiedReadings;
  readonly decision: Decision;
  readonly followUpNote: readonly string[];
}

/** The question's readings and the decision on them, or why it was refused before being read. */
function readAndDecide(question: string, context: EngineContext, options: PlanOptions): ReadQuestion | DeclinedQuestion {
  const model = options.model ?? shippedModel();
  const refuse = (code: DeclineCode, detail = ''): DeclinedQuestion => declined(code, detail, [], undefined, context, options);
  const asked = question.trim();
  const text = context.previous && asked.length > 0 ? composeFollowUp(context.previous.question, asked, context.now) : asked;
  const followUpNote = text !== asked ? [`Read as a follow-up to "${context.previous?.question}": "${text}".`] : [];
  if (text.length === 0) return refuse('empty_question');
  if (text.length > MAX_QUESTION_LENGTH) return refuse('question_too_long', String(MAX_QUESTION_LENGTH));
  const refusal = refusalOf(tokenize(text), context.now);
  if (refusal) return refuse(refusal.code, refusal.detail);
  const readings = readQuestion(text, context.catalog, context.values, model, { ...DEFAULT_READ_OPTIONS, now: context.now });
  const verified = verifiedReadings(context.catalog, context.values, model, context.now);
  return { model, readings, verified, decision: decide(readings.candidates, readings.tokens, model, verified), followUpNote };
}

function declined(code: DeclineCode, detail: string, words: readonly string[], readings: QuestionReadings | undefined, context: EngineContext, options: PlanOptions): DeclinedQuestion {
  const suggestions = options.suggest === false ? [] : suggestionsFor(readings, context, options.model ?? shippedModel());
  return { ok: false, code, reason: declineMessage(code, detail), words, suggestions };
}

/** The answer the decision gives, or why the question is declined. */
function resultOf({ readings, decision, followUpNote }: ReadQuestion, context: EngineContext, options: PlanOptions): PlanResult {
  const decline = (code: DeclineCode, detail = '', words: readonly string[] = []): DeclinedQuestion => declined(code, detail, words, readings, context, options);
  if (decision.kind === 'decline') {
    if (decision.why === 'unused-words') return decline('unknown_words', quoteAll(decision.words ?? []), decision.words ?? []);
    if (decision.why === 'no-reading') {
      const linked = readings.units.some((unit) => unit.kind === 'link' || (unit.kind === 'quoted' && unit.links.length > 0));
      if (!linked) return decline('nothing_matched');
      // Words that name nothing in the data are the likeliest reason no reading holds ("income minus rent").
      // Words for the present ("right now") carry nothing, and are not named as unknown.
      const present = idlePhraseTokens(readings.tokens);
      const unknown = readings.units.flatMap((unit) => (unit.kind === 'word' && carriesMeaning(unit.token) && !isEmptyWord(unit.token) && !present.has(unit.token.index) ? [unit.token.text] : []));
      if (unknown.length > 0) return decline('unknown_words', quoteAll(unknown), unknown);
      return decline('unsupported_question', 'no single query over this data reads every part of it');
    }
    if (decision.why === 'ambiguous' && decision.best && decision.runnerUp) {
      const readingsInWords = [decision.best, decision.runnerUp].map((candidate) => explain(candidate.reading, candidate.planned, readings.schema).interpretation);
      return decline('ambiguous', `${readingsInWords[0]}; or ${readingsInWords[1]}`);
    }
    return decline('not_confident', '');
  }
  const { candidate, confidence } = decision;
  const explanation = explain(candidate.reading, candidate.planned, readings.schema);
  return {
    ok: true,
    query: candidate.planned.query,
    interpretation: explanation.interpretation,
    assumptions: [...followUpNote, ...verifiedNote(decision.verified, candidate.core), ...candidate.planned.assumptions],
    conditions: explanation.conditionPhrases,
    definitions: candidate.planned.metricDefinitions,
    confidence,
  };
}

function quoteAll(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

function suggestionsFor(readings: QuestionReadings | undefined, context: EngineContext, model: Model): string[] {
  const schema = schemaIndexOf(context.catalog);
  // Entities the question named, by their own names first; a column word ("state") names too many tables to lean on.
  const mentioned = [...new Set((readings?.units ?? []).flatMap((unit) => (unit.kind === 'link' ? unit.links.filter((link) => link.target.kind === 'entity').map((link) => link.target.entity) : [])))];
  const candidates = candidateSuggestions(schema, context.values, mentioned);
  const known = answerableCache(context, model);
  // A suggestion is a question of its own: planned without the follow-up context.
  const alone: EngineContext = { catalog: context.catalog, values: context.values, now: context.now };
  return pickSuggestions(candidates, (candidate) => {
    let answerable = known.get(candidate);
    if (answerable === undefined) {
      answerable = planQuestion(candidate, alone, { model, suggest: false }).ok;
      known.set(candidate, answerable);
    }
    return answerable;
  });
}

/** Whether a suggestion is answerable depends on the catalog, its values and the model: each is planned once for them. */
const answerable = knowledgeCache<Map<string, boolean>>();

function answerableCache(context: EngineContext, model: Model): Map<string, boolean> {
  return answerable(context.catalog, context.values, model, () => new Map());
}

function verifiedNote(verified: VerifiedQuestion | undefined, core: string): string[] {
  if (verified === undefined) return [];
  if (verified.layer === 'metric') return [`Read as the semantic layer defines this measure, by groups its rows reach one way only.`];
  if (verified.layer === 'segment') return [`Read as the semantic layer defines these rows, counted by the date it dates them by or by groups they reach one way only.`];
  if (verified.layer === 'rows') return [`Counted as rows of this table, by their own date or by groups they reach one way only.`];
  if (verified.layer === 'column') return [`Read as the column named, over all its rows, by their own date or by groups they reach one way only.`];
  if (verified.core === core) return [`Read as the verified question "${verified.question}" of this connection.`];
  return [`Read like the verified question "${verified.question}" of this connection, for the period, time grain or number of rows asked here.`];
}
