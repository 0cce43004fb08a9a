/**
 * "Department number" for a department_id: an identifier is said as a number too, and a number
 * asked for is the key's value, never the name of the row it points to. A column named "… number"
 * keeps the words. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = catalog(
  entity({ name: 'ward', rows: 20, columns: [['id', 'integer'], ['ward_name', 'text'], ['floor', 'integer']] }),
  entity({ name: 'nurse', rows: 400, references: { ward_id: 'ward' }, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['ward_id', 'integer']] }),
  entity({ name: 'patient', rows: 9000, columns: [['id', 'integer'], ['patient_number', 'text'], ['patient_name', 'text']] }),
  entity({ name: 'visit', rows: 30000, references: { patient_id: 'patient', ward_id: 'ward' }, columns: [['id', 'integer'], ['patient_id', 'integer'], ['ward_id', 'integer'], ['visit_date', 'date']] }),
);
const read = (question: string) => readQuestion(question, clinic, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
const shown = (question: string) => {
  const [best] = read(question).candidates;
  return best!.planned.query.columns.map((column) => `${column.field.entity}.${column.field.column}`);
};

it('shows the ward id for "ward number", not the ward name', () => {
  const columns = shown('show the first name and ward number of every nurse');
  expect(columns).toContain('nurse.ward_id');
  expect(columns).not.toContain('ward.ward_name');
});

it('keeps "patient number" for the column named so', () => {
  const named = (words: string) => (schemaIndexOf(clinic).terms.get(words) ?? []).map((entry) => entry.target.kind === 'column' ? `${entry.target.entity}.${entry.target.column}` : entry.target.entity);
  expect(named('patient number')).toEqual(['patient.patient_number']);
  expect(named('ward number')).toContain('visit.ward_id');
  expect(shown('list the patient number and patient name of all patients')).toContain('patient.patient_number');
});

it('never reads a number before a plural as that plural\'s key ("wards with 3 patients" is no patient number 3)', () => {
  const keyed = (question: string) => read(question).candidates.filter((candidate) => candidate.planned.query.filters.some((filter) => filter.expression.kind === 'field' && /(^|_)id$/.test(filter.expression.column) && filter.values.includes(3)));
  expect(keyed('wards with 3 patients')).toEqual([]);
  expect(keyed('wards with 3 visits')).toEqual([]);
  // Before its column, a number is still a key said ("ward 3").
  expect(read('nurses of ward 3').candidates[0]?.planned.query.filters.map((filter) => filter.values)).toContainEqual([3]);
});
