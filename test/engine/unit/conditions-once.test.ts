/**
 * "How many jobs were fixed the first time?": two words that say the same condition ("fixed" and
 * "first time", both `first_time_fix`) make one filter, said once ("first time fix is true and
 * first time fix is true" before). Found on the field-service set; on a schema of our own.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const repairs = {
  catalog: catalog(entity({ name: 'job', rows: 800, columns: [['id', 'integer'], ['job_number', 'text'], ['first_time_fix', 'boolean'], ['labor_hours', 'number']] })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('says one condition once', () => {
  const result = planQuestion('How many jobs were fixed the first time?', repairs, { model: bestReadingModel(), suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(summarise(result.query).filters).toEqual(['job.first_time_fix eq true']);
  expect(result.interpretation.match(/first time fix is true/g)).toHaveLength(1);
});
