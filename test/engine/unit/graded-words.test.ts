/**
 * "Which client has the highest billed amount?": a graded adjective ("highest", "larger") names no
 * value of its base ("high" priority), and an amount ranked over the rows of another table than the
 * one asked about ("the client who has the highest billed amount of jobs") may be each client's
 * total as well as its largest single job, so it is not read as the one job. Found on the field
 * service set; on a billing schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const billing = {
  catalog: catalog(
    entity({ name: 'client', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text']] }),
    entity({ name: 'job', rows: 5000, columns: [['id', 'integer'], ['client_id', 'integer'], ['priority', 'text'], ['billed_amount', 'number']], references: { client_id: 'client' } }),
  ),
  values: [{ entity: 'job', column: 'priority', values: ['high', 'low'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('never reads "highest" as the value "high"', () => {
  const { candidates } = readQuestion('Which client has the highest billed amount?', billing.catalog, billing.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: billing.now });
  for (const candidate of candidates) expect(summarise(candidate.planned.query).filters).not.toContain('job.priority eq high');
  const high = readQuestion('How many jobs have high priority?', billing.catalog, billing.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: billing.now }).candidates[0];
  expect(summarise(high!.planned.query).filters).toContain('job.priority eq high');
});

it('does not rank single jobs for "the client who has the highest billed amount of jobs"', () => {
  const { candidates } = readQuestion('Find the name of the client who has the highest billed amount of jobs.', billing.catalog, billing.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: billing.now });
  const singleJob = candidates.filter((candidate) => candidate.planned.query.limit === 1 && candidate.planned.query.measures.length === 0 && summarise(candidate.planned.query).order.some((order) => order.startsWith('billed_amount')));
  expect(singleJob).toEqual([]);
});

it('still ranks the jobs themselves', () => {
  const result = planQuestion('What is the client name of the job with the highest billed amount?', billing, { model: bestReadingModel(), suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(result.query.limit).toBe(1);
});
