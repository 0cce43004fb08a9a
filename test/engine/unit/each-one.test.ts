/**
 * "What are the depots and how many vans belong to each one?": "one" after "each" stands for the rows
 * grouped by, and counts nothing; it is read so only by a reading that groups (one number for all the
 * vans drops "each one"). On a fleet schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const fleet = catalog(
  entity({ name: 'depot', rows: 12, columns: [['id', 'integer'], ['depot_name', 'text']] }),
  entity({ name: 'van', rows: 300, references: { depot_id: 'depot' }, columns: [['id', 'integer'], ['plate', 'text'], ['depot_id', 'integer']] }),
);

it('reads "each one" only in readings that group', () => {
  const result = readQuestion('What are the depots and how many vans belong to each one?', fleet, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
  const one = result.tokens.findIndex((token) => token.lower === 'one');
  const reading = result.candidates.filter((candidate) => !candidate.unusedWords.includes(one));
  expect(reading.length).toBeGreaterThan(0);
  for (const candidate of reading) expect(candidate.planned.query.dimensions.length).toBeGreaterThan(0);
});
