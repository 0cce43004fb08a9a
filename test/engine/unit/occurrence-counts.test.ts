/**
 * "How many times did Ann Berg book a court?": "how many times" and "the number of times" count the
 * rows of what happened; "times" is part of the count, not a word left over. On a schema the
 * engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'court_booking', rows: 9000, columns: [['id', 'integer'], ['player_name', 'text'], ['court', 'text'], ['booked_on', 'date']] }),
);
const values: readonly ColumnValues[] = [{ entity: 'court_booking', column: 'player_name', values: ['Ann Berg', 'Tom Ruiz'] }];

const best = (question: string) => readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];

it.each(['how many times did Ann Berg book a court', 'the number of times Ann Berg booked a court'])('counts the bookings in "%s" with every word used', (question) => {
  const reading = best(question);
  expect(reading?.unusedWords).toEqual([]);
  expect(reading?.planned.query.measures.map((measure) => measure.aggregate)).toEqual(['count']);
  expect(reading?.planned.query.filters.map((filter) => filter.values)).toEqual([['Ann Berg']]);
});
