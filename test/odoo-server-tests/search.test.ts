import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { call, createDatabase, executeKw, startServer, type OdooDatabase } from './odoo-fixture.ts';

type Row = Record<string, unknown>;
let database: OdooDatabase;
let server: OdooTestServer;

beforeAll(async () => {
  database = await createDatabase();
  server = await startServer('17.0', database);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('search_read values', () => {
  it('returns many2one pairs, id lists, UTC datetimes and false for empty values', async () => {
    const [order] = await call<Row[]>(server, 'sale.order', 'search_read', [[['name', '=', 'S00001']]], { fields: ['partner_id', 'date_order', 'order_line', 'client_order_ref', 'origin', 'amount_total'] });
    expect(order.partner_id).toEqual([expect.any(Number), expect.any(String)]);
    expect(order.date_order).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(order.order_line).toEqual(expect.arrayContaining([expect.any(Number)]));
    expect(order.origin).toBe(false);
    expect(typeof order.amount_total).toBe('number');
    expect(Object.values(order)).not.toContain(null);
  });

  it('honours fields, order, limit and offset', async () => {
    const all = await call<Row[]>(server, 'sale.order', 'search_read', [[]], { fields: ['name'], order: 'name asc', limit: 3 });
    const next = await call<Row[]>(server, 'sale.order', 'search_read', [[]], { fields: ['name'], order: 'name asc', limit: 2, offset: 1 });
    expect(all.map((row) => row.name)).toEqual(['S00001', 'S00002', 'S00003']);
    expect(next.map((row) => row.name)).toEqual(['S00002', 'S00003']);
    expect(Object.keys(all[0]).sort()).toEqual(['id', 'name']);
  });

  it('translates names with context.lang', async () => {
    const [product] = await call<Row[]>(server, 'product.template', 'search_read', [[['default_code', '=', 'FURN_0001']]], { fields: ['name'], context: { lang: 'fr_FR' } });
    expect(product.name).toBe('Chaise de bureau');
  });

  it('reads records by id and raises MissingError for unknown ids', async () => {
    expect(await call<Row[]>(server, 'res.partner', 'read', [[9], ['name']])).toEqual([{ id: 9, name: 'Azure Interior' }]);
    expect((await executeKw(server, 'res.partner', 'read', [[999999], ['name']])).error).toMatchObject({ data: { name: 'odoo.exceptions.MissingError' } });
  });

  it('answers name_search with [id, display_name] pairs', async () => {
    const pairs = await call<unknown[]>(server, 'res.partner', 'name_search', ['Azure', [['is_company', '=', true]]]);
    expect(pairs).toEqual([[9, 'Azure Interior']]);
  });
});

describe('domains', () => {
  const count = (model: string, domain: unknown[], context: Row = {}) => call<number>(server, model, 'search_count', [domain], { context });

  it('combines prefix operators', async () => {
    const sale = await count('sale.order', [['state', '=', 'sale']]);
    const sent = await count('sale.order', [['state', '=', 'sent']]);
    expect(await count('sale.order', ['|', ['state', '=', 'sale'], ['state', '=', 'sent']])).toBe(sale + sent);
    expect(await count('sale.order', [['state', 'in', ['sale', 'sent']]])).toBe(sale + sent);
    expect(await count('sale.order', ['!', ['state', '=', 'sale']])).toBe(300 - sale);
    expect(await count('sale.order', ['&', ['state', '=', 'sale'], ['amount_total', '>', 1000]])).toBeLessThan(sale);
  });

  it('supports comparison and pattern operators', async () => {
    expect(await count('res.partner', [['name', 'ilike', 'azure']])).toBe(1);
    expect(await count('res.partner', [['complete_name', 'ilike', 'azure']])).toBe(3);
    expect(await count('res.partner', [['complete_name', 'not ilike', 'azure']])).toBe(await count('res.partner', []) - 3);
    expect(await count('res.partner', [['name', '=like', 'Azure%']])).toBe(1);
    expect(await count('res.partner', [['name', '=ilike', 'azure interior']])).toBe(1);
    expect(await count('res.partner', [['name', 'like', 'azure']])).toBe(0);
    expect(await count('sale.order', [['date_order', '>=', '2024-01-01'], ['date_order', '<', '2025-01-01']])).toBeGreaterThan(0);
    expect(await count('sale.order', [['name', 'not in', ['S00001', 'S00002']]])).toBe(298);
  });

  it('treats False as empty', async () => {
    const withoutUser = await count('sale.order', [['user_id', '=', false]]);
    expect(withoutUser).toBeGreaterThan(0);
    expect(await count('sale.order', [['user_id', '!=', false]])).toBe(300 - withoutUser);
  });

  it('follows dotted paths and child_of', async () => {
    const belgian = await count('sale.order', [['partner_id.country_id.code', '=', 'BE']]);
    expect(belgian).toBeGreaterThan(0);
    expect(belgian).toBeLessThan(300);
    expect(await count('sale.order', [['order_line.product_id.default_code', '=', 'FURN_0001']])).toBeGreaterThan(0);
    expect(await count('product.template', [['categ_id', 'child_of', 2]])).toBe(await count('product.template', [['categ_id', 'in', [2, 3]]]));
    expect(await count('sale.order', [['partner_id', 'ilike', 'azure']])).toBe(await count('sale.order', [['partner_id', '=', 9]]));
  });

  it('rejects unknown fields and non-stored fields with ValueError', async () => {
    expect((await executeKw(server, 'sale.order', 'search_count', [[['nope', '=', 1]]])).error).toMatchObject({ data: { name: 'builtins.ValueError' } });
    expect((await executeKw(server, 'sale.order', 'search_count', [[['invoice_count', '>', 0]]])).error).toMatchObject({ data: { name: 'builtins.ValueError' } });
  });
});

describe('archived records and companies', () => {
  it('hides archived records unless active_test is false', async () => {
    const active = await call<number>(server, 'crm.lead', 'search_count', [[]]);
    const all = await call<number>(server, 'crm.lead', 'search_count', [[]], { context: { active_test: false } });
    expect(all).toBe(120);
    expect(active).toBeLessThan(all);
    expect(await call<number>(server, 'crm.lead', 'search_count', [[['active', '=', false]]])).toBe(all - active);
  });

  it('filters by allowed_company_ids, defaulting to all of the user\'s companies', async () => {
    const both = await call<number>(server, 'sale.order', 'search_count', [[]]);
    const first = await call<number>(server, 'sale.order', 'search_count', [[]], { context: { allowed_company_ids: [1] } });
    const second = await call<number>(server, 'sale.order', 'search_count', [[]], { context: { allowed_company_ids: [2] } });
    expect(both).toBe(300);
    expect(first + second).toBe(both);
    expect(second).toBeGreaterThan(0);
  });

  it('limits the bot user to its company and refuses companies it lacks', async () => {
    const bot = await executeKw(server, 'sale.order', 'search_count', [[]], {}, 6, 'bot-api-key');
    const first = await call<number>(server, 'sale.order', 'search_count', [[]], { context: { allowed_company_ids: [1] } });
    expect(bot.result).toBe(first);
    const refused = await executeKw(server, 'sale.order', 'search_count', [[]], { context: { allowed_company_ids: [2] } }, 6, 'bot-api-key');
    expect(refused.error).toMatchObject({ data: { name: 'odoo.exceptions.AccessError' } });
  });
});
