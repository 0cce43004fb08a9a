/**
 * "the voyages with the three lowest capacities", where voyages have a capacity and so do the vessels
 * that sail them: a word that names a column of the rows the question is about is theirs, and no
 * reading takes it from a table nothing else in the question names (that rival had kept the question
 * under the confidence threshold). On a shipping schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shipping = catalog(
  entity({ name: 'vessel', rows: 40, columns: [['id', 'integer'], ['vessel_name', 'text'], ['length_m', 'number'], ['capacity', 'integer']] }),
  entity({ name: 'voyage', rows: 3000, references: { vessel_id: 'vessel' }, columns: [['id', 'integer'], ['voyage_code', 'text'], ['vessel_id', 'integer'], ['capacity', 'integer'], ['sailed_on', 'date']] }),
);

it('ranks the voyages by their own capacity', () => {
  const result = planQuestion('What are the codes of the voyages with the three lowest capacities?', { catalog: shipping, values: [], now }, { suggest: false });
  expect(result.ok).toBe(true);
  if (result.ok) {
    const summary = summarise(result.query);
    expect(summary.joins).toEqual([]);
    expect(summary.columns).toEqual(['voyage.voyage_code', 'voyage.capacity']);
    expect(summary.limit).toBe(3);
  }
});
