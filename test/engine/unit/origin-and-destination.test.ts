/**
 * "shipments from Oslo", "shipments to Oslo": a place said after "from" is where things start, after
 * "to" where they end, so a column named for the other end is never read (it had tied with the right
 * one, and the question was declined as ambiguous). On a freight schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const freight = catalog(
  entity({ name: 'shipment', rows: 9000, columns: [['id', 'integer'], ['origin_city', 'text'], ['destination_city', 'text'], ['weight_kg', 'number']] }),
);
const cities = ['Oslo', 'Bergen', 'Trondheim'];
const values = [{ entity: 'shipment', column: 'origin_city', values: cities }, { entity: 'shipment', column: 'destination_city', values: cities }];
const filtersOf = (question: string) => readQuestion(question, freight, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query).filters.join());

it.each([
  ['What is the average weight of shipments from Oslo?', 'shipment.origin_city eq Oslo', 'destination_city'],
  ['What is the average weight of shipments to Oslo?', 'shipment.destination_city eq Oslo', 'origin_city'],
])('"%s" reads %s only', (question, expected, never) => {
  const filters = filtersOf(question);
  expect(filters[0]).toBe(expected);
  expect(filters.join(' ')).not.toContain(never);
});
