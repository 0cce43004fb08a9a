/**
 * "How many members are in Oslo?": the members' own city, or the city of the bookings they made.
 * A reading that asks the best reading's question through a detour is the same question (the
 * nearer reading is meant), so its likelihood is the best reading's, not a rival answer's. On a
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { closerReadingOfSameQuestion, decide, evidenceOf } from '../../../src/engine/readings/decide.ts';
import { DECLINE_FEATURE, shippedModel, type Model } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text'], ['joined_on', 'date']] }),
  entity({ name: 'booking', rows: 20_000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['city', 'text'], ['booked_on', 'date'], ['fee', 'number']] }),
);
const values = [{ entity: 'member', column: 'city', values: ['Oslo', 'Bergen'] }, { entity: 'booking', column: 'city', values: ['Oslo', 'Bergen', 'Lyon'] }];

it('lends the best reading the likelihood of its detour', () => {
  const shipped = shippedModel();
  const { candidates, tokens } = readQuestion('How many members are in Oslo?', club, values, shipped, { ...DEFAULT_READ_OPTIONS, now });
  const [best, detour] = candidates;
  expect(best.planned.query.root).toBe('member');
  expect(closerReadingOfSameQuestion(best, detour)).toBe(true);
  const alone = evidenceOf(candidates, shipped.weights[DECLINE_FEATURE] ?? 0);
  expect(alone.nextCore).toBe(detour.core);
  // Confident exactly when the best reading holds more than its own likelihood and less than its detour's added to it.
  const between = alone.probability + alone.next / 2;
  const model: Model = { ...shipped, confidence: { threshold: 0.5, weights: { 'confidence.bias': -100 * between, 'decision.probability': 100 } } };
  const decision = decide(candidates, tokens, model);
  expect(decision.kind).toBe('answer');
  expect(decision.kind === 'answer' && decision.candidate).toBe(best);
});
