/**
 * With nothing computed, "each <rows>" asks for every one of those rows ("the name and tonnage of each
 * vessel"), not for groups of them; with a measure it still groups ("the average tonnage of each
 * vessel type"). On a harbour schema the engine was not tuned on.
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
  ['What are the name and tonnage of each vessel?', ['vessel.vessel_name', 'vessel.tonnage']],
  ['Give me the tonnage and built year of each vessel.', ['vessel.tonnage', 'vessel.built_year']],
])('"%s" lists every vessel', (question, columns) => {
  const result = plan(question);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const summary = summarise(result.query);
  expect(summary.measures).toEqual([]);
  expect(summary.dimensions).toEqual([]);
  expect(summary.columns).toEqual(columns);
});

it('still groups when each group is measured', () => {
  const result = plan('What is the average tonnage of each vessel type?');
  expect(result.ok && summarise(result.query).dimensions).toEqual(['vessel.vessel_type']);
});
