/**
 * Words that reach past others to what they govern, on a schema the engine was not tuned on: a
 * negation before a verb and "by" negates the value said after them ("not made by wire": "by"
 * after a verb says by what, not per what); a superlative reaches past a value of the rows ("the
 * largest wire remittance total"), and so does an aggregate ("the average cash remittance total").
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const ledger = catalog(entity({ name: 'remittance', rows: 9_000, columns: [['id', 'integer'], ['received_on', 'date'], ['total', 'number'], ['channel', 'text']] }));
const values: readonly ColumnValues[] = [{ entity: 'remittance', column: 'channel', values: ['Card', 'Wire', 'Cash'] }];

it.each(['how many remittances were not made by wire?', 'the number of remittances not sent by wire'])('negates the value: "%s"', (question) => {
  const best = readQuestion(question, ledger, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
  expect(best?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'remittance', column: 'channel' }, op: 'neq', values: ['Wire'] }));
  expect(best?.dimensions).toEqual([]);
});

it.each([['the largest wire remittance total', 'Wire'], ['what is the biggest card remittance total?', 'Card']])('reaches a superlative past a value of the rows: "%s"', (question, value) => {
  const best = readQuestion(question, ledger, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
  expect(best?.measures).toMatchObject([{ aggregate: 'max', expression: { kind: 'field', column: 'total' } }]);
  expect(best?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'remittance', column: 'channel' }, op: 'eq', values: [value] }));
});

it.each([['total wire remittance total', 'sum', 'Wire'], ['the average cash remittance total', 'avg', 'Cash']])('reaches an aggregate past a value of the rows: "%s"', (question, aggregate, value) => {
  const best = readQuestion(question, ledger, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
  expect(best?.measures).toMatchObject([{ aggregate, expression: { kind: 'field', column: 'total' } }]);
  expect(best?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'remittance', column: 'channel' }, op: 'eq', values: [value] }));
  expect(best?.dimensions).toEqual([]);
});
