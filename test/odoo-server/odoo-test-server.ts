/**
 * A protocol-level test double of Odoo's external API (see README.md): /jsonrpc for 14–19,
 * /json/2 for 19, backed by a PostgreSQL database laid out with Odoo's table names.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatchMethod, UnknownModelError } from './method-dispatch.ts';
import type { OdooMajor } from './model-types.ts';
import { json2Status, OdooError, serializeError } from './odoo-errors.ts';
import { createPool, DEFAULT_USERS, environmentFor, type OdooTestUser } from './odoo-users.ts';
import { handleJsonRpc } from './jsonrpc-endpoint.ts';
import { parseObject, versionInfo, type OdooVersion } from './odoo-protocol.ts';

export { createOdooTestDatabase } from './odoo-schema.ts';
export type { OdooTestUser } from './odoo-users.ts';

export type { OdooVersion } from './odoo-protocol.ts';

export interface OdooTestServerOptions {
  version: OdooVersion;
  /** A PostgreSQL database prepared by createOdooTestDatabase. */
  databaseUrl: string;
  /** Odoo database name callers must send; default 'odoo'. */
  database?: string;
  /** Accepted users; default admin (uid 2, companies 1 and 2) and bot (uid 6, company 1). */
  users?: OdooTestUser[];
}

/** One request as it arrived, recorded before it runs (so refused and failing calls are there too). */
export interface RecordedCall {
  transport: 'jsonrpc' | 'json2' | 'http';
  /** 'common' or 'object' over /jsonrpc; undefined otherwise. */
  service?: string;
  /** The service method ('login', 'execute_kw') or, for model calls, the model method ('search_read', 'unlink'). */
  method: string;
  model?: string;
  args?: unknown[];
  kwargs?: Record<string, unknown>;
  uid?: number;
}

export interface OdooTestServer {
  url: string;
  port: number;
  version: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

export interface ServerState {
  major: OdooMajor;
  version: OdooVersion;
  database: string;
  users: OdooTestUser[];
  pool: ReturnType<typeof createPool>;
  calls: RecordedCall[];
}

export async function startOdooTestServer(options: OdooTestServerOptions): Promise<OdooTestServer> {
  const state: ServerState = {
    major: Number.parseInt(options.version, 10) as OdooMajor,
    version: options.version,
    database: options.database ?? 'odoo',
    users: options.users ?? [...DEFAULT_USERS],
    pool: createPool(options.databaseUrl),
    calls: [],
  };
  const server = createServer((request, response) => {
    route(state, request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`, port, version: options.version, calls: state.calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await state.pool.end();
    },
  };
}

async function route(state: ServerState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const body = request.method === 'POST' ? await readBody(request) : '';
  if (request.method === 'POST' && (path === '/jsonrpc' || path === '/web/webclient/version_info')) {
    return send(response, 200, await handleJsonRpc(state, path, body));
  }
  if (request.method === 'GET' && path === '/web/version') {
    state.calls.push({ transport: 'http', method: 'version' });
    return send(response, 200, { version_info: versionInfo(state.version).server_version_info, version: state.version });
  }
  const json2 = /^\/json\/2\/([^/]+)\/([^/]+)$/.exec(path);
  if (request.method === 'POST' && json2 !== null && state.major >= 19) {
    const [status, payload] = await handleJson2(state, request, decodeURIComponent(json2[1]), decodeURIComponent(json2[2]), body);
    return send(response, status, payload);
  }
  response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end('<!doctype html>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>The requested URL was not found on the server.</p>\n');
}

/** POST /json/2/<model>/<method>: bearer API key, named parameters, real HTTP status codes (reference §1.3). */
async function handleJson2(state: ServerState, request: IncomingMessage, model: string, method: string, body: string): Promise<[number, unknown]> {
  const params = parseObject(body);
  state.calls.push({ transport: 'json2', method, model, kwargs: params ?? undefined });
  const fail = (error: OdooError): [number, unknown] => [error instanceof UnknownModelError ? 404 : json2Status(error), serializeError(error, state.major)];
  const header = request.headers.authorization ?? '';
  const key = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const user = state.users.find((candidate) => candidate.apiKey === key);
  if (user === undefined) return fail(new OdooError('werkzeug.exceptions.Unauthorized', 'Invalid apikey'));
  const database = request.headers['x-odoo-database'];
  if (database !== undefined && database !== state.database) return fail(new OdooError('werkzeug.exceptions.NotFound', `Database ${String(database)} not found`));
  state.calls[state.calls.length - 1].uid = user.uid;
  if (params === undefined) return fail(new OdooError('werkzeug.exceptions.BadRequest', 'Invalid JSON body'));
  const { ids, context, ...kwargs } = params;
  try {
    const environment = environmentFor(state.pool, state.major, user, context);
    const result = await dispatchMethod(environment, { model, method, args: [], kwargs, ids }, user.deniedModels ?? []);
    return [200, result];
  } catch (error) {
    if (error instanceof OdooError) return fail(error.qualifiedName === 'builtins.TypeError' ? new OdooError('werkzeug.exceptions.UnprocessableEntity', error.message) : error);
    return fail(new OdooError('psycopg2.errors.DatabaseError', (error as Error).message));
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(payload));
}
