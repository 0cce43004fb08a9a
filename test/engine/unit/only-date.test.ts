/**
 * A table's only date answers to "date" whatever else its name says (createdate, registered_on);
 * with two dates, "date" alone names neither. On a forum schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const forum = catalog(
  entity({ name: 'post', rows: 9000, columns: [['id', 'integer'], ['body', 'text'], ['createdate', 'timestamp']] }),
  entity({ name: 'poll', rows: 90, columns: [['id', 'integer'], ['question', 'text'], ['opens_on', 'date'], ['closes_on', 'date']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: forum, values: [], now }, { model: bestReadingModel(), suggest: false });

it('orders posts by their only date', () => {
  const result = plan('list the body of all posts in the order of date');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).order).toEqual(['create_date asc']);
});

it('never picks one of two dates for "date" alone', () => {
  const result = plan('list the questions of all polls in the order of date');
  expect(result.ok && summarise(result.query).order.some((order) => /opens|closes/.test(order))).toBe(false);
});
