/** A throwaway database per test file and raw HTTP helpers (no connector involved). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createOdooTestDatabase, startOdooTestServer, type OdooTestServer, type OdooVersion } from '../odoo-server/odoo-test-server.ts';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface OdooDatabase { url: string; drop(): Promise<void> }

export async function createDatabase(): Promise<OdooDatabase> {
  const name = `querent_odoo_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  await createOdooTestDatabase(url);
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function startServer(version: OdooVersion, database: OdooDatabase): Promise<OdooTestServer> {
  return startOdooTestServer({ version, databaseUrl: database.url });
}

export async function jsonRpc(server: OdooTestServer, service: string, method: string, args: unknown[]): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/jsonrpc`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 7, params: { service, method, args } }),
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return await response.json() as Record<string, unknown>;
}

/** execute_kw as admin (uid 2); returns the whole envelope. */
export function executeKw(server: OdooTestServer, model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}, uid = 2, key = 'admin-api-key') {
  return jsonRpc(server, 'object', 'execute_kw', ['odoo', uid, key, model, method, args, kwargs]);
}

/** execute_kw that must succeed; returns its result. */
export async function call<T = unknown>(server: OdooTestServer, model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}): Promise<T> {
  const envelope = await executeKw(server, model, method, args, kwargs);
  if (envelope.error !== undefined) throw new Error(JSON.stringify(envelope.error));
  return envelope.result as T;
}

export async function json2(server: OdooTestServer, model: string, method: string, body: unknown, key = 'admin-api-key'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/json/2/${model}/${method}`, {
    method: 'POST', headers: { Authorization: `bearer ${key}`, 'Content-Type': 'application/json', 'X-Odoo-Database': 'odoo' }, body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('<') ? text : JSON.parse(text) };
}
