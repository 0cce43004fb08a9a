/**
 * A reference to other rows is never a quantity: "how much do clients owe?" never adds up (or
 * averages) the invoices' client_id, whatever words name it. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const billing = catalog(
  entity({ name: 'client', rows: 300, columns: [['id', 'integer'], ['client_name', 'text']] }),
  entity({ name: 'bill', rows: 4000, references: { client_id: 'client' }, columns: [['id', 'integer'], ['client_id', 'integer'], ['billed_on', 'date'], ['total_due', 'number']] }),
);

it.each(['how much do clients owe us?', 'total clients of bills', 'average client of the bills'])('never sums or averages a foreign key: "%s"', (question) => {
  for (const candidate of readQuestion(question, billing, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
    const keyed = candidate.planned.query.measures.filter((measure) => (measure.aggregate === 'sum' || measure.aggregate === 'avg')
      && measure.expression?.kind === 'field' && measure.expression.column === 'client_id');
    expect(keyed, candidate.key).toEqual([]);
  }
});
