/**
 * "the average and heaviest weight", "the highest and lowest values": a superlative listed with
 * another aggregate word before a column is that column's maximum or minimum, like the aggregate
 * beside it; alone it still ranks rows. On a courier schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const courier = catalog(
  entity({ name: 'depot', rows: 40, columns: [['id', 'integer'], ['depot_name', 'text']] }),
  entity({ name: 'parcel', rows: 9000, columns: [['id', 'integer'], ['depot_id', 'integer'], ['tracking_code', 'text'], ['weight', 'number'], ['declared_value', 'number']], references: { depot_id: 'depot' } }),
);
const readings = (question: string) => readQuestion(question, courier, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => summarise(candidate.planned.query));

it('reads a superlative listed after an aggregate as the maximum', () => {
  expect(readings('What is the average and heaviest weight of all parcels?')[0]?.measures).toEqual(['avg(parcel.weight)', 'max(parcel.weight)']);
});

it('reads two listed superlatives as the maximum and the minimum', () => {
  expect(readings('What are the highest and lowest declared values of parcels?')[0]?.measures).toEqual(['max(parcel.declared_value)', 'min(parcel.declared_value)']);
});

it('does not read a superlative that measures something else as an aggregate of this column', () => {
  for (const summary of readings('What is the average and oldest declared value of parcels?')) expect(summary.measures.filter((measure) => /^(min|max)\(/.test(measure))).toEqual([]);
});

it('still ranks rows by a superlative said alone', () => {
  const [best] = readings('What is the tracking code of the heaviest parcel?');
  expect(best?.measures ?? []).not.toContain('max(parcel.weight)');
  expect(best?.limit).toBe(1);
});
