/**
 * A comparative that names its attribute ("older than 40": an age) compares that attribute, never
 * a count or another column that a neighbouring word happens to name; and "by descending order of X" sorts by X. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const depots = catalog(
  entity({ name: 'depot', rows: 40, columns: [['id', 'integer'], ['depot_name', 'text'], ['city', 'text'], ['number_of_drivers', 'integer'], ['floor_area', 'number']] }),
  entity({ name: 'driver', rows: 300, references: { depot_id: 'depot' }, columns: [['id', 'integer'], ['driver_name', 'text'], ['age', 'integer'], ['depot_id', 'integer']] }),
  entity({ name: 'part', rows: 900, columns: [['id', 'integer'], ['part_name', 'text'], ['weight_kg', 'number'], ['list_price', 'number']] }),
);

const read = (question: string) => readQuestion(question, depots, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
const compared = (question: string) => read(question).candidates.flatMap((candidate) => candidate.planned.query.filters.flatMap((filter) => (filter.expression.kind === 'field' ? [filter.expression.column] : [])));

it('never reads "drivers older than 40" as a number of drivers above 40', () => {
  expect(compared('depots with drivers older than 40')).not.toContain('number_of_drivers');
  expect(compared('depots with drivers older than 40')).toContain('age');
  for (const candidate of read('depots with drivers older than 40').candidates) {
    expect(candidate.planned.query.having).toEqual([]);
    expect(JSON.stringify(candidate.planned.query.related ?? [])).not.toContain('"count"');
  }
});

it.each([
  ['list the part names by descending order of weight', 'desc'],
  ['list the part names by ascending order of weight', 'asc'],
])('sorts "%s" by the column after "order of"', (question, direction) => {
  const [best] = read(question).candidates;
  const { query } = best!.planned;
  const sortedBy = query.order.map((entry) => query.columns.find((column) => column.id === entry.id)?.field.column);
  expect(sortedBy).toEqual(['weight_kg']);
  expect(query.order[0]!.direction).toBe(direction);
});
