/**
 * "the average price of monthly plans", "plans billed annually": a grain word that is also a value
 * of a column ("monthly", "annual" of a billing cycle) may be read as that value. Read so, it groups
 * by no date: it had still been taken for a grain, so that no reading held (or one grouped by month
 * as well). On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const fixture = {
  catalog: catalog(entity({ name: 'plan', rows: 40, columns: [['id', 'integer'], ['name', 'text'], ['billing_cycle', 'text'], ['price', 'number'], ['launched_on', 'date']] })),
  values: [{ entity: 'plan', column: 'billing_cycle', values: ['monthly', 'annual'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['What is the average price of monthly plans?', 'monthly'],
  ['average price of annual plans', 'annual'],
])('reads "%s" as plans of that billing cycle, grouped by nothing', (question, cycle) => {
  const { summary } = planned(fixture, question);
  expect(summary.measures).toEqual(['avg(plan.price)']);
  expect(summary.dimensions).toEqual([]);
  expect(summary.filters).toEqual([`plan.billing_cycle eq ${cycle}`]);
});
