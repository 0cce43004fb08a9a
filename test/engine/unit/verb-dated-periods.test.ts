/**
 * "Which engineers repaired jobs in 2024?": a verb of the question that names one date of the
 * rows says which event a period is about. No reading dates those rows by their other, main date
 * (when the job was opened): that would answer another question. On a schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const workshop = catalog(
  entity({ name: 'engineer', rows: 40, columns: [['id', 'integer'], ['name', 'text']] }),
  entity({
    name: 'job', rows: 6_000, references: { engineer_id: 'engineer' },
    columns: [['id', 'integer'], ['serial', 'text'], ['engineer_id', 'integer'], ['opened_on', 'date'], ['repaired_on', 'date'], ['cost', 'number']],
  }),
);

const datesFiltered = (question: string) => readQuestion(question, workshop, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates
  .map((candidate) => candidate.planned.query.filters.flatMap((filter) => (filter.expression.kind === 'field' && (filter.op === 'gte' || filter.op === 'lt') ? [filter.expression.column] : [])));

it('dates a period by the date its verb names, never by the rows\' other date', () => {
  const readings = datesFiltered('Which engineers repaired jobs in 2024?');
  expect(readings.flat()).not.toContain('opened_on');
});

it('still dates rows by their main date when no verb names another', () => {
  const readings = datesFiltered('Which engineers have jobs in 2024?');
  expect(readings.some((columns) => columns.includes('opened_on'))).toBe(true);
});
