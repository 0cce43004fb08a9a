/**
 * "The oldest shipment": a thing's age runs from the date that places it in time, so the oldest
 * has the earliest date and the newest the latest; "older than 30" still compares no date with a
 * number. On a freight schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const freight = catalog(
  entity({ name: 'shipment', rows: 5000, columns: [['id', 'integer'], ['tracking_code', 'text'], ['weight_kg', 'number'], ['shipped_on', 'date']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: freight, values: [], now }, { model: bestReadingModel(), suggest: false });

it('ranks the oldest shipment by the earliest shipping date', () => {
  const result = plan('what is the tracking code of the oldest shipment?');
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(summarise(result.query).order).toEqual(['shipped asc']);
  expect(result.query.limit).toBe(1);
});

it('never compares a date with a number of years', () => {
  const result = plan('shipments older than 30');
  expect(result.ok && summarise(result.query).filters.some((filter) => filter.startsWith('shipment.shipped_on'))).toBe(false);
});
