/**
 * "How many retired horses are there?": a yes/no column said as an adjective or participle between
 * "how many" and the rows counts the rows in that state. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const stable = catalog(entity({ name: 'horse', rows: 120, columns: [['id', 'integer'], ['horse_name', 'text'], ['retired', 'boolean'], ['vaccinated', 'boolean']] }));
const best = (question: string) => {
  const [candidate] = readQuestion(question, stable, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && { ...summarise(candidate.planned.query), unused: candidate.unusedWords };
};

it.each([['how many retired horses are there', 'horse.retired eq true'], ['how many vaccinated horses do we have', 'horse.vaccinated eq true']])('counts the rows in the state "%s" says', (question, filter) => {
  expect(best(question)).toMatchObject({ measures: ['count(*)'], filters: [filter], unused: [] });
});
