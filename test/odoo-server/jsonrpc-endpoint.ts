/** POST /jsonrpc (services `common` and `object`) and the web client's version route, with Odoo's envelopes. */
import { dispatchMethod } from './method-dispatch.ts';
import { accessDenied, OdooError, serializeError } from './odoo-errors.ts';
import { environmentFor } from './odoo-users.ts';
import { parseObject, versionInfo } from './odoo-protocol.ts';
import type { ServerState } from './odoo-test-server.ts';

type Envelope = Record<string, unknown>;

export async function handleJsonRpc(state: ServerState, path: string, body: string): Promise<Envelope> {
  const request = parseObject(body);
  const id = request?.id ?? null;
  try {
    if (request === undefined) throw new OdooError('werkzeug.exceptions.BadRequest', 'Invalid JSON data');
    if (path === '/web/webclient/version_info') {
      state.calls.push({ transport: 'http', method: 'version_info' });
      return { jsonrpc: '2.0', id, result: versionInfo(state.version) };
    }
    const params = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as Record<string, unknown>;
    const service = String(params.service);
    const method = String(params.method);
    const args = Array.isArray(params.args) ? params.args : [];
    return { jsonrpc: '2.0', id, result: await callService(state, service, method, args) };
  } catch (error) {
    const odooError = error instanceof OdooError ? error : new OdooError('psycopg2.DatabaseError', (error as Error).message);
    return { jsonrpc: '2.0', id, error: { code: 200, message: 'Odoo Server Error', data: serializeError(odooError, state.major) } };
  }
}

function checkDatabase(state: ServerState, database: unknown): void {
  if (database !== state.database) throw new OdooError('psycopg2.OperationalError', `connection to server failed: FATAL:  database "${String(database)}" does not exist`);
}

async function callService(state: ServerState, service: string, method: string, args: unknown[]): Promise<unknown> {
  if (service === 'common') {
    state.calls.push({ transport: 'jsonrpc', service, method, args: method === 'version' ? args : [args[0], args[1], '***'] });
    if (method === 'version') return versionInfo(state.version);
    if (method === 'login' || method === 'authenticate') {
      checkDatabase(state, args[0]);
      // A failed login answers false, not an error (odoo/service/common.py).
      const user = state.users.find((candidate) => candidate.login === args[1] && candidate.apiKey === args[2]);
      return user?.uid ?? false;
    }
    throw new OdooError('builtins.AttributeError', `module 'odoo.service.common' has no attribute 'exp_${method}'`);
  }
  if (service === 'object' && (method === 'execute_kw' || method === 'execute')) {
    const [database, uid, password, model, modelMethod] = args;
    const rest = args.slice(5);
    const positional = method === 'execute_kw' ? (Array.isArray(rest[0]) ? rest[0] : []) : rest;
    const kwargs = method === 'execute_kw' && typeof rest[1] === 'object' && rest[1] !== null ? rest[1] as Record<string, unknown> : {};
    state.calls.push({ transport: 'jsonrpc', service, method: String(modelMethod), model: String(model), args: positional, kwargs, uid: Number(uid) });
    checkDatabase(state, database);
    const user = state.users.find((candidate) => candidate.uid === uid && candidate.apiKey === password);
    if (user === undefined) throw accessDenied();
    const environment = environmentFor(state.pool, state.major, user, kwargs.context);
    return dispatchMethod(environment, { model, method: modelMethod, args: positional, kwargs }, user.deniedModels ?? []);
  }
  state.calls.push({ transport: 'jsonrpc', service, method });
  throw new OdooError('builtins.Exception', `No such service: ${service}.${method}`);
}
