/**
 * "the full names of members" where members keep a first and a last name apart: every name shown is
 * whole, so "full" asks for nothing more than the name; it had been declined as a word no reading
 * used. On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 40, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['joined_on', 'date'], ['town', 'text']] }),
);
const values = [{ entity: 'member', column: 'town', values: ['Leeds', 'York'] }];
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { suggest: false });

it.each(['What are the full names of all members?', 'list the complete names of the members'])('"%s" shows each member\'s first and last name', (question) => {
  const result = plan(question);
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).columns).toEqual(['member.first_name', 'member.last_name']);
});

it('still declines a "full" that says something of the rows ("full members")', () => {
  expect(plan('how many full members are there?').ok).toBe(false);
});
