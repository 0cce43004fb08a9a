/**
 * "What is the total of unpaid bills?": a row's own id is no quantity, so no reading totals or
 * averages it; the total is of the amount. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const ledger = catalog(entity({ name: 'bill', rows: 5000, columns: [['bill_id', 'integer'], ['state', 'text'], ['amt', 'number']] }));
const keyed = { ...ledger, entities: ledger.entities.map((element) => ({ ...element, primaryKey: ['bill_id'] })) };

it('never totals or averages the rows\' own id', () => {
  for (const question of ['what is the total of the bills', 'average bill id', 'total bill id']) {
    for (const candidate of readQuestion(question, keyed, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
      expect(summarise(candidate.planned.query).measures).not.toContainEqual(expect.stringMatching(/^(sum|avg)\(bill\.bill_id\)$/));
    }
  }
});
