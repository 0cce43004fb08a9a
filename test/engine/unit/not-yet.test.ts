/**
 * "How many orders have yet to ship?" had been answered as the orders shipped (on the wholesale
 * sample), and "How many parcels remain unshipped?" as all parcels: "yet to", "still to" and "waiting
 * to" negate the event after them, and a negated participle ("unshipped", "unpaid") is never dropped;
 * a reading that leaves the negation out is no reading. On a courier schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const courier = catalog(
  entity({ name: 'parcel', rows: 50_000, columns: [['id', 'integer'], ['tracking_code', 'text'], ['weight_kg', 'number'], ['booked_on', 'date'], ['shipped_date', 'date']] }),
);
const plan = (question: string) => planQuestion(question, { catalog: courier, values: [], now }, { suggest: false });

it.each([
  'How many parcels have yet to be shipped?',
  'How many parcels are still to be shipped?',
  'How many parcels are waiting to be shipped?',
])('"%s" is read as the parcels not shipped, or not at all', (question) => {
  for (const candidate of readQuestion(question, courier, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
    expect(summarise(candidate.planned.query).filters).toEqual(['parcel.shipped_date is_null']);
  }
});

it('never drops a negated participle', () => {
  const result = plan('How many parcels remain unshipped?');
  if (result.ok) expect(summarise(result.query).filters).toEqual(['parcel.shipped_date is_null']);
});
