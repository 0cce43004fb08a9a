/**
 * "Stadiums opened after 2000" on a schema that keeps years as numbers: the period is a comparison
 * of the year column, and of several (opened, renovated) the one the question's verb names. On a
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const league = catalog(
  entity({ name: 'stadium', rows: 90, columns: [['id', 'integer'], ['stadium_name', 'text'], ['capacity', 'integer'], ['year_opened', 'integer'], ['year_renovated', 'integer']] }),
);
const readings = (question: string) => readQuestion(question, league, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query));

it('compares the year column the verb names', () => {
  expect(readings('stadiums opened after 2000')[0]?.filters).toEqual(['stadium.year_opened gte 2001']);
  expect(readings('stadiums renovated after 2000')[0]?.filters).toEqual(['stadium.year_renovated gte 2001']);
});

it('has no reading when nothing says which year column', () => {
  expect(readings('stadiums after 2000').flatMap((summary) => summary.filters).filter((filter) => filter.includes('year_'))).toEqual([]);
});
