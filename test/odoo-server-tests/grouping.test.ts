import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { call, createDatabase, startServer, type OdooDatabase } from './odoo-fixture.ts';

type Row = Record<string, unknown>;
let database: OdooDatabase;
let v17: OdooTestServer;
let v18: OdooTestServer;
let v19: OdooTestServer;

beforeAll(async () => {
  database = await createDatabase();
  v17 = await startServer('17.0', database);
  v18 = await startServer('18.0', database);
  v19 = await startServer('19.0', database);
});
afterAll(async () => {
  for (const server of [v17, v18, v19]) await server?.close();
  await database?.drop();
});

const SALES = [['state', '=', 'sale']];

describe('read_group (17, 18)', () => {
  it('returns bare aggregate keys, __count, __domain and __range with lazy false', async () => {
    for (const server of [v17, v18]) {
      const rows = await call<Row[]>(server, 'sale.order', 'read_group', [SALES, ['amount_total:sum'], ['date_order:month', 'user_id']], { lazy: false });
      expect(rows.length).toBeGreaterThan(10);
      const row = rows[0];
      expect(Object.keys(row).sort()).toEqual(['__count', '__domain', '__range', 'amount_total', 'date_order:month', 'user_id']);
      expect(row['date_order:month']).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      expect(row.__range).toMatchObject({ 'date_order:month': { from: expect.stringMatching(/^\d{4}-\d\d-01 00:00:00$/), to: expect.any(String) } });
      expect(row.__domain).toEqual(expect.arrayContaining([['state', '=', 'sale']]));
    }
  });

  it('sums to the same total as search_read', async () => {
    const rows = await call<Row[]>(v17, 'sale.order', 'read_group', [SALES, ['amount_total:sum'], ['user_id']], { lazy: false });
    const orders = await call<Row[]>(v17, 'sale.order', 'search_read', [SALES], { fields: ['amount_total'] });
    const grouped = rows.reduce((sum, row) => sum + (row.amount_total as number), 0);
    const listed = orders.reduce((sum, row) => sum + (row.amount_total as number), 0);
    expect(grouped).toBeCloseTo(listed, 2);
    expect(rows.reduce((sum, row) => sum + (row.__count as number), 0)).toBe(orders.length);
    expect(rows.some((row) => row.user_id === false)).toBe(true);
    expect(rows.find((row) => row.user_id !== false)?.user_id).toEqual([expect.any(Number), expect.any(String)]);
  });

  it('applies only the first groupby when lazy, with a <field>_count key and __context', async () => {
    const rows = await call<Row[]>(v17, 'sale.order', 'read_group', [SALES, ['amount_total'], ['date_order:year', 'user_id']]);
    expect(rows.map((row) => row['date_order:year'])).toEqual(['2023', '2024']);
    expect(rows[0]).toMatchObject({ date_order_count: expect.any(Number), __context: { group_by: ['user_id'] } });
    expect(rows[0].user_id).toBeUndefined();
  });

  it('labels quarters and orders by aggregates', async () => {
    const rows = await call<Row[]>(v18, 'sale.order', 'read_group', [SALES, ['amount_total:sum'], ['date_order:quarter']], { lazy: false, orderby: 'amount_total desc', limit: 3 });
    expect(rows).toHaveLength(3);
    expect(rows[0]['date_order:quarter']).toMatch(/^Q[1-4] \d{4}$/);
    expect(rows[0].amount_total as number).toBeGreaterThanOrEqual(rows[1].amount_total as number);
  });

  it('buckets datetimes in context.tz', async () => {
    const utc = await call<Row[]>(v17, 'sale.order', 'read_group', [[], ['amount_total'], ['date_order:month']], { lazy: false, limit: 1 });
    const brussels = await call<Row[]>(v17, 'sale.order', 'read_group', [[], ['amount_total'], ['date_order:month']], { lazy: false, limit: 1, context: { tz: 'Europe/Brussels' } });
    expect((utc[0].__range as Record<string, Row>)['date_order:month'].from).toBe('2023-01-01 00:00:00');
    expect((brussels[0].__range as Record<string, Row>)['date_order:month'].from).toBe('2022-12-31 23:00:00');
  });

  it('buckets a date field (no time zone) by month, ordered by the bucket', async () => {
    const rows = await call<Row[]>(v17, 'account.move', 'read_group', [[['move_type', '=', 'out_invoice']], ['amount_untaxed_signed:sum'], ['invoice_date:month']], { lazy: false, orderby: 'invoice_date:month asc' });
    expect(rows.length).toBeGreaterThan(1);
    expect((rows[0].__range as Record<string, Row>)['invoice_date:month'].from).toMatch(/^\d{4}-\d{2}-01$/);
  });
});

describe('formatted_read_group (19)', () => {
  it('keys by spec strings, gives [start, label] dates and __extra_domain', async () => {
    const rows = await call<Row[]>(v19, 'sale.order', 'formatted_read_group', [SALES, ['date_order:year', 'partner_id'], ['amount_total:sum', '__count']], { order: 'amount_total:sum desc', limit: 5 });
    expect(rows).toHaveLength(5);
    const row = rows[0];
    expect(Object.keys(row).sort()).toEqual(['__count', '__extra_domain', 'amount_total:sum', 'date_order:year', 'partner_id']);
    expect(row['date_order:year']).toEqual([expect.stringMatching(/^\d{4}-01-01$/), expect.stringMatching(/^\d{4}$/)]);
    expect(row.partner_id).toEqual([expect.any(Number), expect.any(String)]);
    expect(row['amount_total:sum'] as number).toBeGreaterThanOrEqual(rows[1]['amount_total:sum'] as number);
  });

  it('sends __count only when asked and filters with having', async () => {
    const plain = await call<Row[]>(v19, 'sale.order', 'formatted_read_group', [[], ['state'], ['amount_total:sum']]);
    expect(plain[0].__count).toBeUndefined();
    const having = await call<Row[]>(v19, 'sale.order', 'formatted_read_group', [[], ['partner_id'], ['__count']], { having: [['__count', '>', 12]] });
    expect(having.every((row) => (row.__count as number) > 12)).toBe(true);
  });

  it('still answers the deprecated read_group', async () => {
    const rows = await call<Row[]>(v19, 'sale.order', 'read_group', [[], ['amount_total:sum'], ['state']], { lazy: false });
    expect(rows[0]).toHaveProperty('__count');
    expect(rows[0]).toHaveProperty('amount_total');
  });
});
