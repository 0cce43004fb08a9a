import { describe, expect, it } from 'vitest';
import { decisionExamples, fitConfidence, type DecisionExample } from '../training/calibrate.ts';
import type { LabelledQuestion } from '../training/fit-weights.ts';

const example = (features: Record<string, number>, correct: boolean): DecisionExample => ({ database: 'db', features, correct });

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
});

describe('decision examples', () => {
  const question = (scores: readonly [number, boolean][]): LabelledQuestion => ({
    id: 'q', database: 'db',
    candidates: scores.map(([score, correct], index) => ({ features: { strength: score }, correct, blocked: false, core: `answer ${index}` })),
  });

  it('are calibrated on what the engine answers: two different answers about as likely are a decline', () => {
    const [close] = decisionExamples([question([[1, true], [0.9, false]])], { strength: 1, 'decline.bias': -10 });
    expect(close.features).toBeUndefined();
    const [clear] = decisionExamples([question([[3, true], [0, false]])], { strength: 1, 'decline.bias': -10 });
    expect(clear.features).toBeDefined();
    expect(clear.correct).toBe(true);
  });
});
