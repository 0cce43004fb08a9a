/**
 * "How many nurses are older than 40?": a value said where the counted rows are named counts the
 * rows that hold it. A value followed by its column's noun ("how many double rooms") or a word that
 * also names a column is not read so. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = catalog(
  entity({ name: 'staff_member', rows: 400, columns: [['id', 'integer'], ['full_name', 'text'], ['profession', 'text'], ['age', 'integer']] }),
  entity({ name: 'ward', rows: 40, columns: [['id', 'integer'], ['ward_name', 'text'], ['bed_kind', 'text'], ['beds', 'integer']] }),
);
const values: readonly ColumnValues[] = [
  { entity: 'staff_member', column: 'profession', values: ['nurse', 'surgeon', 'porter'] },
  { entity: 'ward', column: 'bed_kind', values: ['Double', 'Single'] },
];

const best = (question: string) => readQuestion(question, clinic, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];

it('counts the rows that hold the value said as the counted noun', () => {
  const query = best('how many nurses are older than 40')?.planned.query;
  expect(query?.measures.map((measure) => measure.aggregate)).toEqual(['count']);
  expect(query?.filters.map((filter) => [filter.expression.kind === 'field' && filter.expression.column, filter.op, filter.values])).toEqual([
    ['profession', 'eq', ['nurse']],
    ['age', 'gt', [40]],
  ]);
});

it('does not count rows for a value followed by a noun of its own', () => {
  const query = best('how many double beds are there')?.planned.query;
  expect(query?.measures.some((measure) => measure.aggregate === 'count' && !measure.expression)).not.toBe(true);
});
