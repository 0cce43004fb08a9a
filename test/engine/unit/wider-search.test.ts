/**
 * "How many orders from customers in Poland were handled by staff in the Hamburg office?": the
 * likeliest roles make subjects of both tables named, and no reading held among them; the search
 * then looks further, where the orders are counted and both tables narrow them. On a schema of our
 * own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const trade = {
  catalog: catalog(
    entity({ name: 'customers', rows: 500, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text'], ['city', 'text']] }),
    { ...entity({ name: 'employees', rows: 40, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['office', 'text']] }), synonyms: ['staff'] },
    entity({ name: 'suppliers', rows: 30, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text'], ['city', 'text']] }),
    entity({
      name: 'orders', rows: 20_000, columns: [['id', 'integer'], ['customer_id', 'integer'], ['employee_id', 'integer'], ['order_date', 'date'], ['ship_country', 'text'], ['ship_city', 'text']],
      references: { customer_id: 'customers', employee_id: 'employees' },
    }),
    entity({ name: 'invoices', rows: 18_000, columns: [['id', 'integer'], ['order_id', 'integer'], ['customer_id', 'integer'], ['amount', 'number']], references: { order_id: 'orders', customer_id: 'customers' } }),
    entity({ name: 'order_lines', rows: 60_000, columns: [['id', 'integer'], ['order_id', 'integer'], ['quantity', 'integer']], references: { order_id: 'orders' } }),
  ),
  values: [
    { entity: 'customers', column: 'country', values: ['Poland', 'Germany', 'France'] },
    { entity: 'customers', column: 'city', values: ['Warsaw', 'Hamburg', 'Lyon'] },
    { entity: 'employees', column: 'office', values: ['Hamburg', 'Lyon'] },
    { entity: 'orders', column: 'ship_city', values: ['Warsaw', 'Hamburg', 'Lyon'] },
    { entity: 'orders', column: 'ship_country', values: ['Poland', 'Germany', 'France'] },
    { entity: 'suppliers', column: 'country', values: ['Poland', 'Germany'] },
    { entity: 'suppliers', column: 'city', values: ['Hamburg', 'Gdansk'] },
  ],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('relates the counted rows to both tables named', () => {
  const { summary } = planned(trade, 'How many orders from customers in Poland were handled by staff in the Hamburg office?');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.filters).toEqual(expect.arrayContaining(['customers.country eq Poland', 'employees.office eq Hamburg']));
});
