/**
 * "the full names of all members": where a first and a last name together name a row, "full" says
 * both; the word is read, not left over. On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const club = catalog(
  entity({ name: 'member', rows: 500, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['joined_on', 'date']] }),
);
const read = (question: string) => readQuestion(question, club, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') });

it('reads "full" before names shown by a first and a last name', () => {
  const { candidates, tokens } = read('What are the full names of all members?');
  const [best] = candidates;
  expect(best && summarise(best.planned.query).columns).toEqual(['member.first_name', 'member.last_name']);
  expect(best?.unusedWords.map((index) => tokens[index].text)).toEqual([]);
});
