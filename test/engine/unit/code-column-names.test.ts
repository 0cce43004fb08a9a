/**
 * "Number of shipments by priority class" on `shp.prio_cd` ("Priority class: HI high, LO low"): a
 * code column, written short, is said by the noun phrase its comment opens with, as other terse
 * columns are; only keys that point to other rows ("Customer of the shipment") are not, their
 * comment naming those rows. On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const shipping = catalog(
  entity({ name: 'cust', rows: 300, description: 'Customers we ship for', columns: [['id', 'integer'], ['cust_nm', 'text', { description: 'Customer name' }]] }),
  entity({
    name: 'shp', rows: 9000, description: 'Shipments sent to customers',
    columns: [['id', 'integer'], ['cust_id', 'integer', { description: 'Customer of the shipment' }], ['prio_cd', 'text', { description: 'Priority class: HI high, LO low' }], ['shp_dt', 'date', { description: 'Date shipped' }]],
    references: { cust_id: 'cust' },
  }),
);
const fixture = { catalog: shipping, values: [{ entity: 'shp', column: 'prio_cd', values: ['HI', 'LO'] }], now: new Date('2025-05-10T12:00:00Z') };

it('groups by a code column said by its comment\'s opening noun phrase', () => {
  const { summary } = planned(fixture, 'Number of shipments by priority class');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.dimensions).toEqual(['shp.prio_cd']);
});
