/**
 * A direction said between the sort word and its key ("ordered by descending tonnage") and a
 * direction said as "from most to least" order the answer that way. On a harbour schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const harbour = catalog(
  entity({ name: 'vessel', rows: 700, columns: [['id', 'integer'], ['vessel_name', 'text'], ['vessel_type', 'text'], ['tonnage', 'number'], ['built_year', 'integer']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: harbour, values: [], now }, { model: bestReadingModel(), suggest: false });

it.each([
  ['names of the vessels ordered by descending tonnage', 'tonnage desc'],
  ['names of the vessels sorted by ascending built year', 'built_year asc'],
  ['number of vessels per vessel type, ordered from most to least', 'vessels_count desc'],
  ['number of vessels per vessel type, ordered from least to most', 'vessels_count asc'],
  ['names of the vessels, ordered by tonnage from greatest to least', 'tonnage desc'],
])('"%s" is ordered by %s', (question, order) => {
  const result = plan(question);
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).order).toEqual([order]);
});
