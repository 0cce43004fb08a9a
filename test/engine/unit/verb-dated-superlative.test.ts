/**
 * "The agency founded the earliest", "the member who joined most recently": a superlative of time
 * right after a verb that names a column ranks the rows by that column. On an agency schema the
 * engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const agencies = catalog(
  entity({ name: 'agency', rows: 300, columns: [['id', 'integer'], ['agency_name', 'text'], ['founded', 'integer'], ['staff_count', 'integer']] }),
  entity({ name: 'member', rows: 900, columns: [['id', 'integer'], ['member_name', 'text'], ['joined', 'date']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: agencies, values: [], now }, { model: bestReadingModel(), suggest: false });

it.each([
  ['what is the name of the agency which was founded the earliest?', 'founded asc'],
  ['what is the name of the member who joined most recently?', 'joined desc'],
])('"%s" ranks by the verb\'s column (%s)', (question, order) => {
  const result = plan(question);
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(summarise(result.query).order).toEqual([order]);
  expect(result.query.limit).toBe(1);
});
