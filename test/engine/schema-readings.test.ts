/** Readings that depend on what a column is for: a stored count, a code that sorts rows into kinds. */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { schemaIndexOf } from '../../src/engine/schema-index.ts';
import { catalog, entity } from './fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');

describe('schema readings', () => {
  it('declines "how many customers" when another table stores a number of customers', () => {
    const banks = catalog(
      entity({ name: 'bank', rows: 4, columns: [['branch_id', 'integer'], ['bname', 'text'], ['no_of_customers', 'integer'], ['city', 'text']] }),
      entity({ name: 'customer', rows: 3, columns: [['cust_id', 'integer'], ['cust_name', 'text'], ['branch_id', 'integer']], references: { branch_id: 'bank' } }),
    );
    const result = planQuestion('how many customers are there?', { catalog: banks, values: [], now }, false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/no_of_customers/);
  });

  it('still counts rows when another table only has a number that identifies them (order_number)', () => {
    const orders = catalog(
      entity({ name: 'orders', rows: 40, columns: [['id', 'integer'], ['status', 'text']] }),
      entity({ name: 'invoices', rows: 30, columns: [['id', 'integer'], ['order_number', 'integer'], ['amount', 'number']] }),
    );
    const result = planQuestion('how many orders are there?', { catalog: orders, values: [], now }, false);
    expect(result.ok && result.query.root).toBe('orders');
  });

  it('does not name rows by a code that sorts them into kinds', () => {
    const cards = catalog(
      entity({ name: 'cards', rows: 15, columns: [['card_id', 'integer'], ['card_type_code', 'text'], ['card_number', 'text']] }),
      entity({ name: 'promotions', rows: 3, columns: [['id', 'integer'], ['promo_code', 'text']] }),
    );
    const index = schemaIndexOf(cards);
    expect(index.entityByName.get('cards')?.displayColumns).toEqual([]);
    expect(index.entityByName.get('promotions')?.displayColumns.map((column) => column.name)).toEqual(['promo_code']);
  });
});
