/**
 * How likely the best reading is right: a logistic model over the decision's own evidence — the
 * reading model's probability for the best reading and its lead over the runner-up, how many
 * readings competed, and the best reading's features. It is fitted on predictions for databases
 * the reading model was not fitted on, so that it measures how the engine does on unseen schemas.
 */
import type { Features } from './features.ts';

export interface ConfidenceModel {
  readonly weights: Readonly<Record<string, number>>;
  /** Answer only at or above this confidence. */
  readonly threshold: number;
  /**
   * The best answer must be at least this many times as likely as the next different answer:
   * two readings close in likelihood that give different rows are a question to ask back, not a
   * guess. Default 2.
   */
  readonly minOdds?: number;
}

export const DEFAULT_MIN_ODDS = 2;

export const CONFIDENCE_BIAS = 'confidence.bias';

/** The evidence about a decision, as named features. */
export function confidenceFeatures(best: Features, probability: number, lead: number, competitors: number): Features {
  const features: Features = { [CONFIDENCE_BIAS]: 1, 'decision.probability': probability, 'decision.lead': lead, 'decision.competitors': Math.log1p(competitors) };
  for (const name in best) features[`reading.${name}`] = best[name];
  return features;
}

export function confidenceOf(features: Features, model: ConfidenceModel): number {
  let score = 0;
  for (const name in features) score += (model.weights[name] ?? 0) * features[name];
  return 1 / (1 + Math.exp(-score));
}
