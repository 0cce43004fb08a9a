/**
 * "how many signed contracts": a word right before the rows' name qualifies them, and the rows are
 * what is counted; no reading counts the different dates in signed_on (a retrained model had
 * let such a reading into its beam). On a contracts schema the engine was not tuned on, with a
 * beam wide enough to see every reading.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const contracts = catalog(entity({ name: 'contract', rows: 900, columns: [['id', 'integer'], ['title', 'text'], ['signed_on', 'date'], ['renewed_on', 'date']] }));

it.each(['how many signed contracts are there?', 'how many renewed contracts'])('counts no dates for "%s"', (question) => {
  const { candidates } = readQuestion(question, contracts, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, beam: 400, keep: 200, now });
  for (const candidate of candidates) expect(summarise(candidate.planned.query).measures.join()).not.toMatch(/count_distinct\(contract\.(signed|renewed)_on\)/);
});
