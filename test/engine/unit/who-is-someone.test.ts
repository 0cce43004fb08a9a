/**
 * "Who …?" asks for someone: rows known only by a number or a code (a job's job number) are no one,
 * so a reading that would answer "who" with them is not made. On a field-service schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const service = catalog(
  entity({ name: 'engineer', rows: 30, references: { lead_id: 'engineer' }, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['lead_id', 'integer'], ['started_on', 'date']] }),
  entity({ name: 'job', rows: 4_000, references: { engineer_id: 'engineer' }, columns: [['id', 'integer'], ['job_number', 'text'], ['engineer_id', 'integer'], ['reported_on', 'date'], ['hours', 'number']] }),
);
const values = [{ entity: 'engineer', column: 'first_name', values: ['Ana', 'Tom'] }, { entity: 'engineer', column: 'last_name', values: ['Ruiz', 'Berg'] }];

const readings = (question: string) => readQuestion(question, service, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;

it('never answers "who" with rows known by a number ("Who reports to Ana Ruiz?" is no list of jobs reported)', () => {
  for (const { planned: { query } } of readings('Who reports to Ana Ruiz?')) {
    expect(query.columns.every((column) => column.field.entity === 'job'), JSON.stringify(query.columns)).toBe(false);
  }
});

it('still answers "who" with people, by their names', () => {
  const [best] = readings('Who started most recently?');
  expect(best?.planned.query.columns.map((column) => column.field.column)).toEqual(expect.arrayContaining(['first_name', 'last_name']));
});
