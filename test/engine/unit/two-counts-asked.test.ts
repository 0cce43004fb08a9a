/**
 * "How many members are male and how many are female?" asks two numbers: one count per value said,
 * counted by that column among those values; never one count of both kinds together (it had been
 * the best reading) nor a count per member. On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clubs = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['club', 'text'], ['sex', 'text']] }),
);
const values = [{ entity: 'member', column: 'club', values: ['Rowing', 'Chess'] }, { entity: 'member', column: 'sex', values: ['Female', 'Male'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: clubs, values, now }, { model: bestReadingModel(), suggest: false });

it.each([
  ['How many members are male and how many are female?', 'member.sex', 'member.sex in Male,Female'],
  ['how many members are in Rowing and how many in Chess?', 'member.club', 'member.club in Rowing,Chess'],
])('counts each value asked for "%s"', (question, dimension, filter) => {
  const result = plan(question);
  expect(result.ok && summarise(result.query)).toMatchObject({ measures: ['count(*)'], dimensions: [dimension], filters: [filter] });
});


it('still counts with one "how many"', () => {
  const result = plan('How many members are in Rowing?');
  expect(result.ok && summarise(result.query)).toMatchObject({ measures: ['count(*)'], filters: ['member.club eq Rowing'] });
});
