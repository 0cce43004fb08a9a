/**
 * Guards the built-in engine's execution accuracy on the sample-dataset question set
 * (test/engine/questions/samples.json) so quality cannot silently drop. The floors sit about two
 * points below what the engine scored when they were last raised; raise them as the engine
 * improves (`npm run bench:samples` prints the figures and every wrong answer).
 */
import { describe, expect, it } from 'vitest';
import { evaluateSampleQuestions, loadSampleQuestions, scoreOf, type Outcome } from './accuracy/evaluate-samples.ts';
import { SHARED_SAMPLES_DIR } from '../support/paths.ts';

/** Measured after the Spider precision work: precision 99.2 % (259 / 261), coverage 89.1 % (261 / 293). */
const PRECISION_FLOOR = 0.98;
const COVERAGE_FLOOR = 0.88;

describe('execution accuracy on the sample datasets', () => {
  const questions = loadSampleQuestions();
  let outcomes: Outcome[] = [];

  it('runs every question through the real pipeline', { timeout: 50_000 }, async () => {
    outcomes = await evaluateSampleQuestions(questions, { samplesDir: process.env.QUERENT_SAMPLES_DIR ?? SHARED_SAMPLES_DIR });
    expect(outcomes).toHaveLength(questions.length);
  });

  it(`keeps precision at or above ${PRECISION_FLOOR * 100} %`, () => {
    const wrong = outcomes.filter((outcome) => outcome.status === 'wrong' || outcome.status === 'failed').map((outcome) => `${outcome.question.id} ${outcome.question.question}`);
    expect(scoreOf(outcomes).precision, `wrong answers:\n${wrong.join('\n')}`).toBeGreaterThanOrEqual(PRECISION_FLOOR);
  });

  it(`keeps coverage at or above ${COVERAGE_FLOOR * 100} %`, () => {
    expect(scoreOf(outcomes).coverage).toBeGreaterThanOrEqual(COVERAGE_FLOOR);
  });
});
