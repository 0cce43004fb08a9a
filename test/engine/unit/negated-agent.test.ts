/**
 * "Not made by wire", "not handled by Harbour": a negation before a verb and "by" negates the value
 * said after them; "by" after a verb says by what, not per what. On a schema the engine was not
 * tuned on.
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
