/**
 * "How many X have more than N Y" is one number: the X whose count of related Y passes the
 * comparison (a related count), not the X grouped by themselves with each one's count. A period
 * said after the counted rows dates them. "Which X have more than N Y" stays a list of the X with
 * their counts. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const library = catalog(
  entity({ name: 'member', rows: 400, columns: [['id', 'integer'], ['member_name', 'text'], ['joined_on', 'date']] }),
  entity({ name: 'loan', rows: 9000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['loan_date', 'date'], ['fine_amount', 'number']] }),
);

const best = (question: string) => {
  const [candidate] = readQuestion(question, library, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(candidate, question).toBeDefined();
  return candidate!.planned.query;
};

it.each([
  ['How many members have made more than 3 loans?', 'gt', [3]],
  ['how many members have at least 10 loans', 'gte', [10]],
])('counts the rows by their number of related rows: "%s"', (question, op, values) => {
  const query = best(question);
  expect(query.root).toBe('member');
  expect(query.dimensions).toEqual([]);
  expect(query.having).toEqual([]);
  expect(query.measures.map((measure) => measure.aggregate)).toEqual(['count']);
  expect(query.related).toEqual([expect.objectContaining({ root: 'loan', exists: true, filters: [], count: { op, values } })]);
});

it('dates the counted rows by a period said after them', () => {
  const query = best('How many members made more than 2 loans in 2024?');
  expect(query.filters).toEqual([]);
  const [related] = query.related ?? [];
  expect(related?.count).toEqual({ op: 'gt', values: [2] });
  expect(related?.filters.map((filter) => [filter.expression.kind === 'field' ? filter.expression.column : '', filter.op, filter.values])).toEqual([
    ['loan_date', 'gte', ['2024-01-01']],
    ['loan_date', 'lt', ['2025-01-01']],
  ]);
});

it('keeps "which … have more than" a list of the rows with their counts', () => {
  const query = best('Which members have more than 3 loans?');
  expect(query.related ?? []).toEqual([]);
  expect(query.having).toEqual([expect.objectContaining({ op: 'gt', values: [3] })]);
});
