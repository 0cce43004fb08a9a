/** The log-linear reading model: scores, the softmax with declining, and the shipped weights. */
import { describe, expect, it } from 'vitest';
import { confidenceFeatures, confidenceOf, CONFIDENCE_BIAS } from '../../../src/engine/readings/confidence.ts';
import { DECLINE_FEATURE, scoreOf, shippedModel, softmax } from '../../../src/engine/readings/model.ts';

describe('scoreOf', () => {
  it('is the weighted sum of features, unknown features weighing nothing', () => {
    expect(scoreOf({ 'link.exact': 2, 'join.hops': 1, unknown: 5 }, { 'link.exact': 0.5, 'join.hops': -0.25 })).toBeCloseTo(0.75, 10);
    expect(scoreOf({}, { 'link.exact': 1 })).toBe(0);
  });
});

describe('softmax', () => {
  it('gives probabilities of each score and of declining, declining last, summing to one', () => {
    const probabilities = softmax([1, 0], 0);
    expect(probabilities).toHaveLength(3);
    expect(probabilities.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 12);
    expect(probabilities[1]).toBeCloseTo(probabilities[2], 12);
    expect(probabilities[0]).toBeCloseTo(Math.E / (Math.E + 2), 12);
  });

  it('stays finite for large scores', () => {
    const probabilities = softmax([1000, 999], -1000);
    expect(probabilities.every(Number.isFinite)).toBe(true);
    expect(probabilities[0]).toBeCloseTo(Math.E / (Math.E + 1), 10);
  });
});

describe('confidence', () => {
  it('names the decision evidence and prefixes the reading features', () => {
    const features = confidenceFeatures({ 'link.exact': 1 }, 0.8, 0.3, 4);
    expect(features).toEqual({ [CONFIDENCE_BIAS]: 1, 'decision.probability': 0.8, 'decision.lead': 0.3, 'decision.competitors': Math.log1p(4), 'reading.link.exact': 1 });
  });

  it('is a logistic of the weighted features', () => {
    expect(confidenceOf({ [CONFIDENCE_BIAS]: 1 }, { weights: {}, threshold: 0.5 })).toBe(0.5);
    expect(confidenceOf({ [CONFIDENCE_BIAS]: 1, 'decision.lead': 0.5 }, { weights: { [CONFIDENCE_BIAS]: 1, 'decision.lead': 2 }, threshold: 0.5 })).toBeCloseTo(1 / (1 + Math.exp(-2)), 12);
  });
});

describe('shippedModel', () => {
  const model = shippedModel();

  it('is loaded once', () => {
    expect(shippedModel()).toBe(model);
  });

  it('has finite weights, a weight for declining and a threshold between 0 and 1', () => {
    expect(Object.values(model.weights).every(Number.isFinite)).toBe(true);
    expect(Object.values(model.confidence.weights).every(Number.isFinite)).toBe(true);
    expect(model.weights[DECLINE_FEATURE]).toBeTypeOf('number');
    expect(model.confidence.threshold).toBeGreaterThan(0);
    expect(model.confidence.threshold).toBeLessThan(1);
    expect(model.confidence.weights[CONFIDENCE_BIAS]).toBeTypeOf('number');
  });
});
