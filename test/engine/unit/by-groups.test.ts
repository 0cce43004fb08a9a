/**
 * "the total amount of unpaid bills by client": "by" between rows named and an entity (not after a
 * verb, not before a value) can only group them. No reading may leave it unread and sum every
 * unpaid bill, or every payment of one, with the clients merely related (a retrained model had made
 * that the best reading of such a question). On a billing schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const billing = catalog(
  entity({ name: 'client', rows: 300, columns: [['id', 'integer'], ['client_name', 'text']] }),
  entity({ name: 'bill', rows: 9000, columns: [['id', 'integer'], ['client_id', 'integer'], ['bill_state', 'text'], ['amount', 'number'], ['due_on', 'date']], references: { client_id: 'client' } }),
  entity({ name: 'payment', rows: 8000, columns: [['id', 'integer'], ['bill_id', 'integer'], ['amount', 'number'], ['paid_on', 'date']], references: { bill_id: 'bill' } }),
);
const values = [{ entity: 'bill', column: 'bill_state', values: ['unpaid', 'settled'] }];
const readings = (question: string) => readQuestion(question, billing, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query));

it.each(['total amount of unpaid bills by client', 'the amount of unpaid bills by client'])('every reading of "%s" groups by client', (question) => {
  for (const summary of readings(question)) expect(summary.dimensions, JSON.stringify(summary)).toContain('client.id');
});

it('still reads the question', () => {
  expect(readings('total amount of unpaid bills by client').length).toBeGreaterThan(0);
});

it('totals an amount said by a time grain, never groups by the amount', () => {
  const [best] = readings('payment amount per month');
  expect(best?.measures).toEqual(['sum(payment.amount)']);
  expect(best?.dimensions).toEqual(['payment.paid_on/month']);
});
