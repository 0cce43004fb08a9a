/**
 * "How many members are in Oslo?": the members' own city, or the city of the bookings they made.
 * A reading that asks the best reading's question through a detour is the same question (the
 * nearer reading is meant), so its likelihood is the best reading's, not a rival answer's; but not
 * a reading that counts at another distance what says something else ("orders named 'Zed'": of a
 * customer named Zed, or with a product named Zed). On schemas the engine was not tuned on.
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

/** A model confident exactly when the best reading holds more than its own likelihood and less than its runner-up's added to it. */
function confidentOnlyPooled(shipped: Model, alone: { probability: number; next: number }): Model {
  const between = alone.probability + alone.next / 2;
  return { ...shipped, confidence: { threshold: 0.5, weights: { 'confidence.bias': -100 * between, 'decision.probability': 100 } } };
}

it('lends the best reading the likelihood of its detour', () => {
  const shipped = shippedModel();
  const { candidates, tokens } = readQuestion('How many members are in Oslo?', club, values, shipped, { ...DEFAULT_READ_OPTIONS, now });
  const [best, detour] = candidates;
  expect(best.planned.query.root).toBe('member');
  expect(closerReadingOfSameQuestion(best, detour)).toBe(true);
  const alone = evidenceOf(candidates, shipped.weights[DECLINE_FEATURE] ?? 0);
  expect(alone.nextCore).toBe(detour.core);
  const decision = decide(candidates, tokens, confidentOnlyPooled(shipped, alone));
  expect(decision.kind).toBe('answer');
  expect(decision.kind === 'answer' && decision.candidate).toBe(best);
});

it('lends nothing from a reading that counts at another distance what says something else', () => {
  const shop = catalog(
    entity({ name: 'customer', rows: 500, columns: [['id', 'integer'], ['name', 'text']] }),
    entity({ name: 'product', rows: 300, columns: [['id', 'integer'], ['name', 'text']] }),
    entity({ name: 'sale', rows: 9_000, references: { customer_id: 'customer' }, columns: [['id', 'integer'], ['customer_id', 'integer'], ['sold_on', 'date']] }),
    entity({ name: 'sale_line', rows: 30_000, references: { sale_id: 'sale', product_id: 'product' }, columns: [['id', 'integer'], ['sale_id', 'integer'], ['product_id', 'integer'], ['quantity', 'integer']] }),
  );
  const shipped = shippedModel();
  const { candidates, tokens } = readQuestion("How many sales named 'Zed'?", shop, [], shipped, { ...DEFAULT_READ_OPTIONS, now });
  const [best, other] = candidates;
  expect(closerReadingOfSameQuestion(best, other)).toBe(true);
  const named = (candidate: typeof best) => candidate.planned.query.filters.flatMap((filter) => (filter.op === 'eq' && filter.expression.kind === 'field' ? [filter.expression.entity] : []));
  expect(named(best)).not.toEqual(named(other));
  const alone = evidenceOf(candidates, shipped.weights[DECLINE_FEATURE] ?? 0);
  expect(decide(candidates, tokens, confidentOnlyPooled(shipped, alone)).kind).toBe('decline');
});
