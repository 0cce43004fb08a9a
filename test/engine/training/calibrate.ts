/**
 * The confidence model and its threshold. For each question, the evidence about the engine's
 * decision (see src/engine/readings/confidence.ts) and whether the best reading was right; a
 * logistic regression learns how evidence maps to being right, and the threshold is the lowest
 * confidence that keeps the answered questions right at least `precision` of the time. Both are
 * fitted on predictions for databases the reading weights were not fitted on.
 */
import { confidenceFeatures, confidenceOf, DEFAULT_MIN_ODDS, type ConfidenceModel } from '../../../src/engine/readings/confidence.ts';
import { evidenceOf } from '../../../src/engine/readings/decide.ts';
import type { Features } from '../../../src/engine/readings/features.ts';
import { DECLINE_FEATURE } from '../../../src/engine/readings/model.ts';
import type { LabelledQuestion } from './fit-weights.ts';

export interface DecisionExample {
  readonly database: string;
  /** Undefined when the engine has no reading to answer with (none, it drops a word, or two answers are about as likely). */
  readonly features?: Features;
  readonly correct: boolean;
}

export function decisionExamples(questions: readonly LabelledQuestion[], weights: Readonly<Record<string, number>>): DecisionExample[] {
  return questions.map((question) => {
    const scored = question.candidates
      .map((candidate) => ({ ...candidate, score: Object.entries(candidate.features).reduce((sum, [name, value]) => sum + (weights[name] ?? 0) * value, 0) }))
      .sort((left, right) => right.score - left.score);
    const best = scored[0];
    if (!best || best.blocked) return { database: question.database, correct: false };
    const evidence = evidenceOf(scored, weights[DECLINE_FEATURE] ?? 0);
    // As decide() does: two different answers close in likelihood are declined whatever the confidence.
    if (evidence.next > 0 && evidence.probability < DEFAULT_MIN_ODDS * evidence.next) return { database: question.database, correct: false };
    return { database: question.database, features: confidenceFeatures(best.features, evidence.probability, evidence.lead, scored.length), correct: best.correct };
  });
}

/** Logistic regression by Adam with an L2 penalty. */
export function fitConfidence(examples: readonly DecisionExample[], epochs = 300, l2 = 0.01): Record<string, number> {
  const usable = examples.filter((example): example is DecisionExample & { features: Features } => example.features !== undefined);
  const names = [...new Set(usable.flatMap((example) => Object.keys(example.features)))];
  const index = new Map(names.map((name, position) => [name, position]));
  const data = usable.map((example) => ({ sparse: Object.entries(example.features).map(([name, value]) => [index.get(name) ?? 0, value] as const), label: example.correct ? 1 : 0 }));
  const weights = new Float64Array(names.length);
  const first = new Float64Array(names.length);
  const second = new Float64Array(names.length);
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    const gradient = new Float64Array(names.length);
    for (const { sparse, label } of data) {
      const score = sparse.reduce((sum, [position, value]) => sum + weights[position] * value, 0);
      const error = label - 1 / (1 + Math.exp(-score));
      for (const [position, value] of sparse) gradient[position] += error * value;
    }
    for (let position = 0; position < names.length; position += 1) {
      const g = gradient[position] / Math.max(1, data.length) - l2 * weights[position];
      first[position] = 0.9 * first[position] + 0.1 * g;
      second[position] = 0.999 * second[position] + 0.001 * g * g;
      weights[position] += 0.05 * (first[position] / (1 - 0.9 ** epoch)) / (Math.sqrt(second[position] / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  const result: Record<string, number> = {};
  names.forEach((name, position) => {
    if (Math.abs(weights[position]) >= 1e-4) result[name] = Number(weights[position].toFixed(4));
  });
  return result;
}

export interface Scored {
  readonly confidence: number;
  readonly correct: boolean;
}

export function scoredExamples(examples: readonly DecisionExample[], model: Omit<ConfidenceModel, 'threshold'>): Scored[] {
  return examples.map((example) => ({ confidence: example.features ? confidenceOf(example.features, { ...model, threshold: 0 }) : -1, correct: example.correct }));
}

export interface Calibration {
  readonly threshold: number;
  readonly precision: number;
  readonly coverage: number;
}

/** The lowest threshold (most answers) at which the answered questions are right at least `precision` of the time. */
export function chooseThreshold(scored: readonly Scored[], precision: number): Calibration {
  const answerable = scored.filter((entry) => entry.confidence >= 0).sort((left, right) => right.confidence - left.confidence);
  let best: Calibration = { threshold: 1, precision: 1, coverage: 0 };
  let right = 0;
  answerable.forEach((entry, index) => {
    if (entry.correct) right += 1;
    const answered = index + 1;
    const next = answerable[index + 1];
    if (next && next.confidence === entry.confidence) return;
    if (right / answered >= precision && answered / scored.length > best.coverage) best = { threshold: entry.confidence, precision: right / answered, coverage: answered / scored.length };
  });
  return best;
}

export function scoreAt(scored: readonly Scored[], threshold: number): { precision: number; coverage: number } {
  const answered = scored.filter((entry) => entry.confidence >= threshold && entry.confidence >= 0);
  return { precision: answered.length === 0 ? 1 : answered.filter((entry) => entry.correct).length / answered.length, coverage: answered.length / Math.max(1, scored.length) };
}
