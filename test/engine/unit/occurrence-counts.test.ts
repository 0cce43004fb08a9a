/**
 * "how many times", "the number of times", "more than 3 times": a count of times counts the rows
 * where something happened, not the distinct things they point to; and a verb in another form than a
 * segment's word ("opened") says that something happened, not the state the rows are in now. On a
 * lending-library schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { CatalogEntity, ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const loan: CatalogEntity = {
  ...entity({ name: 'loan', rows: 50_000, columns: [['id', 'integer'], ['reader_id', 'integer'], ['title_id', 'integer'], ['state', 'text'], ['lent_on', 'date']], references: { reader_id: 'reader', title_id: 'title' } }),
  segments: [{ words: ['open', 'outstanding'], label: 'open loans', conditions: [{ column: 'state', op: 'eq', values: ['open'] }] }],
};
const library = catalog(
  entity({ name: 'reader', rows: 800, columns: [['id', 'integer'], ['full_name', 'text'], ['district', 'text']] }),
  entity({ name: 'title', rows: 5000, columns: [['id', 'integer'], ['title_name', 'text'], ['genre', 'text']] }),
  loan,
);
const values: readonly ColumnValues[] = [
  { entity: 'reader', column: 'full_name', values: ['Ines Okafor', 'Tomas Berg'] },
  { entity: 'loan', column: 'state', values: ['open', 'returned', 'lost'] },
];
const readings = (question: string) => readQuestion(question, library, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query));

it('counts the rows, never distinct titles or readers, when it is asked how many times', () => {
  const read = readings('How many times has Ines Okafor borrowed a title?');
  expect(read.length).toBeGreaterThan(0);
  for (const summary of read) expect(summary.measures).toEqual(['count(*)']);
  // Every title, those never borrowed with 0: its loans counted beside it.
  expect(readings('How many times was each title borrowed?').map((summary) => [summary.root, ...summary.measures, ...summary.counts])).toContainEqual(['title', 'count(loan.title_id->title)']);
});

it('still counts distinct titles when it is asked how many titles', () => {
  expect(readings('How many titles has Ines Okafor borrowed?').some((summary) => summary.measures.some((measure) => measure.startsWith('count_distinct(')))).toBe(true);
});

it('does not count the rows picked by their own name as the times', () => {
  for (const summary of readings('How many times did Ines Okafor borrow?')) expect(summary.root).not.toBe('reader');
});

it('does not read a verb in another form than a segment word as the segment ("opened")', () => {
  for (const summary of readings('How many loans were opened in 2024?')) expect(summary.filters.join(' ')).not.toContain('open');
  expect(readings('How many open loans are there?').some((summary) => summary.filters.join(' ').includes('open'))).toBe(true);
});
