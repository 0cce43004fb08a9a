/**
 * "How many French clients?": an adjective that WordNet places under a column's word ("French"
 * under country) names one of that column's values, never the column itself; no reading counts the
 * distinct countries. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = catalog(
  entity({ name: 'client', rows: 900, columns: [['id', 'integer'], ['client_name', 'text'], ['country', 'text']] }),
);

it.each([['how many French clients?', 'country']])('reads no adjective as the column above it: "%s"', (question, column) => {
  for (const candidate of readQuestion(question, shop, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates) {
    const { measures, dimensions, columns } = candidate.planned.query;
    const fields = [...measures.map((measure) => measure.expression), ...dimensions.map((dimension) => dimension.field), ...columns.map((selected) => selected.field)];
    expect(fields.filter((field) => field?.kind === 'field' && field.column === column), candidate.key).toEqual([]);
  }
});
