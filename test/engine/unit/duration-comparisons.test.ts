/**
 * "Loans with terms longer than 90 days": a duration said in a unit of time ("longer", "shorter"
 * than a number of days) compares the column kept in that unit; a column in another unit has no
 * such reading. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const library = catalog(
  entity({ name: 'loan', rows: 20000, columns: [['id', 'integer'], ['borrower_name', 'text'], ['term_days', 'integer'], ['fee', 'number']] }),
  entity({ name: 'course', rows: 80, columns: [['id', 'integer'], ['course_title', 'text'], ['duration_hours', 'integer']] }),
);
const best = (question: string) => {
  const [candidate] = readQuestion(question, library, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && { ...summarise(candidate.planned.query), unused: candidate.unusedWords };
};

it('compares the column kept in the unit the duration is said in', () => {
  expect(best('how many loans have terms longer than 90 days')).toMatchObject({ measures: ['count(*)'], filters: ['loan.term_days gt 90'], unused: [] });
});

it('has no such reading when the column is kept in another unit', () => {
  expect(best('courses shorter than 3 days')?.filters ?? []).not.toContain('course.duration_hours lt 3');
});
