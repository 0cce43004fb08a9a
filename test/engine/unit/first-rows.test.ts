/**
 * "the first 3 members": with nothing else to order by, the first are the earliest by the rows' own
 * date; with no date to order by, no reading lists any three. On a club schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const readings = (question: string, dated: boolean) => {
  const columns: [string, 'integer' | 'text' | 'date'][] = [['id', 'integer'], ['full_name', 'text'], ...(dated ? [['joined_on', 'date'] as [string, 'date']] : [])];
  const club = catalog(entity({ name: 'member', rows: 300, columns }));
  return readQuestion(question, club, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query));
};

it('orders the first rows by their own date, earliest first', () => {
  const limited = readings('the names of the first 3 members', true).filter((each) => each.limit === 3);
  expect(limited.length).toBeGreaterThan(0);
  for (const summary of limited) expect(summary.order[0]).toMatch(/^joined\S* asc$/);
});

it('lists no rows in no order when there is no date to say which are first', () => {
  expect(readings('the names of the first 3 members', false).filter((summary) => summary.limit === 3 && summary.order.length === 0)).toEqual([]);
});
