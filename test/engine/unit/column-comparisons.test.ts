/**
 * "Items whose quantity on hand is below their reorder point": a comparison with no number,
 * followed by another measured column of the same rows, compares the two row by row (their
 * difference against 0, which every SQL kind compiles). Money is never compared with a quantity.
 * "At or below" is one comparison, and "above"/"below" are never dropped as empty words. On a schema
 * the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { explain } from '../../../src/engine/explain/interpret.ts';
import { field, type Filter } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const stores = catalog(
  entity({ name: 'item', rows: 800, columns: [['id', 'integer'], ['item_name', 'text'], ['qty_on_hand', 'integer'], ['reorder_point', 'integer'], ['unit_cost', 'number']] }),
);

const read = (question: string) => readQuestion(question, stores, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
const difference = (op: Filter['op']): Filter => ({
  kind: 'filter', op, values: [0],
  expression: { kind: 'arithmetic', op: '-', left: field('item', 'qty_on_hand'), right: field('item', 'reorder_point') },
});

it.each([
  ['items whose quantity on hand is below their reorder point', 'lt'],
  ['How many items have a quantity on hand at or below the reorder point?', 'lte'],
  ['items with quantity on hand less than reorder point', 'lt'],
  ['items with quantity on hand below the reorder point', 'lt'],
])('compares two columns of the same row: "%s"', (question, op) => {
  const result = read(question);
  const [best] = result.candidates;
  expect(best, question).toBeDefined();
  expect(best!.unusedWords).toEqual([]);
  expect(best!.planned.query.filters).toContainEqual(difference(op as Filter['op']));
  expect(explain(best!.reading, best!.planned, result.schema).interpretation).toMatch(/quantity on hand (below|at most) reorder point/);
});

it('never compares money with a quantity', () => {
  for (const candidate of read('items whose unit cost is below their reorder point').candidates) {
    expect(JSON.stringify(candidate.planned.query.filters)).not.toContain('arithmetic');
  }
});

it('never reads "above" or "below" as an empty word', () => {
  for (const question of ['items with quantity on hand above reorder point', 'items with a unit cost below the reorder point']) {
    const result = read(question);
    const comparison = result.tokens.findIndex((token) => token.lower === 'above' || token.lower === 'below');
    for (const candidate of result.candidates) expect(candidate.reading.usedTokens, question).toContain(comparison);
  }
});
