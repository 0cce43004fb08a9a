/**
 * Words for what a column holds, on a schema the engine was not tuned on: "money" names an
 * entity's one additive money column (and nothing on an entity with two); "delivery time" names
 * delivery_days, and "in days" after it says the unit it is kept in, which no other unit may say; a
 * bare number right after rows with one money column ("donations over 500") compares that column.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const charity = catalog(
  entity({ name: 'donor', rows: 500, columns: [['id', 'integer'], ['donor_name', 'text'], ['town', 'text']] }),
  entity({ name: 'donation', rows: 4000, references: { donor_id: 'donor' }, columns: [['id', 'integer'], ['donor_id', 'integer'], ['given_on', 'date'], ['amount', 'number']] }),
  entity({ name: 'grant', rows: 90, columns: [['id', 'integer'], ['grant_title', 'text'], ['amount_requested', 'number'], ['amount_awarded', 'number']] }),
  entity({ name: 'parcel', rows: 3000, references: { donor_id: 'donor' }, columns: [['id', 'integer'], ['donor_id', 'integer'], ['sent_on', 'date'], ['delivery_days', 'integer']] }),
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

it('reads "<stem> time" as a column kept in a unit of time, and the unit said after it', () => {
  const [best] = readings('average delivery time in days');
  expect(best?.unusedWords).toEqual([]);
  expect(best?.planned.query.measures).toEqual([expect.objectContaining({ aggregate: 'avg', expression: { kind: 'field', entity: 'parcel', column: 'delivery_days' } })]);
});

it('reads no unit a measure is not kept in', () => {
  const result = planQuestion('average delivery time in hours', { catalog: charity, values: [], now }, { suggest: false });
  expect(result).toMatchObject({ ok: false, words: ['hours'] });
});

it('compares the one money column with a bare number said right after the rows ("donations over 500")', () => {
  const [best] = readings('how many donations over 500');
  expect(best?.planned.query.filters).toEqual([expect.objectContaining({ expression: { kind: 'field', entity: 'donation', column: 'amount' }, op: 'gt', values: [500] })]);
});

it('compares nothing with a bare number after rows with no single money column ("grants over 500")', () => {
  const compared = readings('how many grants over 500').flatMap((candidate) => candidate.planned.query.filters);
  expect(compared).toEqual([]);
});
