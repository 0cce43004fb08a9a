import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { call, createDatabase, executeKw, json2, startServer, type OdooDatabase } from './odoo-fixture.ts';

let database: OdooDatabase;
let v17: OdooTestServer;
let v19: OdooTestServer;

beforeAll(async () => {
  database = await createDatabase();
  v17 = await startServer('17.0', database);
  v19 = await startServer('19.0', database);
});
afterAll(async () => {
  for (const server of [v17, v19]) await server?.close();
  await database?.drop();
});

async function queryDatabase(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('write methods execute for real and are recorded', () => {
  it('unlink deletes the order and its lines', async () => {
    const [{ id }] = await queryDatabase(`SELECT id FROM sale_order WHERE name = 'S00002'`);
    expect(await call(v17, 'sale.order', 'unlink', [[id]])).toBe(true);
    expect(await queryDatabase('SELECT id FROM sale_order WHERE id = $1', [id])).toEqual([]);
    expect(await queryDatabase('SELECT id FROM sale_order_line WHERE order_id = $1', [id])).toEqual([]);
    expect(v17.calls).toContainEqual(expect.objectContaining({ transport: 'jsonrpc', model: 'sale.order', method: 'unlink', uid: 2 }));
  });

  it('write, create, copy, actions and message_post change rows', async () => {
    expect(await call(v17, 'res.partner', 'write', [[10], { name: 'Deco Addicted' }])).toBe(true);
    expect(await queryDatabase('SELECT name FROM res_partner WHERE id = 10')).toEqual([{ name: 'Deco Addicted' }]);
    const created = await call<number>(v17, 'res.partner', 'create', [{ name: 'Leak Test', is_company: true, active: true }]);
    expect(await queryDatabase('SELECT name FROM res_partner WHERE id = $1', [created])).toEqual([{ name: 'Leak Test' }]);
    const copied = await call<number>(v17, 'res.partner', 'copy', [[created]]);
    expect(copied).toBeGreaterThan(created);
    await call(v17, 'sale.order', 'action_cancel', [[3]]);
    expect(await queryDatabase('SELECT state FROM sale_order WHERE id = 3')).toEqual([{ state: 'cancel' }]);
    const message = await call<number>(v17, 'sale.order', 'message_post', [[3]], { body: 'hello' });
    expect(await queryDatabase('SELECT body, model, res_id FROM mail_message WHERE id = $1', [message])).toEqual([{ body: 'hello', model: 'sale.order', res_id: 3 }]);
    expect(v17.calls.map((recorded) => recorded.method)).toEqual(expect.arrayContaining(['write', 'create', 'copy', 'action_cancel', 'message_post']));
  });

  it('refuses private methods and unknown methods, but records them', async () => {
    expect((await executeKw(v17, 'res.partner', '_auto_init', [])).error).toMatchObject({ data: { name: 'odoo.exceptions.AccessError' } });
    expect((await executeKw(v17, 'res.partner', 'frobnicate', [[1]])).error).toMatchObject({ data: { name: 'builtins.AttributeError' } });
    expect(v17.calls.map((recorded) => recorded.method)).toEqual(expect.arrayContaining(['_auto_init', 'frobnicate']));
  });

  it('answers UserError for an unknown model and binds keyword arguments strictly', async () => {
    expect((await executeKw(v17, 'no.such.model', 'search_read', [[]])).error).toMatchObject({ data: { name: 'odoo.exceptions.UserError' } });
    expect((await executeKw(v17, 'res.partner', 'search_read', [[]], { bogus: 1 })).error).toMatchObject({ data: { name: 'builtins.TypeError' } });
  });
});

describe('/json/2 on 19', () => {
  it('returns the raw result with a bearer key and named parameters', async () => {
    const response = await json2(v19, 'res.partner', 'search_read', { domain: [['name', '=', 'Azure Interior']], fields: ['name', 'country_id', 'parent_id'], context: { lang: 'en_US' } });
    expect(response).toEqual({ status: 200, body: [{ id: 9, name: 'Azure Interior', country_id: [expect.any(Number), expect.any(String)], parent_id: false }] });
    expect(v19.calls).toContainEqual(expect.objectContaining({ transport: 'json2', model: 'res.partner', method: 'search_read', uid: 2 }));
  });

  it('answers 401 for a bad key, 422 for a bad argument, 404 for an unknown model', async () => {
    expect(await json2(v19, 'res.partner', 'search_read', {}, 'wrong')).toMatchObject({ status: 401, body: { name: 'werkzeug.exceptions.Unauthorized', message: 'Invalid apikey' } });
    expect((await json2(v19, 'res.partner', 'search_read', { bogus: true })).status).toBe(422);
    expect((await json2(v19, 'res.partner', 'search_read', { domain: [['nope', '=', 1]] })).status).toBe(422);
    expect((await json2(v19, 'no.model', 'search_read', {})).status).toBe(404);
  });

  it('reads records by ids and groups with formatted_read_group', async () => {
    expect(await json2(v19, 'res.partner', 'read', { ids: [9], fields: ['name'] })).toEqual({ status: 200, body: [{ id: 9, name: 'Azure Interior' }] });
    const grouped = await json2(v19, 'account.move', 'formatted_read_group', { domain: [['state', '=', 'posted']], groupby: ['move_type'], aggregates: ['amount_total_signed:sum', '__count'] });
    expect(grouped.status).toBe(200);
    const refund = (grouped.body as Record<string, unknown>[]).find((row) => row.move_type === 'out_refund');
    expect(refund?.['amount_total_signed:sum'] as number).toBeLessThan(0);
  });

  it('unlink over /json/2 deletes too', async () => {
    expect(await json2(v19, 'crm.lead', 'unlink', { ids: [1] })).toEqual({ status: 200, body: true });
    expect(await queryDatabase('SELECT id FROM crm_lead WHERE id = 1')).toEqual([]);
  });
});
