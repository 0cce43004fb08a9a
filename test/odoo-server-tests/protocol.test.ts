import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { createDatabase, executeKw, json2, jsonRpc, startServer, type OdooDatabase } from './odoo-fixture.ts';

const VERSIONS = ['14.0', '15.0', '16.0', '17.0', '18.0', '19.0'] as const;
let database: OdooDatabase;
const servers = new Map<string, OdooTestServer>();

beforeAll(async () => {
  database = await createDatabase();
  for (const version of VERSIONS) servers.set(version, await startServer(version, database));
});
afterAll(async () => {
  for (const server of servers.values()) await server.close();
  await database?.drop();
});

describe.each(VERSIONS)('Odoo %s over /jsonrpc', (version) => {
  it('answers common.version with its version', async () => {
    const envelope = await jsonRpc(servers.get(version)!, 'common', 'version', []);
    expect(envelope).toMatchObject({ jsonrpc: '2.0', id: 7, result: { server_version: version, server_serie: version, protocol_version: 1 } });
    expect((envelope.result as { server_version_info: unknown[] }).server_version_info.slice(0, 2)).toEqual([Number.parseInt(version, 10), 0]);
  });

  it('logs in with an API key and answers false for a bad one', async () => {
    const server = servers.get(version)!;
    expect((await jsonRpc(server, 'common', 'login', ['odoo', 'admin', 'admin-api-key'])).result).toBe(2);
    expect((await jsonRpc(server, 'common', 'authenticate', ['odoo', 'bot', 'bot-api-key', {}])).result).toBe(6);
    expect((await jsonRpc(server, 'common', 'login', ['odoo', 'admin', 'wrong'])).result).toBe(false);
  });

  it('refuses a bad key on object calls with AccessDenied in an HTTP 200 envelope', async () => {
    const envelope = await executeKw(servers.get(version)!, 'res.partner', 'search_count', [[]], {}, 2, 'wrong');
    expect(envelope.error).toMatchObject({ code: 200, message: 'Odoo Server Error', data: { name: 'odoo.exceptions.AccessDenied', message: 'Access Denied' } });
  });
});

describe('version differences', () => {
  it('adds exception_type to error data only up to 15', async () => {
    const old = await executeKw(servers.get('15.0')!, 'res.partner', 'search_read', [[['nope', '=', 1]]]);
    const recent = await executeKw(servers.get('16.0')!, 'res.partner', 'search_read', [[['nope', '=', 1]]]);
    expect((old.error as { data: Record<string, unknown> }).data).toMatchObject({ name: 'builtins.ValueError', exception_type: 'internal_error' });
    expect((recent.error as { data: Record<string, unknown> }).data.exception_type).toBeUndefined();
  });

  it('serves /json/2 only on 19', async () => {
    expect((await json2(servers.get('19.0')!, 'res.partner', 'search_count', { domain: [] })).status).toBe(200);
    expect((await json2(servers.get('18.0')!, 'res.partner', 'search_count', { domain: [] })).status).toBe(404);
  });

  it('serves formatted_read_group only on 19', async () => {
    const args = [[], ['state'], ['__count']];
    expect((await executeKw(servers.get('18.0')!, 'sale.order', 'formatted_read_group', args)).error).toMatchObject({ data: { name: 'builtins.AttributeError' } });
    expect((await executeKw(servers.get('19.0')!, 'sale.order', 'formatted_read_group', args)).result).toBeInstanceOf(Array);
  });

  it('describes fields per version: groupable from 17, aggregator from 18, sale.order state done until 16', async () => {
    const attributes = async (version: string) => ((await executeKw(servers.get(version)!, 'sale.order', 'fields_get', [['state', 'amount_total']])).result as Record<string, Record<string, unknown>>);
    const v16 = await attributes('16.0');
    const v17 = await attributes('17.0');
    const v18 = await attributes('18.0');
    expect(v16.amount_total).toMatchObject({ type: 'monetary', string: 'Total', store: true, group_operator: 'sum' });
    expect(v16.amount_total.groupable).toBeUndefined();
    expect(v17.amount_total).toMatchObject({ groupable: true, group_operator: 'sum' });
    expect(v18.amount_total).toMatchObject({ groupable: true, aggregator: 'sum' });
    expect((v16.state.selection as string[][]).map(([key]) => key)).toContain('done');
    expect((v17.state.selection as string[][]).map(([key]) => key)).not.toContain('done');
  });

  it('renames product type values in 18 (is_storable)', async () => {
    const v17 = (await executeKw(servers.get('17.0')!, 'product.template', 'fields_get', [['type', 'is_storable']])).result as Record<string, Record<string, unknown>>;
    const v18 = (await executeKw(servers.get('18.0')!, 'product.template', 'fields_get', [['type', 'is_storable']])).result as Record<string, Record<string, unknown>>;
    expect((v17.type.selection as string[][]).map(([key]) => key)).toEqual(['consu', 'service', 'product']);
    expect(v17.is_storable).toBeUndefined();
    expect((v18.type.selection as string[][]).map(([key]) => key)).toEqual(['consu', 'service', 'combo']);
    expect(v18.is_storable).toMatchObject({ type: 'boolean' });
  });

  it('answers the web client version routes', async () => {
    const server = servers.get('17.0')!;
    const response = await fetch(`${server.url}/web/webclient/version_info`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, params: {} }) });
    expect(await response.json()).toMatchObject({ result: { server_version: '17.0' } });
  });
});
