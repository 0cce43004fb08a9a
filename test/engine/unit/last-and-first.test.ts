/**
 * "the date of the last order", "the first hire": "last" and "first" after "the" and before a noun
 * rank by date (latest, earliest); they had been read as the `last_name` column, so "the last order"
 * listed orders with their salesperson's last name. "last name" and "first name" stay columns. On a
 * schema of our own.
 */
import { expect, it } from 'vitest';
import { findCues } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const shop = {
  catalog: catalog(
    entity({ name: 'clerk', rows: 20, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['hired_on', 'date']] }),
    entity({ name: 'sale', rows: 9000, references: { clerk_id: 'clerk' }, columns: [['id', 'integer'], ['clerk_id', 'integer'], ['sold_on', 'date'], ['total', 'number']] }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('ranks "the last sale" by its date, latest first', () => {
  const { summary } = planned(shop, 'What was the date of the last sale?');
  expect(summary.columns).toEqual(['sale.sold_on']);
  expect(summary.order).toEqual(['sold desc']);
  expect(summary.limit).toBe(1);
});

it('keeps "last name" and "first name" as columns', () => {
  const cues = (question: string) => findCues(tokenize(question)).filter((cue) => cue.kind === 'superlative');
  expect(cues('What is the last name of the clerk?')).toEqual([]);
  expect(cues('List the first names of clerks')).toEqual([]);
});
