import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOdooClient } from '../../src/connectors/odoo/odoo-client.ts';
import { createOdooConnector } from '../../src/connectors/odoo/odoo-connector.ts';
import { createJson2Transport } from '../../src/connectors/odoo/odoo-json2-transport.ts';
import { createJsonRpcTransport } from '../../src/connectors/odoo/odoo-jsonrpc-transport.ts';
import { field } from '../../src/query/logical-query.ts';

/**
 * A tiny Odoo stand-in answering the envelopes of the reference (§1.2, §1.3): enough for the
 * transports and one connector round trip. Not the protocol-level test server.
 */
const API_KEY = 'k3y-S3CRET-value';
interface Recorded { path: string; headers: IncomingMessage['headers']; body: any }
let server: Server;
let baseUrl: string;
let version = '17.0';
let delayMs = 0;
const requests: Recorded[] = [];

const FIELDS: Record<string, Record<string, unknown>> = {
  'sale.order': {
    id: { type: 'integer', string: 'ID', store: true, groupable: true, searchable: true, sortable: true },
    partner_id: { type: 'many2one', string: 'Customer', relation: 'res.partner', store: true, groupable: true, searchable: true, sortable: true },
    date_order: { type: 'datetime', string: 'Order Date', store: true, groupable: true, searchable: true, sortable: true },
    state: { type: 'selection', string: 'Status', store: true, groupable: true, searchable: true, sortable: true, selection: [['draft', 'Quotation'], ['sale', 'Sales Order']] },
    amount_total: { type: 'monetary', string: 'Total', store: true, groupable: true, searchable: true, sortable: true },
  },
  'res.users': { login: { type: 'char', string: 'Login', store: true, groupable: true, searchable: true, sortable: true } },
  'res.partner': {
    name: { type: 'char', string: 'Name', store: true, groupable: true, searchable: true, sortable: true },
    active: { type: 'boolean', string: 'Active', store: true, groupable: true, searchable: true, sortable: true },
  },
};

function modelResult(model: string, method: string, params: Record<string, any>): { result?: unknown; error?: { name: string; message: string; status: number } } {
  if (model === 'account.move') return { error: { name: 'odoo.exceptions.AccessError', message: "You are not allowed to access 'Journal Entry' (account.move) records.", status: 403 } };
  const fields = FIELDS[model];
  if (fields === undefined && model !== 'ir.model') return { error: { name: 'odoo.exceptions.UserError', message: `Object ${model} doesn't exist`, status: 404 } };
  switch (method) {
    case 'fields_get': return { result: fields };
    case 'search_count': return { result: model === 'sale.order' ? 3 : 2 };
    case 'search_read':
      if (model === 'ir.model') return { result: [{ id: 1, model: 'sale.order', name: 'Sales Order' }] };
      return { result: [{ id: 1, name: 'Azure Interior', active: true }, { id: 2, name: false, active: true }] };
    case 'read_group':
      return { result: [{ 'date_order:month': 'January 2024', amount_total: 150, __count: 2, __domain: [], __range: { 'date_order:month': { from: '2024-01-01 00:00:00', to: '2024-02-01 00:00:00' } } }] };
    case 'formatted_read_group':
      return { result: [{ 'date_order:month': ['2024-01-01', 'January 2024'], 'amount_total:sum': 150, __count: 2, __extra_domain: [] }] };
    default: return { error: { name: 'builtins.ValueError', message: `unexpected ${method} ${JSON.stringify(params)}`, status: 422 } };
  }
}

function errorData(error: { name: string; message: string }) {
  return { name: error.name, message: error.message, arguments: [error.message], context: {}, debug: `Traceback (most recent call last): … ${API_KEY}` };
}

async function handle(path: string, headers: IncomingMessage['headers'], body: any): Promise<{ status: number; body: unknown }> {
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (path === '/jsonrpc') {
    const { service, method, args } = body.params;
    const envelope = (result: unknown) => ({ status: 200, body: { jsonrpc: '2.0', id: body.id, result } });
    const failure = (error: { name: string; message: string }) => ({ status: 200, body: { jsonrpc: '2.0', id: body.id, error: { code: 200, message: 'Odoo Server Error', data: errorData(error) } } });
    if (service === 'common' && method === 'version') {
      const [major, minor] = version.split('.').map(Number);
      return envelope({ server_version: version, server_version_info: [major, minor, 0, 'final', 0], server_serie: version, protocol_version: 1 });
    }
    if (service === 'common' && method === 'authenticate') return envelope(args[0] === 'acme' && args[1] === 'bot' && args[2] === API_KEY ? 2 : false);
    if (service === 'object' && method === 'execute_kw') {
      const [db, uid, key, model, modelMethod, positional, kwargs] = args;
      if (db !== 'acme' || uid !== 2 || key !== API_KEY) return failure({ name: 'odoo.exceptions.AccessDenied', message: 'Access Denied' });
      const answer = modelResult(model, modelMethod, { positional, ...kwargs });
      return answer.error === undefined ? envelope(answer.result) : failure(answer.error);
    }
    return failure({ name: 'werkzeug.exceptions.NotFound', message: 'no such service' });
  }
  const match = /^\/json\/2\/([^/]+)\/([^/]+)$/.exec(path);
  if (match !== null && version.startsWith('19')) {
    if (headers.authorization !== `bearer ${API_KEY}`) return { status: 401, body: errorData({ name: 'werkzeug.exceptions.Unauthorized', message: 'Invalid apikey' }) };
    const answer = modelResult(match[1]!, match[2]!, body);
    return answer.error === undefined ? { status: 200, body: answer.result } : { status: answer.error.status, body: errorData(answer.error) };
  }
  return { status: 404, body: undefined };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    request.on('end', async () => {
      const body = text === '' ? undefined : JSON.parse(text);
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = await handle(request.url ?? '', request.headers, body);
      response.writeHead(answer.status, { 'Content-Type': answer.body === undefined ? 'text/html' : 'application/json' });
      response.end(answer.body === undefined ? '<html>Not Found</html>' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  version = '17.0';
  delayMs = 0;
});

const endpoint = () => ({ url: baseUrl, database: 'acme', login: 'bot', apiKey: API_KEY });
const options = { timeoutMs: 2_000 };

describe('the read-only guard', () => {
  it('refuses writes and unknown methods before anything is sent', async () => {
    let sent = 0;
    const fakeFetch = (async () => { sent += 1; throw new Error('must not be called'); }) as unknown as typeof fetch;
    const client = createOdooClient({ ...endpoint(), fetch: fakeFetch });
    for (const method of ['write', 'unlink', 'create', 'execute_kw', 'copy', '_read_group', 'action_confirm', 'search_read/../unlink']) {
      await expect(client.call('res.partner', method, {})).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(client.call('res.partner', 'read_group', { domain: [], fields: [], groupby: ['name'] })).rejects.toThrow(/lazy: false/);
    await expect(client.call('res.partner/../x', 'search_read', {})).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(client.call('res.partner', 'search_read', { context: { active_test: false } })).rejects.toMatchObject({ code: 'invalid_request' });
    for (const transport of [createJsonRpcTransport({ ...endpoint(), fetch: fakeFetch }), createJson2Transport({ ...endpoint(), fetch: fakeFetch })]) {
      await expect(transport.call({ model: 'res.partner', method: 'unlink' as never, params: { ids: [1] }, positional: ['ids'] }, options)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    expect(sent).toBe(0);
  });

  it('refuses the grouping method the server version does not have', async () => {
    const client = createOdooClient(endpoint());
    await expect(client.call('sale.order', 'formatted_read_group', { domain: [], groupby: [], aggregates: [] })).rejects.toThrow(/before Odoo 19/);
    expect(requests.map((request) => request.body.params.method)).toEqual(['version']);
  });
});

describe('the JSON-RPC transport (≤18)', () => {
  it('authenticates once, then sends execute_kw with positional args, kwargs and the context', async () => {
    const client = createOdooClient({ ...endpoint(), companyIds: [1, 3] });
    const rows = await client.call('res.partner', 'search_read', { domain: [['name', 'ilike', 'a']], fields: ['name'], limit: 5 });
    await client.call('res.partner', 'search_count', { domain: [] }, { activeTest: false });
    expect(rows).toEqual([{ id: 1, name: 'Azure Interior', active: true }, { id: 2, name: false, active: true }]);
    expect(requests.map((request) => `${request.path} ${request.body.params.service}.${request.body.params.method}`)).toEqual([
      '/jsonrpc common.version', '/jsonrpc common.authenticate', '/jsonrpc object.execute_kw', '/jsonrpc object.execute_kw',
    ]);
    expect(requests[2]!.body).toMatchObject({ jsonrpc: '2.0', method: 'call' });
    expect(requests[2]!.body.params.args).toEqual(['acme', 2, API_KEY, 'res.partner', 'search_read', [[['name', 'ilike', 'a']]], {
      fields: ['name'], limit: 5, context: { lang: 'en_US', tz: 'UTC', active_test: true, allowed_company_ids: [1, 3] },
    }]);
    expect(requests[3]!.body.params.args[6].context.active_test).toBe(false);
  });

  it('maps a rejected login, an AccessError and a missing server to safe errors without the key', async () => {
    const wrong = createOdooClient({ ...endpoint(), apiKey: 'wrong' });
    const denied = await wrong.connect().catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: 'connection_unavailable' });
    const connector = createOdooConnector({ ...endpoint(), url: `${baseUrl.replace('http://', 'http://user:pw@')}` });
    const forbidden = await connector.execute({ language: 'odoo-rpc', dialect: 'odoo', text: '', params: [{ kind: 'search_count', model: 'account.move', domain: [], activeTest: true, output: [] }] }).catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ code: 'invalid_request' });
    expect(String((forbidden as Error).message)).toContain('account.move');
    const unreachable = await createOdooConnector({ ...endpoint(), url: 'http://127.0.0.1:1' }).test().catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ code: 'connection_unavailable' });
    for (const error of [denied, forbidden, unreachable]) expect(JSON.stringify({ message: (error as Error).message })).not.toMatch(/S3CRET|pw@|Traceback/);
  });

  it('gives up after the timeout with query_timeout', async () => {
    delayMs = 300;
    const client = createOdooClient({ ...endpoint(), timeoutMs: 50 });
    await expect(client.version()).rejects.toMatchObject({ code: 'query_timeout' });
  });
});

describe('the JSON-2 transport (19+)', () => {
  it('is chosen by version and posts named params with a bearer key and the database header', async () => {
    version = '19.0';
    const client = createOdooClient(endpoint());
    await client.connect();
    const groups = await client.call('sale.order', 'formatted_read_group', { domain: [], groupby: ['date_order:month'], aggregates: ['amount_total:sum', '__count'] });
    expect(groups).toEqual([{ 'date_order:month': ['2024-01-01', 'January 2024'], 'amount_total:sum': 150, __count: 2, __extra_domain: [] }]);
    const last = requests.at(-1)!;
    expect(last.path).toBe('/json/2/sale.order/formatted_read_group');
    expect(last.headers.authorization).toBe(`bearer ${API_KEY}`);
    expect(last.headers['x-odoo-database']).toBe('acme');
    expect(last.body).toEqual({ domain: [], groupby: ['date_order:month'], aggregates: ['amount_total:sum', '__count'], context: { lang: 'en_US', tz: 'UTC', active_test: true } });
    await expect(client.call('sale.order', 'read_group', { domain: [], fields: [], groupby: [], lazy: false })).rejects.toThrow(/deprecated from Odoo 19/);
  });

  it('maps HTTP 401 to connection_unavailable and 403 AccessError to invalid_request', async () => {
    version = '19.0';
    await expect(createOdooConnector({ ...endpoint(), apiKey: 'expired' }).test()).rejects.toMatchObject({ code: 'connection_unavailable' });
    const connector = createOdooConnector(endpoint());
    await expect(connector.execute({ language: 'odoo-rpc', dialect: 'odoo', text: '', params: [{ kind: 'search_count', model: 'account.move', domain: [], activeTest: true, output: [] }] })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});

describe('the connector on the stub', () => {
  for (const serverVersion of ['17.0', '19.0']) {
    it(`introspects, compiles and runs a monthly total on ${serverVersion}`, async () => {
      version = serverVersion;
      const connector = createOdooConnector({ ...endpoint(), maxRows: 10 });
      await connector.test();
      const catalog = await connector.introspect();
      expect(catalog.entities.map((entity) => entity.name)).toEqual(['res.partner', 'res.users', 'sale.order']);
      const order = catalog.entities[2]!;
      expect(order).toMatchObject({ label: 'Sales Order', rowCount: 3, primaryKey: ['id'], foreignKeys: [{ columns: ['partner_id'], refEntity: 'res.partner', refColumns: ['id'] }] });
      const values = await connector.sampleValues(catalog);
      expect(values).toContainEqual({ entity: 'sale.order', column: 'state', values: ['Quotation', 'Sales Order'] });
      const compiled = connector.compile({
        kind: 'select', root: 'sale.order', joins: [], columns: [], having: [], order: [],
        measures: [{ id: 'total', label: 'Total', aggregate: 'sum', expression: field('sale.order', 'amount_total') }, { id: 'orders', label: 'Orders', aggregate: 'count' }],
        dimensions: [{ id: 'month', label: 'Month', field: field('sale.order', 'date_order'), grain: 'month' }],
        filters: [{ kind: 'filter', expression: field('sale.order', 'state'), op: 'eq', values: ['Sales Order'] }],
      }, catalog);
      expect(JSON.parse(compiled.text).method).toBe(serverVersion === '19.0' ? 'formatted_read_group' : 'read_group');
      const table = await connector.execute(compiled);
      expect(table).toEqual({ columns: [{ name: 'month', type: 'date' }, { name: 'total', type: 'number' }, { name: 'orders', type: 'integer' }], rows: [['2024-01-01', 150, 2]], truncated: false });
      const sentMethods = requests.map((request) => request.path === '/jsonrpc' ? request.body.params.args?.[4] ?? request.body.params.method : request.path.split('/').at(-1));
      expect(sentMethods.every((method: string) => ['version', 'authenticate', 'fields_get', 'search_count', 'search_read', 'read_group', 'formatted_read_group'].includes(method))).toBe(true);
      await connector.close();
    });
  }
});
