/**
 * "the status of order 5000": a whole number right after one row's name is its key, when the key is
 * one whole-number column and no column holds a number people give those rows by; with an
 * `order_number` beside the key, "order 5000" could be either and is left unread. On a schema of
 * our own.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, planned } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = {
  catalog: catalog(entity({ name: 'orders', rows: 9000, columns: [['id', 'integer'], ['status', 'text'], ['order_date', 'date'], ['total', 'number']] })),
  values: [{ entity: 'orders', column: 'status', values: ['open', 'shipped'] }],
  now,
};

it('reads the number after one row\'s name as its key', () => {
  const { summary } = planned(shop, 'What is the status of order 5000?');
  expect(summary.filters).toEqual(['orders.id eq 5000']);
  expect(summary.columns).toEqual(['orders.status']);
});

it('leaves it unread where the rows also have a number of their own', () => {
  const numbered = {
    ...shop,
    catalog: catalog(entity({ name: 'orders', rows: 9000, columns: [['id', 'integer'], ['order_number', 'integer'], ['status', 'text'], ['order_date', 'date']] })),
  };
  const result = planQuestion('What is the status of order 5000?', numbered, { model: bestReadingModel(), suggest: false });
  expect(result.ok && result.query.filters.some((filter) => filter.expression.kind === 'field' && filter.expression.column === 'id')).toBe(false);
});
