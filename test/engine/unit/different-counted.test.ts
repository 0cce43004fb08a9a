/**
 * "The number of different visited countries" over a table of (country, traveller) pairs: its rows
 * are not one per country, so a count that leaves "different" unread counts pairs. A table with a
 * one-column key counts its rows either way. On a travel schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const travel = catalog(
  entity({ name: 'country', rows: 200, columns: [['id', 'integer'], ['country_name', 'text']] }),
  entity({ name: 'traveller', rows: 500, columns: [['id', 'integer'], ['traveller_name', 'text']] }),
  {
    ...entity({ name: 'visited_country', rows: 3000, references: { country_id: 'country', traveller_id: 'traveller' }, columns: [['country_id', 'integer'], ['traveller_id', 'integer'], ['nights', 'integer']] }),
    primaryKey: ['country_id', 'traveller_id'],
  },
);
const readings = (question: string) => readQuestion(question, travel, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;

it('never counts the pairs of a table without a one-column key for "different"', () => {
  for (const candidate of readings('Count the number of different visited countries.')) {
    const measures = candidate.planned.query.measures;
    expect(measures.some((measure) => measure.aggregate === 'count' && measure.expression === undefined && candidate.planned.query.root === 'visited_country')).toBe(false);
  }
});

it('still counts the rows of a table with its own key for "different"', () => {
  const [best] = readings('Count the number of different travellers.');
  expect(best?.planned.query.measures.map((measure) => measure.aggregate)).toEqual(['count']);
});
