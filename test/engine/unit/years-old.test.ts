/**
 * "students who are 18 years old", "over 20 years old": a number of years old is an age, said
 * equal or compared; "years old" had been left unread and the question declined. On a schema of our
 * own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const club = {
  catalog: catalog(entity({ name: 'member', rows: 300, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['age', 'integer'], ['city', 'text']] })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['How many members are 18 years old?', ['member.age eq 18']],
  ['What are the first names of members over 20 years old?', ['member.age gt 20']],
  ['List the members under 30 years of age.', ['member.age lt 30']],
])('"%s" compares the age', (question, filters) => {
  expect(planned(club, question).summary.filters).toEqual(filters);
});
