/**
 * "after", "before", "since", "until" before a year, a date or a period the reading uses make it a
 * bound: a reading that leaves the word unread and keeps the year as an equality answers another
 * question ("after the year 1989" read as in 1989). On a library schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const library = catalog(entity({ name: 'volume', rows: 900, columns: [['id', 'integer'], ['volume_title', 'text'], ['year', 'integer'], ['shelf', 'text']] }));
const readings = (question: string) => readQuestion(question, library, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now });

it('never reads "after the year N" as the year N', () => {
  for (const word of ['after', 'before', 'since', 'until']) {
    const { candidates } = readings(`list the titles of all volumes made ${word} the year 1989`);
    const equalYear = candidates.filter((candidate) => candidate.planned.query.filters.some((filter) => filter.op === 'eq' && filter.values.includes(1989)));
    expect(equalYear, word).toEqual([]);
  }
});

it('still reads a year said plainly', () => {
  const { candidates } = readings('list the titles of all volumes made in the year 1989');
  expect(candidates[0]?.planned.query.filters.some((filter) => filter.values.includes(1989))).toBe(true);
});
