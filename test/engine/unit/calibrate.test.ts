import { describe, expect, it } from 'vitest';
import { fitConfidence, layerOnlyFeatures, type DecisionExample } from '../training/calibrate.ts';
import type { LabelledQuestion } from '../training/fit-weights.ts';

const example = (features: Record<string, number>, correct: boolean, database = 'db'): DecisionExample => ({ database, features, correct });

describe('the confidence fit', () => {
  it('learns a feature that separates right from wrong answers', () => {
    const examples = [
      ...Array.from({ length: 20 }, () => example({ 'confidence.bias': 1, good: 1 }, true)),
      ...Array.from({ length: 20 }, () => example({ 'confidence.bias': 1, bad: 1 }, false)),
    ];
    const weights = fitConfidence(examples);
    expect(weights.good).toBeGreaterThan(0.5);
    expect(weights.bad).toBeLessThan(-0.5);
  });

  it('with a base and a subset, fits only the subset and leaves the base to score the rest', () => {
    const base = { 'confidence.bias': 3 };
    // The base already says "right" (bias 3); examples with the layer feature are mostly wrong.
    const examples = [
      ...Array.from({ length: 30 }, () => example({ 'confidence.bias': 1, 'reading.layer.link': 1 }, false)),
      ...Array.from({ length: 30 }, () => example({ 'confidence.bias': 1 }, true)),
    ];
    const weights = fitConfidence(examples, { epochs: 300, l2: 0.01, base, only: new Set(['reading.layer.link']) });
    expect(Object.keys(weights)).toEqual(['reading.layer.link']);
    expect(weights['reading.layer.link']).toBeLessThan(-3);
  });
});

describe('layer-only features', () => {
  it('are the reading features the layer examples have and no tuning-database reading does', () => {
    const tuning: LabelledQuestion[] = [{ id: 'q1', database: 'db', candidates: [{ features: { 'link.exact': 1 }, correct: true, blocked: false, core: 'a' }, { features: { 'rank.count': 1 }, correct: false, blocked: false, core: 'b' }] }];
    const layer = [
      example({ 'confidence.bias': 1, 'reading.link.exact': 1, 'reading.rank.count': 1, 'reading.layer.link': 2 }, true),
      example({ 'decision.lead': 0.5, 'reading.metric.used': 1 }, false),
    ];
    expect([...layerOnlyFeatures(layer, tuning)].sort()).toEqual(['reading.layer.link', 'reading.metric.used']);
  });
});
