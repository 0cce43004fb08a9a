/**
 * Answer or decline: the best reading is answered only when the engine is confident in it (the
 * confidence model over the reading model's evidence clears its calibrated threshold) and it leaves
 * no noun, adjective, name or number of the question unused. A reading the data owner verified
 * needs no confidence, but must still use every word and not tie with another answer.
 */
import type { Token } from '../question/tokens.ts';
import { carriesMeaning } from './word-classes.ts';
import { stableKey, type Candidate } from './enumerate.ts';
import type { Reading } from './reading.ts';
import { widestListing } from './shown-columns.ts';
import { vouchesFor, shapeWithoutCut, shapeWithoutGroupSegment, vouchedShape, type VerifiedQuestion, type VerifiedReadings } from './verified.ts';
import { confidenceFeatures, confidenceOf, DEFAULT_MIN_ODDS } from './confidence.ts';
import { DECLINE_FEATURE, softmax, type Model } from './model.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';

export type Decision =
  /** `verified`: the verified question whose reading this is, or whose reading of another period or row count (answered whatever the confidence). */
  | { readonly kind: 'answer'; readonly candidate: Candidate; readonly confidence: number; readonly verified?: VerifiedQuestion }
  | { readonly kind: 'decline'; readonly why: 'no-reading' | 'unused-words' | 'not-confident' | 'ambiguous'; readonly best?: Candidate; readonly runnerUp?: Candidate; readonly words?: readonly string[]; readonly confidence?: number };

/** The words of the question a reading leaves unread that carry meaning. */
export function droppedWords(candidate: Candidate, tokens: readonly Token[]): string[] {
  return candidate.unusedWords.filter((index) => carriesMeaning(tokens[index])).map((index) => tokens[index].text);
}

export interface DecisionEvidence {
  /** Probability of the best reading together with every reading that gives the same answer. */
  readonly probability: number;
  /** …minus the probability of the next answer. */
  readonly lead: number;
  /** The probability of the next answer (pooled the same way). */
  readonly next: number;
  /** The core of the next answer, when there is one. */
  readonly nextCore?: string;
}

/** Readings that give the same answer (see Candidate.core) pool their probability. */
export function evidenceOf(candidates: readonly { readonly score: number; readonly core: string }[], declineScore: number): DecisionEvidence {
  if (candidates.length === 0) return { probability: 0, lead: 0, next: 0 };
  const probabilities = softmax(candidates.map((candidate) => candidate.score), declineScore);
  const byCore = new Map<string, number>();
  candidates.forEach((candidate, index) => byCore.set(candidate.core, (byCore.get(candidate.core) ?? 0) + probabilities[index]));
  const best = byCore.get(candidates[0].core) ?? 0;
  const others = [...byCore].filter(([core]) => core !== candidates[0].core).sort(([, left], [, right]) => right - left);
  const next = others[0]?.[1] ?? 0;
  return { probability: best, lead: best - next, next, ...(others[0] ? { nextCore: others[0][0] } : {}) };
}

export function decide(candidates: readonly Candidate[], tokens: readonly Token[], model: Model, verified: VerifiedReadings = new Map()): Decision {
  if (candidates.length === 0) return { kind: 'decline', why: 'no-reading' };
  const best = candidates[0];
  const dropped = droppedWords(best, tokens);
  if (dropped.length > 0) return { kind: 'decline', why: 'unused-words', best, words: dropped };
  verified.load?.(best.reading);
  const vouched = verified.get(vouchedShape(best));
  const verifiedAs = vouched && vouchesFor(vouched, best.reading, tokens) ? vouched : undefined;
  const decision = judge(withDetoursPooled(candidates), model, verifiedAs);
  if (decision.kind === 'answer' || verifiedAs !== undefined) return decision;
  // Readings that list the same rows with other columns are one answer, shown with all of them: they
  // stop counting as a rival answer, but lend the best reading none of their likelihood.
  const pooled = widestListing(candidates, model.weights[DECLINE_FEATURE] ?? 0);
  if (pooled !== candidates) {
    const widened = judge(pooled, model, undefined, best, evidenceOf(candidates, model.weights[DECLINE_FEATURE] ?? 0).probability);
    if (widened.kind === 'answer') return widened;
  }
  const overSegment = verified.withSegment?.(best.reading);
  return vouchedWithout(shapeWithoutCut, candidates, tokens, model, verified) ?? vouchedWithout(shapeWithoutGroupSegment, candidates, tokens, model, verified)
    ?? (overSegment ? judge(candidates, model, overSegment) : decision);
}

/**
 * The best reading judged as vouched for by the verified reading it is without a part that only
 * picks among its rows (a cut by a number, see shapeWithoutCut; a segment of its groups' table, see
 * shapeWithoutGroupSegment), when it is.
 */
function vouchedWithout(shapeOf: (candidate: Candidate) => string | undefined, candidates: readonly Candidate[], tokens: readonly Token[], model: Model, verified: VerifiedReadings): Decision | undefined {
  const shape = shapeOf(candidates[0]);
  const vouched = shape === undefined ? undefined : verified.get(shape);
  return vouched === undefined || !vouchesFor(vouched, candidates[0].reading, tokens) ? undefined : judge(candidates, model, vouched);
}

/** The first candidate answered, or why not; `judged` (default the first) is the reading whose features and probability are weighed. */
function judge(candidates: readonly Candidate[], model: Model, verifiedAs: VerifiedQuestion | undefined, judged: Candidate = candidates[0], ownProbability?: number): Decision {
  const answered = candidates[0];
  const pooled = evidenceOf(candidates, model.weights[DECLINE_FEATURE] ?? 0);
  const evidence = ownProbability === undefined ? pooled : { ...pooled, probability: ownProbability, lead: ownProbability - pooled.next };
  if (evidence.next > 0 && evidence.probability < (model.confidence.minOdds ?? DEFAULT_MIN_ODDS) * evidence.next) {
    const runnerUp = candidates.find((candidate) => candidate.core === evidence.nextCore);
    if (!runnerUp || !closerReadingOfSameQuestion(judged, runnerUp)) return { kind: 'decline', why: 'ambiguous', best: judged, runnerUp };
  }
  if (verifiedAs !== undefined) return { kind: 'answer', candidate: answered, confidence: 1, verified: verifiedAs };
  const confidence = confidenceOf(confidenceFeatures(judged.features, evidence.probability, evidence.lead, candidates.length), model.confidence);
  if (confidence < model.confidence.threshold) return { kind: 'decline', why: 'not-confident', best: judged, confidence };
  return { kind: 'answer', candidate: answered, confidence };
}

/**
 * Readings that ask the best reading's question through a detour (see closerReadingOfSameQuestion)
 * are that question: their likelihood is the best reading's. Only where the detour keeps what the
 * question said of the rows: the same conditions on the same columns, or a value the best reading
 * finds on the rows asked about and the detour on related rows. ("How many orders named 'X'":
 * orders of a customer named X and orders with a product named X count rows at two distances, but
 * say different things.)
 */
function withDetoursPooled(candidates: readonly Candidate[]): readonly Candidate[] {
  const [best, ...others] = candidates;
  if (best === undefined) return candidates;
  const detour = (other: Candidate) => other.core !== best.core && closerReadingOfSameQuestion(best, other)
    && (valueOnSubject(best.reading, other.reading) || conditionsOf(other.planned.query) === conditionsOf(best.planned.query));
  const pooled = others.map((other) => (detour(other) ? { ...other, core: best.core } : other));
  return pooled.every((other, index) => other === others[index]) ? candidates : [best, ...pooled];
}

/** The query's conditions on the columns they are on. */
function conditionsOf(query: LogicalQuery): string {
  return saidFilters(query).map((filter) => stableKey(filter)).sort().join('|');
}

/** The query's filters but for the joins' own "is not null". */
function saidFilters(query: LogicalQuery): LogicalQuery['filters'] {
  const joinKeys = new Set(query.joins.flatMap((join) => join.fromColumns.map((column) => `${join.fromEntity}.${column}`)));
  return query.filters.filter((filter) => !(filter.op === 'not_null' && filter.expression.kind === 'field' && joinKeys.has(`${filter.expression.entity}.${filter.expression.column}`)));
}

/**
 * "How many invoices are there in each status?": the invoice's own status, or its order's through a
 * join. Two readings that ask the same of columns of the same names, one of them with fewer joins,
 * are one question read at two distances: the nearer reading, on the rows asked about, is meant.
 */
export function closerReadingOfSameQuestion(best: Candidate, other: Candidate): boolean {
  // Groups by entities are by their names: products and suppliers are both grouped by a "name".
  const byColumnsSaid = (candidate: Candidate) => candidate.reading.groups.every((group) => group.kind !== 'entity');
  if (best.planned.query.joins.length < other.planned.query.joins.length && byColumnsSaid(best) && byColumnsSaid(other) && shapeOf(best.planned.query) === shapeOf(other.planned.query)) return true;
  return valueOnSubject(best.reading, other.reading) || countsRowsFarther(best.planned.query, other.planned.query);
}

type Measure = LogicalQuery['measures'][number];

/**
 * "Which accounts have more than one subscription?": the subscriptions' rows counted by their own
 * account, or the subscriptions their invoices name counted by the invoices' account. Where the best
 * reading counts the rows themselves, at the root, and the other counts their keys held by another
 * table, asking the same of them otherwise, the other is the same question asked through a detour.
 */
function countsRowsFarther(best: LogicalQuery, other: LogicalQuery): boolean {
  if (best.root === other.root || best.measures.length !== other.measures.length) return false;
  const rows = (measure: Measure) => measure.where === undefined && measure.aggregate === 'count' && measure.expression === undefined;
  const keysElsewhere = (measure: Measure) => measure.where === undefined && measure.aggregate === 'count_distinct' && measure.expression?.kind === 'field' && measure.expression.entity === other.root;
  if (!best.measures.some((measure, index) => rows(measure) && keysElsewhere(other.measures[index]) && other.measures[index].id === measure.id)) return false;
  const asRows = (query: LogicalQuery): LogicalQuery => ({ ...query, measures: query.measures.map((measure) => (rows(measure) || keysElsewhere(measure) ? { id: measure.id, label: measure.label, aggregate: 'count' } : measure)) });
  return shapeOf(asRows(best)) === shapeOf(asRows(other));
}

/**
 * "How many customers are in Germany?": the customer's own country, or the country of the orders
 * they placed. Two readings that differ only in where a value said is looked for, the best on the
 * rows asked about themselves, are the same question; the rows' own column is meant.
 */
function valueOnSubject(best: Reading | undefined, other: Reading | undefined): boolean {
  if (!best || !other || best.subject !== other.subject) return false;
  const equals = (reading: Reading) => reading.conditions.filter((condition) => condition.kind === 'equals');
  const elsewhere = (reading: Reading) => equals(reading).filter((condition) => condition.entity !== reading.subject);
  return elsewhere(best).length === 0 && elsewhere(other).length > 0 && valuesOnly(best) === valuesOnly(other);
}

/** The reading without its words, and its equality conditions without the column they are on. */
function valuesOnly(reading: Reading): string {
  const conditions = reading.conditions.map((condition) => (condition.kind === 'equals' ? { kind: condition.kind, values: condition.values, negated: condition.negated } : condition));
  return JSON.stringify({ ...reading, conditions, scope: [] }, (key, value: unknown) => (key === 'tokens' || key === 'usedTokens' ? undefined : value));
}

/** The query with every column by its name alone, without joins (nor the "key is set" filters that go with one), entities or ids. */
function shapeOf(query: LogicalQuery): string {
  const filters = saidFilters(query);
  const dropped = new Set(['joins', 'root', 'id', 'label', 'measureId', 'of', 'along', 'within', 'numeratorId', 'denominatorId', 'dimension', 'by', 'link']);
  return JSON.stringify({ ...query, filters }, (key, value: unknown) => {
    if (dropped.has(key)) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    if ((value as { kind?: unknown }).kind === 'field') return `field:${(value as { column: string }).column}`;
    return Object.fromEntries(Object.entries(value).sort(([left], [right]) => left.localeCompare(right)));
  });
}
