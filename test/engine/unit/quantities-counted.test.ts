/**
 * "How many beds are there?": a column that holds a quantity (its name says what it counts, in the
 * plural, or says count or quantity) is added up; the number of its distinct values answers
 * "how many different bed counts". Found on the saas sample, where "How many seats are there in
 * total?" had been answered as the number of distinct seat counts. On a hospital schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const hospital = {
  catalog: catalog(entity({ name: 'ward', rows: 40, columns: [['id', 'integer'], ['name', 'text'], ['beds', 'integer'], ['staff_count', 'integer'], ['floor', 'integer']] })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};
const measuresOf = (question: string) => {
  const result = planQuestion(question, hospital, { model: bestReadingModel(), suggest: false });
  return result.ok ? summarise(result.query).measures : [];
};

it.each(['How many beds are there?', 'How many beds are there in total?', 'How many staff count are there?'])('"%s" is never a number of distinct values', (question) => {
  expect(measuresOf(question).some((measure) => measure.startsWith('count_distinct'))).toBe(false);
});

it('adds up a column named by what it counts', () => {
  expect(measuresOf('How many beds are there?')).toEqual(['sum(ward.beds)']);
});

it('counts distinct values when the question says "different"', () => {
  expect(measuresOf('How many different floors are there?')).toEqual(['count_distinct(ward.floor)']);
});
