/**
 * "How many jobs were opened in 2024?" on `repair_orders` ("Jobs: a request to repair a machine"): a
 * comment that opens with a noun phrase and a colon labels the table (or column) by that phrase,
 * whatever its name says. On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const workshop = catalog(
  entity({ name: 'machines', rows: 80, columns: [['id', 'integer'], ['name', 'text']] }),
  entity({
    name: 'repair_orders', rows: 4000, description: 'Jobs: a request to repair a machine',
    columns: [['id', 'integer'], ['machine_id', 'integer'], ['opened_on', 'date'], ['hours', 'number']],
    references: { machine_id: 'machines' },
  }),
);
const fixture = { catalog: workshop, values: [], now: new Date('2025-05-10T12:00:00Z') };

it('reads the table by the label its comment opens with', () => {
  const { summary } = planned(fixture, 'How many jobs were opened in 2024?');
  expect(summary.root).toBe('repair_orders');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.filters).toEqual(['repair_orders.opened_on gte 2024-01-01', 'repair_orders.opened_on lt 2025-01-01']);
});
