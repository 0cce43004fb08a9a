/**
 * "Which clerk handled parcel 7001?": a number right after rows named is the key of one of them,
 * and the verb after its subject ("clerk handled") says what the clerk did, not a state of the
 * parcels. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const post = catalog(
  entity({ name: 'clerk', rows: 50, columns: [['id', 'integer'], ['clerk_name', 'text']] }),
  entity({ name: 'parcel', rows: 90000, references: { clerk_id: 'clerk' }, columns: [['id', 'integer'], ['clerk_id', 'integer'], ['weight_kg', 'number'], ['sent_on', 'date']] }),
);
const best = (question: string) => {
  const [candidate] = readQuestion(question, post, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && summarise(candidate.planned.query);
};

it('reads the number after the rows as their key', () => {
  expect(best('what is the weight of parcel 7001')?.filters).toEqual(['parcel.id eq 7001']);
});

it('finds the related row of the row that key picks', () => {
  const summary = best('which clerk handled parcel 7001');
  expect(summary?.filters).toContain('parcel.id eq 7001');
  expect(summary?.columns).toContain('clerk.clerk_name');
});
