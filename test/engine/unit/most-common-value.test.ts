/**
 * "which payment method is the most common": rows with no value have no method to be the most
 * common one (an empty churn reason had come first where most subscriptions have none). On a retail
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const retail = catalog(entity({ name: 'receipt', rows: 90000, columns: [['id', 'integer'], ['receipt_no', 'text'], ['payment_method', 'text'], ['total_amount', 'number']] }));
const values = [{ entity: 'receipt', column: 'payment_method', values: ['card', 'cash'] }];

it('counts only the rows that have a value', () => {
  const result = planQuestion('which payment method is the most common', { catalog: retail, values, now }, { model: bestReadingModel(), suggest: false });
  expect(result.ok && summarise(result.query)).toMatchObject({ dimensions: ['receipt.payment_method'], filters: ['receipt.payment_method not_null'], limit: 1 });
  expect(result.ok && result.interpretation).toContain('payment method is set');
});
