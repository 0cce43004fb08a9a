/**
 * Words that say which rows are in a state: an adjective or participle naming a yes/no column
 * ("the retired tools", "tools that are retired") filters on it and never just shows the column;
 * "out of stock" says an absence no reading here carries, so no reading drops "out of" and lists
 * every tool's stock. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const workshop = catalog(
  entity({ name: 'tool', rows: 700, columns: [['id', 'integer'], ['tool_name', 'text'], ['retired', 'boolean'], ['stock', 'integer'], ['unit_cost', 'number']] }),
);
const read = (question: string) => readQuestion(question, workshop, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now });

it.each(['list the retired tools', 'which tools are retired?'])('filters on the state "%s" names, never only shows it', (question) => {
  const { candidates } = read(question);
  expect(candidates.length).toBeGreaterThan(0);
  for (const candidate of candidates) {
    const shownRetired = candidate.planned.query.columns.some((column) => column.field.column === 'retired');
    const filtered = candidate.planned.query.filters.some((filter) => filter.expression.kind === 'field' && filter.expression.column === 'retired');
    expect(!shownRetired || filtered, JSON.stringify(candidate.planned.query.columns)).toBe(true);
  }
});

it('has no reading of "out of stock" that drops "out of"', () => {
  expect(read('which tools are out of stock?').candidates).toEqual([]);
});
