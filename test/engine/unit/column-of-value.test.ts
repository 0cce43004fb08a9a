/**
 * "Members who are not from the country of Norway": a column named before "of" and a value of it
 * ("the country of Norway", "the city of Bergen") says which column the value is in, as "country
 * Norway" does, and a negation before the column reaches the value. On a schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text'], ['city', 'text'], ['joined_on', 'date']] }),
);
const values = [{ entity: 'member', column: 'country', values: ['Norway', 'Sweden'] }, { entity: 'member', column: 'city', values: ['Bergen', 'Oslo'] }];
const best = (question: string) => readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;

it('reads "not from the country of Norway" as the members whose country is another', () => {
  const query = best('What are the names of members who are not from the country of Norway?');
  expect(query?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'member', column: 'country' }, op: 'neq', values: ['Norway'] }));
});

it('reads "the city of Bergen" as the value of that column', () => {
  const query = best('How many members live in the city of Bergen?');
  expect(query?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'member', column: 'city' }, op: 'eq', values: ['Bergen'] }));
});
