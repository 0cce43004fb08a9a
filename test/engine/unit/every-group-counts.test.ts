/**
 * A count asked of every row of a group ("each", "every", "all") lists every row of that table with
 * its count beside it, 0 where it has none; "per" and "by" still group the counted rows. On a clinic
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { planned, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = {
  catalog: catalog(
    entity({ name: 'ward', rows: 12, columns: [['id', 'integer'], ['ward_name', 'text']] }),
    entity({ name: 'vet', rows: 40, references: { ward_id: 'ward' }, columns: [['id', 'integer'], ['vet_name', 'text'], ['ward_id', 'integer']] }),
    entity({ name: 'pet', rows: 5_000, columns: [['id', 'integer'], ['pet_name', 'text']] }),
    entity({ name: 'appointment', rows: 30_000, references: { vet_id: 'vet', pet_id: 'pet' }, columns: [['id', 'integer'], ['vet_id', 'integer'], ['pet_id', 'integer'], ['booked_on', 'date'], ['fee', 'number']] }),
  ),
  values: [],
  now,
};

it.each([
  'How many appointments has each vet had?',
  'Number of appointments for each vet',
  'How many appointments has every vet had?',
  'Show all vets with their number of appointments',
])('"%s" lists every vet with the count of its appointments', (question) => {
  const { summary, interpretation, assumptions } = planned(clinic, question);
  expect(summary).toMatchObject({ root: 'vet', measures: [], dimensions: [], columns: expect.arrayContaining(['vet.vet_name']), filters: [], counts: ['count(appointment.vet_id->vet)'] });
  expect(interpretation).toContain('every vet listed, 0 where none');
  expect(assumptions).toContain('Every vet is listed, one with no appointments with 0.');
});

it('counts only the rows of the period said, and still lists every vet', () => {
  const { summary } = planned(clinic, 'How many appointments did each vet have in 2024?');
  expect(summary).toMatchObject({ root: 'vet', filters: [] });
  expect(summary.counts).toEqual(['count(appointment.vet_id->vet | appointment.booked_on gte 2024-01-01; appointment.booked_on lt 2025-01-01)']);
});

it.each(['appointments per vet', 'number of appointments by vet'])('"%s" still groups the appointments', (question) => {
  const { summary } = planned(clinic, question);
  expect(summary).toMatchObject({ root: 'appointment', measures: ['count(*)'], dimensions: expect.arrayContaining(['vet.vet_name']), counts: [] });
});

it('keeps groups cut by their count as groups: a vet with none is never above a number', () => {
  const { summary } = planned(clinic, 'each vet with more than 100 appointments');
  expect(summary).toMatchObject({ measures: ['count(*)'], having: [expect.stringMatching(/ gt 100$/)], counts: [] });
});

it('never reads "every vet" as all vets together', () => {
  const readings = readQuestion('How many appointments has every vet had?', clinic.catalog, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(readings.length).toBeGreaterThan(0);
  for (const { planned: { query } } of readings) expect(summarise(query).dimensions.length + summarise(query).columns.length).toBeGreaterThan(0);
});

it('reads "across all vets" as all of them together', () => {
  const { summary } = planned(clinic, 'total fee across all vets');
  expect(summary).toMatchObject({ measures: ['sum(appointment.fee)'], dimensions: [], counts: [] });
});

it('counts the different rows reached, not the rows, when those are what is counted', () => {
  const { query } = planned(clinic, 'How many pets has each vet treated?');
  expect(query.root).toBe('vet');
  expect(query.relatedCounts).toEqual([expect.objectContaining({ root: 'appointment', distinct: { kind: 'field', entity: 'appointment', column: 'pet_id' } })]);
});
