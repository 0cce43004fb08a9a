/**
 * "The names of all cities with more than 2 venues": where the city is a plain text column of the
 * rows counted, a city's name is the city. The naming word restates that column; it does not also
 * show (or group by) the rows' own name. "The names of the venues" still shows the venues' names.
 * On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const events = catalog(
  entity({ name: 'venue', rows: 300, columns: [['id', 'integer'], ['venue_name', 'text'], ['city', 'text'], ['capacity', 'integer']] }),
);

const best = (question: string) => {
  const [candidate] = readQuestion(question, events, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(candidate, question).toBeDefined();
  return candidate!.planned.query;
};
const fieldsOf = (items: readonly { readonly field: { readonly column: string } }[]) => items.map((item) => item.field.column);

it.each([
  'What are the names of all cities with more than 2 venues?',
  'List the names of cities that have at least 3 venues.',
  'What is the name of every city that has at least 3 venues?',
])('groups by the column the naming word restates: "%s"', (question) => {
  const query = best(question);
  expect(fieldsOf(query.dimensions)).toEqual(['city']);
  expect(query.having).toHaveLength(1);
});

it('shows the rows\' own names when "of" names the rows', () => {
  expect(fieldsOf(best('What are the names of the venues?').columns)).toEqual(['venue_name']);
});
