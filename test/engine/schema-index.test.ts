import { describe, expect, it } from 'vitest';
import { reachFrom, chooseRoot } from '../../src/engine/join-graph.ts';
import { schemaIndexOf } from '../../src/engine/schema-index.ts';
import { valueIndexOf } from '../../src/engine/value-index.ts';
import { catalog, entity } from './fixtures/build-catalog.ts';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';

const schema = schemaIndexOf(wholesaleCatalog);
const info = (name: string) => schema.entityByName.get(name)!;

describe('schema index', () => {
  it('is built once per catalog', () => {
    expect(schemaIndexOf(wholesaleCatalog)).toBe(schema);
  });

  it('finds the columns that name rows', () => {
    expect(info('customers').displayColumns.map((column) => column.name)).toEqual(['company_name']);
    expect(info('products').displayColumns.map((column) => column.name)).toEqual(['name']);
    expect(info('employees').displayColumns.map((column) => column.name)).toEqual(['first_name', 'last_name']);
    expect(info('orders').displayColumns).toEqual([]);
  });

  it('finds the main date and the amount of entities', () => {
    expect(info('orders').mainDate?.name).toBe('order_date');
    expect(info('invoices').mainDate?.name).toBe('invoice_date');
    expect(info('employees').mainDate?.name).toBe('hire_date');
    expect(info('order_lines').mainDate).toBeUndefined();
    expect(info('invoices').primaryAmount?.name).toBe('amount');
    expect(info('orders').primaryAmount).toBeUndefined();
  });

  it('classifies columns', () => {
    const lines = info('order_lines');
    expect(lines.columnByName.get('quantity')).toMatchObject({ isQuantity: true, isNumeric: true, isKey: false });
    expect(lines.columnByName.get('unit_price')).toMatchObject({ isPrice: true, isMoney: true, isAmount: false });
    expect(lines.columnByName.get('discount')).toMatchObject({ isDiscount: true, isMoney: false });
    expect(lines.columnByName.get('order_id')).toMatchObject({ isKey: true, isNumeric: false });
  });

  it('indexes phrases, synonyms and verb forms', () => {
    const targets = (phrase: string) => (schema.terms.get(phrase) ?? []).map((entry) => `${entry.target.entity}${entry.target.kind === 'column' ? `.${entry.target.column}` : ''}:${entry.match}`);
    expect(targets('customer')).toContain('customers:exact');
    expect(targets('client')).toContain('customers:synonym');
    expect(targets('order date')).toContain('orders.order_date:exact');
    expect(targets('customer country')).toContain('customers.country:lemma');
    expect(targets('ship')).toContain('orders.shipped_date:part');
  });

  it('splits glued and camel-case names', () => {
    const glued = schemaIndexOf(catalog(entity({ name: 'SalesOrders', columns: [['id', 'integer'], ['orderdate', 'date'], ['CustomerName', 'text'], ['TotalAmt', 'number']] })));
    const sales = glued.entityByName.get('SalesOrders')!;
    expect(sales.words).toEqual(['sale', 'order']);
    expect(sales.columnByName.get('orderdate')?.words).toEqual(['order', 'date']);
    expect(sales.columnByName.get('CustomerName')?.words).toEqual(['customer', 'name']);
    expect(sales.columnByName.get('TotalAmt')).toMatchObject({ words: ['total', 'amount'], isAmount: true });
  });
});

describe('value index', () => {
  it('indexes values by their first word', () => {
    const values = valueIndexOf(wholesaleValues);
    expect(values.byFirstWord.get('germany')?.map((entry) => `${entry.entity}.${entry.column}`)).toEqual(['customers.country', 'suppliers.country', 'orders.ship_country']);
    expect(values.byFirstWord.get('acme')?.[0]).toMatchObject({ value: 'Acme Corp', words: ['acme', 'corp'] });
  });
});

describe('join graph', () => {
  it('finds many-to-one paths from a root', () => {
    const reach = reachFrom(schema, 'order_lines');
    expect(reach.paths.get('customers')?.map((step) => step.toEntity)).toEqual(['orders', 'customers']);
    expect(reach.paths.has('payments')).toBe(false);
  });

  it('roots a query at the entity that reaches all the others', () => {
    expect(chooseRoot(schema, ['customers', 'categories'])?.root).toBe('order_lines');
    expect(chooseRoot(schema, ['customers', 'orders'])?.root).toBe('orders');
    expect(chooseRoot(schema, ['products', 'payments'])).toBeUndefined();
    expect(chooseRoot(schema, ['customers'], 'payments')?.root).toBe('payments');
  });

  it('notices two links to the same entity', () => {
    const twoLinks = schemaIndexOf(catalog(
      entity({ name: 'airports', columns: [['id', 'integer'], ['name', 'text']] }),
      entity({ name: 'flights', columns: [['id', 'integer'], ['origin_id', 'integer'], ['destination_id', 'integer']], references: { origin_id: 'airports', destination_id: 'airports' } }),
    ));
    expect(reachFrom(twoLinks, 'flights').ambiguous.has('airports')).toBe(true);
  });
});
