/**
 * "the full names of the members": where a table names its rows by a first and a last name, a
 * "full name" is the two together, as "name" is. "full" had been a word the engine could not use.
 * On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const fixture = {
  catalog: catalog(entity({ name: 'member', rows: 250, columns: [['id', 'integer'], ['given_name', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['joined_on', 'date'], ['fee', 'number']] })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each(['What are the full names of all members?', 'List the full name and fee of each member.'])('shows the first and last name for "%s"', (question) => {
  const { summary } = planned(fixture, question);
  expect(summary.columns.slice(0, 2)).toEqual(['member.first_name', 'member.last_name']);
});
