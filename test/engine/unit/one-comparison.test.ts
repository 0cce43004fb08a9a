/**
 * A comparison said once is read once: in "vendors that stock more than 5 parts", "more than 5"
 * compares the number of parts, or (another reading) the stock level, never both at once; a
 * comparative that names its attribute ("guests older than 60") compares that attribute, never a
 * number of guests. On schemas the engine was not tuned on.
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

const parties = catalog(
  entity({ name: 'gala', rows: 300, columns: [['id', 'integer'], ['venue', 'text'], ['number_of_guests', 'integer']] }),
  entity({ name: 'guest', rows: 4_000, columns: [['id', 'integer'], ['full_name', 'text'], ['age', 'integer']] }),
  entity({ name: 'invitation', rows: 9_000, references: { gala_id: 'gala', guest_id: 'guest' }, columns: [['gala_id', 'integer'], ['guest_id', 'integer']] }),
);

it.each(['venues of galas with guests older than 60', 'galas with guests older than 60'])('compares the attribute a comparative names, not a number: "%s"', (question) => {
  for (const candidate of readQuestion(question, parties, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
    const query = candidate.planned.query;
    const compared = query.filters.flatMap((filter) => (filter.expression.kind === 'field' && filter.values.includes(60) ? [filter.expression.column] : []));
    expect(compared, JSON.stringify(query.filters)).not.toContain('number_of_guests');
    expect(query.having.filter((having) => having.values.includes(60)), JSON.stringify(query.having)).toEqual([]);
  }
});
