/**
 * Two keys of one table to another (an expense claim's submitter and its approver, both staff
 * members): the key whose own words the question says is the join, and the answer says which link it
 * took; with no such word the question stays unanswered. On an expenses schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const expenses = catalog(
  entity({ name: 'staff_member', rows: 50, columns: [['id', 'integer'], ['full_name', 'text']] }),
  entity({
    name: 'expense_claim', rows: 5000,
    columns: [['id', 'integer'], ['submitted_by_id', 'integer'], ['approved_by_id', 'integer'], ['amount', 'number'], ['claimed_on', 'date']],
    references: { submitted_by_id: 'staff_member', approved_by_id: 'staff_member' },
  }),
);
const values = [{ entity: 'staff_member', column: 'full_name', values: ['Mira Stone', 'Joel Park'] }];
const plan = (question: string) => planQuestion(question, { catalog: expenses, values, now }, { suggest: false });

it.each([
  ['How many expense claims did Mira Stone approve?', 'approved_by_id', 'approved by'],
  ['How many expense claims did Mira Stone submit?', 'submitted_by_id', 'submitted by'],
])('joins "%s" through the key its verb names', (question, key, said) => {
  const result = plan(question);
  if (!result.ok) throw new Error(`declined: ${result.reason}`);
  expect(result.query.joins.map((join) => join.fromColumns.join(','))).toEqual([key]);
  expect(result.assumptions.join(' ')).toContain(`expense claim's ${said}`);
});

it('does not pick one of the two keys when the question names neither', () => {
  expect(plan('number of expense claims per staff member').ok).toBe(false);
});
