/**
 * A comparison said once is read once: in "vendors that stock more than 5 parts", "more than 5"
 * compares the number of parts, or (another reading) the stock level, never both at once. On a
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const supply = catalog(
  entity({ name: 'vendor', rows: 50, columns: [['id', 'integer'], ['vendor_name', 'text']] }),
  entity({ name: 'part', rows: 900, references: { vendor_id: 'vendor' }, columns: [['id', 'integer'], ['part_name', 'text'], ['vendor_id', 'integer'], ['stock_level', 'integer']] }),
);

it.each(['vendors that stock more than 5 parts', 'vendors that supply more than 5 parts'])('reads the number once: "%s"', (question) => {
  const queries = readQuestion(question, supply, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => candidate.planned.query);
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    const compared = query.filters.filter((filter) => filter.values.includes(5)).length + query.having.filter((having) => having.values.includes(5)).length;
    expect(compared, JSON.stringify(query)).toBeLessThanOrEqual(1);
  }
});
