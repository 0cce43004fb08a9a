/**
 * A verb that names both a state of the rows (status "dispatched") and the date that records the
 * event (dispatched_on) says the event happened: "parcels not yet dispatched" are those with no
 * dispatch date, not those whose status is other than "dispatched" (delivered parcels were
 * dispatched too). The state is read when its column is said ("parcels with status dispatched"),
 * and so is a verb after "is"/"are" ("how many parcels are dispatched?") or an "-ing" form ("parcels
 * dispatching now"). On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { field } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const courier = catalog(
  entity({ name: 'parcel', rows: 5000, columns: [['id', 'integer'], ['tracking_code', 'text'], ['status', 'text'], ['booked_on', 'date'], ['dispatched_on', 'date'], ['weight_kg', 'number']] }),
);
const values: readonly ColumnValues[] = [{ entity: 'parcel', column: 'status', values: ['booked', 'dispatched', 'delivered', 'lost'] }];

const filtersOf = (question: string) => {
  const [best] = readQuestion(question, courier, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(best, question).toBeDefined();
  return best!.planned.query.filters;
};
const dispatchDate = field('parcel', 'dispatched_on');

it.each([
  ['how many parcels were not dispatched?', 'is_null'],
  ['parcels not yet dispatched', 'is_null'],
  ['how many parcels were dispatched?', 'not_null'],
])('reads the event the verb names by its date: "%s"', (question, op) => {
  const filters = filtersOf(question);
  expect(filters).toContainEqual({ kind: 'filter', expression: dispatchDate, op, values: [] });
  expect(JSON.stringify(filters)).not.toContain('"status"');
});

it.each(['parcels with status dispatched', 'how many parcels are dispatched?'])('reads the state when its column is said, or the verb says a state of now: "%s"', (question) => {
  expect(filtersOf(question)).toContainEqual({ kind: 'filter', expression: field('parcel', 'status'), op: 'eq', values: ['dispatched'] });
});

it('reads an "-ing" form as no finished event', () => {
  for (const candidate of readQuestion('how many parcels dispatching now?', courier, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
    expect(candidate.planned.query.filters.filter((filter) => filter.op === 'is_null' || filter.op === 'not_null')).toEqual([]);
  }
});
