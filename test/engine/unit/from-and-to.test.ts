/**
 * "Flights from Norway to Spain": values of one column said after "from" and after "to" are the two
 * ends of something, never alternatives of that column; "flights from Norway or Spain" still are.
 * On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const ferries = catalog(
  entity({ name: 'crossing', rows: 5000, columns: [['id', 'integer'], ['vessel', 'text'], ['country', 'text'], ['departure_date', 'date'], ['passengers', 'integer']] }),
);
const values: readonly ColumnValues[] = [{ entity: 'crossing', column: 'country', values: ['Norway', 'Spain', 'Denmark'] }];
const read = (question: string) => readQuestion(question, ferries, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
const countryValues = (question: string) => read(question).candidates.map((candidate) =>
  candidate.planned.query.filters.flatMap((filter) => (filter.expression.kind === 'field' && filter.expression.column === 'country' ? filter.values : [])));

it.each(['how many crossings from Norway to Spain?', 'crossings to Spain from Norway'])('never reads "%s" as Norway or Spain', (question) => {
  for (const said of countryValues(question)) expect(said.length, JSON.stringify(said)).toBeLessThan(2);
});

it('still reads "from Norway or Spain" as alternatives', () => {
  expect(countryValues('how many crossings from Norway or Spain?')[0]).toEqual(['Norway', 'Spain']);
});
