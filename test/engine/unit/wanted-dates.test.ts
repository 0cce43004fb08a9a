/**
 * "How many parcels were delivered in March 2025?" where `due_on` is "Date the client wants the parcel
 * delivered by": a date of when something is wanted, due or planned is not when it happened, so the
 * period is never read on it (it had been, with the status "delivered"). A date whose comment says
 * when the event happened still dates it. On a courier schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const courier = (date: string, description: string) => catalog(
  entity({ name: 'parcel', rows: 30_000, columns: [['id', 'integer'], ['tracking_code', 'text'], ['status', 'text'], ['booked_on', 'date'], [date, 'date', { description }]] }),
);
const values = [{ entity: 'parcel', column: 'status', values: ['booked', 'delivered', 'lost'] }];
const filters = (date: string, description: string) => readQuestion('How many parcels were delivered in March 2025?', courier(date, description), values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates
  .map((candidate) => summarise(candidate.planned.query).filters.join(' '));

it('never dates the event by a date of when it was wanted', () => {
  for (const said of filters('due_on', 'Date the client wants the parcel delivered by')) expect(said).not.toContain('due_on');
  for (const said of filters('closed_on', 'Date the client wants the parcel delivered by')) expect(said).not.toContain('closed_on');
});

it('still dates it by a date of when it happened', () => {
  expect(filters('closed_on', 'Date the parcel was delivered').some((said) => said.includes('closed_on gte 2025-03-01'))).toBe(true);
});
