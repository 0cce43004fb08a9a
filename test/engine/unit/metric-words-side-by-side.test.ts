/**
 * "profit margin" where the layer names its gross margin metric both "profit" and "margin": the two
 * words together are none of the metric's names and mean something else (a margin in percent), so
 * no reading takes them for the metric twice over. "gross margin", one of its names, still is it.
 * On a schema of our own.
 */
import { expect, it } from 'vitest';
import type { Catalog } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, planned } from '../summarise.ts';

const shop: Catalog = {
  entities: [
    entity({ name: 'item', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['cost', 'number']] }),
    {
      ...entity({ name: 'sale', rows: 9000, columns: [['id', 'integer'], ['item_id', 'integer'], ['price', 'number'], ['sold_on', 'date']], references: { item_id: 'item' } }),
      metrics: [{
        words: ['gross margin', 'margin', 'profit'], label: 'Gross margin', aggregate: 'sum' as const,
        expression: { kind: 'arithmetic' as const, op: '-' as const, left: { kind: 'field' as const, entity: 'sale', column: 'price' }, right: { kind: 'field' as const, entity: 'item', column: 'cost' } },
        conditions: [], time: { entity: 'sale', column: 'sold_on' }, unit: 'EUR',
      }],
    },
  ],
};
const fixture = { catalog: shop, values: [], now: new Date('2025-05-10T12:00:00Z') };

it('reads no metric from two of its words that are none of its names together', () => {
  const result = planQuestion('what is the profit margin on each item?', fixture, { model: bestReadingModel(), suggest: false });
  expect(result.ok).toBe(false);
});

it('still reads one of its names', () => {
  expect(planned(fixture, 'what is the gross margin on each item?').summary.dimensions).toEqual(['item.id', 'item.name']);
});
