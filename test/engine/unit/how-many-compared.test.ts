/**
 * "How many members are under 40 in each club?" asks for a number; a comparison said of the counted
 * rows is theirs ("members under 40"), never a bound on the number asked (it had been read as the
 * clubs with fewer than 40 members). On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clubs = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['club', 'text'], ['age', 'integer'], ['sex', 'text']] }),
);
const values = [{ entity: 'member', column: 'club', values: ['Rowing', 'Chess'] }, { entity: 'member', column: 'sex', values: ['F', 'M'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: clubs, values, now }, { model: bestReadingModel(), suggest: false });

it.each(['How many members are under 40 for each sex?', 'For each club, how many members are under 30?', 'How many members under 40 are there for each club?'])('never reads "%s" as a bound on the number of members', (question) => {
  const result = plan(question);
  expect(result.ok && summarise(result.query).having).not.toEqual(expect.arrayContaining([expect.stringMatching(/_count /)]));
});

it('still compares a number of rows said as such', () => {
  const result = plan('which clubs have more than 100 members?');
  expect(result.ok && summarise(result.query).having).toEqual([expect.stringMatching(/gt 100$/)]);
});
