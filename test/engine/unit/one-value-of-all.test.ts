/**
 * "What is the total amount of all receipts?" asks one value of all the receipts: a list of each
 * receipt's total_amount does not answer it (it had been answered so at 0.92 confidence); "what are
 * the total amounts of all receipts?" still lists them. On a retail schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const retail = catalog(entity({ name: 'receipt', rows: 90000, columns: [['id', 'integer'], ['receipt_no', 'text'], ['payment_method', 'text'], ['total_amount', 'number']] }));
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: retail, values: [], now }, { model: bestReadingModel(), suggest: false });

it('never lists each row for one value asked of all of them', () => {
  const result = plan('What is the total amount of all receipts?');
  expect(result.ok ? summarise(result.query).columns : []).not.toContain('receipt.total_amount');
});

it('still lists them when several are asked for', () => {
  const result = plan('What are the total amounts of all receipts?');
  expect(result.ok && summarise(result.query).columns).toContain('receipt.total_amount');
});
