/**
 * How likely the best reading is right: a logistic model over the decision's own evidence — the
 * reading model's probability for the best reading and its lead over the runner-up, how many
 * readings competed, and the best reading's features. It is fitted on predictions for databases
 * the reading model was not fitted on, so that it measures how the engine does on unseen schemas.
 */
import { LAYER_LINK, type Features } from './features.ts';

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

/**
 * The evidence a reading built on a semantic layer gives again, under `layer.`: the tuning databases
 * have no layer, so what the same evidence is worth there (a grouped reading, a join, a lead) is
 * learned apart, by the layer calibration on the samples' layers, and cannot move a tuning
 * database's confidence.
 */
const LAYER_EVIDENCE = [CONFIDENCE_BIAS, 'decision.probability', 'decision.lead', 'reading.shape.aggregate', 'reading.shape.grouped', 'reading.shape.list', 'reading.shape.top', 'reading.join.hops'];

/** The evidence about a decision, as named features. */
export function confidenceFeatures(best: Features, probability: number, lead: number, competitors: number): Features {
  const features: Features = { [CONFIDENCE_BIAS]: 1, 'decision.probability': probability, 'decision.lead': lead, 'decision.competitors': Math.log1p(competitors) };
  for (const name in best) features[`reading.${name}`] = best[name];
  if ((best[LAYER_LINK] ?? 0) > 0) for (const name of LAYER_EVIDENCE) if (features[name]) features[`layer.${name}`] = features[name];
  return features;
}

export function confidenceOf(features: Features, model: ConfidenceModel): number {
  let score = 0;
  for (const name in features) score += (model.weights[name] ?? 0) * features[name];
  return 1 / (1 + Math.exp(-score));
}
