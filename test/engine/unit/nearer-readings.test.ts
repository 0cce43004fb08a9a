/**
 * A value said about the rows asked for is looked for on those rows first: on a small shop schema
 * the engine was not tuned on, where both a client and the orders it placed have a country.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { closerReadingOfSameQuestion, decide } from '../../../src/engine/readings/decide.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const shop = catalog(
  entity({ name: 'client', rows: 800, columns: [['id', 'integer'], ['client_name', 'text'], ['country', 'text']] }),
  entity({ name: 'purchase', rows: 9_000, columns: [['id', 'integer'], ['client_id', 'integer'], ['dest_country', 'text'], ['placed_on', 'date']], references: { client_id: 'client' } }),
);
const values: readonly ColumnValues[] = [
  { entity: 'client', column: 'country', values: ['Austria', 'Belgium', 'Denmark'] },
  { entity: 'purchase', column: 'dest_country', values: ['Austria', 'Belgium', 'Denmark'] },
];

describe('the rows\' own column first', () => {
  const { candidates, tokens } = readQuestion('how many clients are in Belgium', shop, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') });
  const on = (column: string) => candidates.find((candidate) => candidate.reading.conditions.some((condition) => condition.kind === 'equals' && condition.column === column));

  it('reads the value on the client\'s own country, and on the purchases\' too', () => {
    expect(on('country')).toBeDefined();
    expect(on('dest_country')).toBeDefined();
  });

  it('takes the two as one question, the client\'s own country meant', () => {
    expect(closerReadingOfSameQuestion(on('country')!, on('dest_country')!)).toBe(true);
    expect(closerReadingOfSameQuestion(on('dest_country')!, on('country')!)).toBe(false);
    const decision = decide(candidates, tokens, shippedModel());
    expect(decision.kind === 'decline' ? decision.why : 'answer').not.toBe('ambiguous');
  });
});
