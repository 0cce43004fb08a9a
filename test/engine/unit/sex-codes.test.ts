/**
 * A sex or gender column that stores one letter ('F', 'M') is named by "female" and "male"; a total
 * asked for values joined by "and" ("for male and female members") is one figure per value. On a
 * members schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['sex', 'text'], ['fee', 'number'], ['level', 'text']] }),
);
const values = [{ entity: 'member', column: 'sex', values: ['F', 'M'] }, { entity: 'member', column: 'level', values: ['Gold', 'Silver', 'Bronze'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { model: bestReadingModel(), suggest: false });

it('reads "female" as the stored F', () => {
  const result = plan('what is the average fee of female members?');
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toEqual(['member.sex eq F']);
});

it.each([
  ['average fee for male and female members', 'member.sex'],
  ['total fee of Gold and Silver members', 'member.level'],
])('"%s" gives one figure per value', (question, column) => {
  const result = plan(question);
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).dimensions).toEqual([column]);
});

it('keeps one figure for values joined by "or"', () => {
  const result = plan('total fee of Gold or Silver members');
  expect(result.ok && summarise(result.query).dimensions).toEqual([]);
});
