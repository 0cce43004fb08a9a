/**
 * "tickets priced above 700 dollars" where the rows keep a price in dollars and one in euros: the
 * currency said names the column compared, and no reading compares the other (the three had tied).
 * A column named for a currency holds money, whatever else it is called. On a travel schema the
 * engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const travel = catalog(
  entity({ name: 'ticket', rows: 4000, columns: [['id', 'integer'], ['ticket_code', 'text'], ['price_in_dollars', 'number'], ['price_in_euros', 'number']] }),
);
const filtersOf = (question: string) => readQuestion(question, travel, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query).filters.join());

it.each([
  ['Which tickets have a price above 700 dollars?', 'ticket.price_in_dollars gt 700', 'price_in_euros'],
  ['Which tickets have a price above 700 euros?', 'ticket.price_in_euros gt 700', 'price_in_dollars'],
])('"%s" compares %s only', (question, expected, never) => {
  const filters = filtersOf(question);
  expect(filters).toContain(expected);
  expect(filters.join(' ')).not.toContain(never);
});

it('holds an amount named only by its currency as money ("a fare above 700 dollars" on fare_in_dollars)', () => {
  const fares = catalog(entity({ name: 'ticket', rows: 4000, columns: [['id', 'integer'], ['ticket_code', 'text'], ['fare_in_dollars', 'number'], ['seat_count', 'integer']] }));
  const read = readQuestion('Which tickets have a fare above 700 dollars?', fares, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(read.map((candidate) => summarise(candidate.planned.query).filters.join())).toContain('ticket.fare_in_dollars gt 700');
});
