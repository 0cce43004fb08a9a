/**
 * "The full name" is all of the name a row is shown by: first and last name where it has both. The
 * word "full" had been left unread, which declined the question. On a members schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['joined_on', 'date'], ['fee', 'number']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: club, values: [], now }, { model: bestReadingModel(), suggest: false });

it.each(['list the full names of all members', 'what is the full name of the member with the highest fee?'])('"%s" shows first and last name', (question) => {
  const result = plan(question);
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).columns.slice(0, 2)).toEqual(['member.first_name', 'member.last_name']);
});
