/**
 * "the 3 cheapest items" where items keep a list price and a unit cost: what a thing costs to buy is
 * its price, so "cheapest" ranks by the price; with both counted as a price no reading ranked the
 * items themselves. On a shop schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = catalog(
  entity({ name: 'item', rows: 800, columns: [['id', 'integer'], ['item_name', 'text'], ['list_price', 'number'], ['unit_cost', 'number']] }),
);

it.each([['the 3 cheapest items', 'asc'], ['the 3 most expensive items', 'desc']])('ranks "%s" by the list price', (question, direction) => {
  const best = readQuestion(question, shop, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];
  expect(best).toBeDefined();
  const summary = summarise(best!.planned.query);
  expect(summary.root).toBe('item');
  expect(summary.order).toEqual([`list_price ${direction}`]);
  expect(summary.limit).toBe(3);
});
