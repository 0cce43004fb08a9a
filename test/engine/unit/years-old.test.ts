/**
 * "18 years old", "over 40 years old": an age said with its unit compares the age; with only a
 * date of birth, no reading compares a date with a number of years. On a members schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const withAge = catalog(entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['age', 'integer'], ['fee', 'number']] }));
const withBirthDate = catalog(entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['birth_date', 'date'], ['fee', 'number']] }));
/** The best reading, answered whatever its confidence. */
const plan = (question: string, club = withAge) => planQuestion(question, { catalog: club, values: [], now }, { model: bestReadingModel(), suggest: false });

it.each([
  ['how many members are 30 years old?', 'member.age eq 30'],
  ['names of members over 40 years old', 'member.age gt 40'],
])('"%s" compares the age', (question, filter) => {
  const result = plan(question);
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toEqual([filter]);
});

it('never compares a date of birth with a number of years', () => {
  expect(plan('how many members are 30 years old?', withBirthDate).ok).toBe(false);
});
