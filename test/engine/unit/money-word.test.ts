/**
 * "How much money": the word names an entity's one additive money column, on a schema the engine
 * was not tuned on; it names nothing on an entity with two money columns.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const charity = catalog(
  entity({ name: 'donor', rows: 500, columns: [['id', 'integer'], ['donor_name', 'text'], ['town', 'text']] }),
  entity({ name: 'donation', rows: 4000, references: { donor_id: 'donor' }, columns: [['id', 'integer'], ['donor_id', 'integer'], ['given_on', 'date'], ['amount', 'number']] }),
  entity({ name: 'grant', rows: 90, columns: [['id', 'integer'], ['grant_title', 'text'], ['amount_requested', 'number'], ['amount_awarded', 'number']] }),
);

const readings = (question: string) => readQuestion(question, charity, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;

it('sums the one money column of the rows named', () => {
  const [best] = readings('How much money did we receive in donations?');
  expect(best?.planned.query.measures).toEqual([expect.objectContaining({ aggregate: 'sum', expression: { kind: 'field', entity: 'donation', column: 'amount' } })]);
});

it('names no column of rows with two money columns', () => {
  const linked = readings('How much money did grants get?').flatMap((candidate) => candidate.planned.query.measures);
  expect(linked.filter((measure) => measure.expression?.kind === 'field' && measure.expression.entity === 'grant')).toEqual([]);
});
