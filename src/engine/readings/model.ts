/**
 * The log-linear model over readings: a reading's score is the weighted sum of its features, and
 * readings compete with declining (a score of its own) through a softmax. The weights are learned
 * by `npm run train:engine` on the tuning set's fit split and shipped as weights.json beside this
 * file, with the confidence model and its threshold, calibrated on databases the weights were not
 * fitted on.
 */
import { readFileSync } from 'node:fs';
import type { ConfidenceModel } from './confidence.ts';
import type { Features } from './features.ts';

export interface Model {
  /** Weights of reading features: a reading's score. */
  readonly weights: Readonly<Record<string, number>>;
  /** How sure the engine must be of the best reading to answer. */
  readonly confidence: ConfidenceModel;
}

/** The feature every decline has: its weight is the score of "I can't answer that". */
export const DECLINE_FEATURE = 'decline.bias';

export function scoreOf(features: Features, weights: Readonly<Record<string, number>>): number {
  let score = 0;
  for (const name in features) score += (weights[name] ?? 0) * features[name];
  return score;
}

let shipped: Model | undefined;

/** The model shipped with the engine. */
export function shippedModel(): Model {
  shipped ??= JSON.parse(readFileSync(new URL('./weights.json', import.meta.url), 'utf8')) as Model;
  return shipped;
}

/** Probabilities of each score and of declining, in the same order, declining last. */
export function softmax(scores: readonly number[], declineScore: number): number[] {
  const all = [...scores, declineScore];
  const top = Math.max(...all);
  const exps = all.map((score) => Math.exp(score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return exps.map((value) => value / total);
}
