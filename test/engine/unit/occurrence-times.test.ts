/**
 * "members who borrowed more than 3 times", "the book borrowed the most times": "times" right after
 * a comparison with a number or a counting superlative stands for occurrences, the rows of a table
 * the question names, counted. Before, "times" was a word no reading could use. On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const fixture = {
  catalog: catalog(
    entity({ name: 'member', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text']] }),
    entity({ name: 'book', rows: 900, columns: [['id', 'integer'], ['title', 'text'], ['genre', 'text']] }),
    entity({ name: 'loan', rows: 5000, columns: [['id', 'integer'], ['member_id', 'integer'], ['book_id', 'integer'], ['borrowed_on', 'date']], references: { member_id: 'member', book_id: 'book' } }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('counts the occurrences a comparison with "times" says', () => {
  const { summary } = planned(fixture, 'Which members borrowed more than 3 times?');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.root).toBe('loan');
  expect(summary.having).toEqual([expect.stringMatching(/ gt 3$/)]);
});

it('ranks by the occurrences a counting superlative with "times" says', () => {
  const { summary } = planned(fixture, 'Which book was borrowed the most times?');
  expect(summary.root).toBe('loan');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.order).toEqual([expect.stringMatching(/ desc$/)]);
  expect(summary.limit).toBe(1);
});
