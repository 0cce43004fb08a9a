/**
 * `POST /jsonrpc` (Odoo 8–19; deprecated in 19): `common.version`, `common.authenticate`, and
 * `object.execute_kw(db, uid, key, model, method, args, kwargs)` with the credentials on every
 * call. Errors come back with HTTP 200 in `{ error: { code, message, data: { name, message } } }`.
 */
import { QuerentError } from '../../core/errors.ts';
import { OdooServerError, badCredentials } from './odoo-errors.ts';
import {
  assertReadCall,
  endpointUrl,
  parseServerVersion,
  postJson,
  unexpectedAnswer,
  type OdooCall,
  type OdooCallOptions,
  type OdooEndpoint,
  type OdooServerVersion,
  type OdooTransport,
} from './odoo-transport.ts';

/** The only services and methods this transport sends besides `object.execute_kw` of a read method. */
type CommonMethod = 'version' | 'authenticate';

let nextId = 1;

/** `common.version` over `/jsonrpc`, which needs no credentials; the way the protocol is chosen. */
export async function probeOdooVersion(endpoint: Omit<OdooEndpoint, 'login' | 'apiKey'>, options: OdooCallOptions): Promise<OdooServerVersion> {
  const result = await rpc(endpoint.fetch ?? fetch, endpointUrl(endpoint.url, '/jsonrpc'), 'common', 'version', [], options);
  return parseServerVersion(result);
}

export function createJsonRpcTransport(endpoint: OdooEndpoint): OdooTransport {
  const url = endpointUrl(endpoint.url, '/jsonrpc');
  const fetchImpl = endpoint.fetch ?? fetch;
  // The uid, once known; forgotten when a call is refused, so that fixed credentials work again.
  let uid: Promise<number> | undefined;

  function userId(options: OdooCallOptions): Promise<number> {
    uid ??= authenticate(options);
    uid.catch(() => {
      uid = undefined;
    });
    return uid;
  }

  async function authenticate(options: OdooCallOptions): Promise<number> {
    const result = await rpc(fetchImpl, url, 'common', 'authenticate', [endpoint.database, endpoint.login, endpoint.apiKey, {}], options);
    // A bad login or key answers `false`, not an error.
    if (typeof result !== 'number' || !Number.isInteger(result) || result <= 0) throw badCredentials();
    return result;
  }

  return {
    protocol: 'jsonrpc',

    async authenticate(options) {
      await userId(options);
    },

    async call(call: OdooCall, options: OdooCallOptions): Promise<unknown> {
      assertReadCall(call.model, call.method);
      const args = call.positional.map((name) => call.params[name]);
      const kwargs = Object.fromEntries(Object.entries(call.params).filter(([name]) => !call.positional.includes(name)));
      const user = await userId(options);
      try {
        return await rpc(fetchImpl, url, 'object', 'execute_kw', [endpoint.database, user, endpoint.apiKey, call.model, call.method, args, kwargs], options, call.model);
      } catch (error) {
        if (error instanceof OdooServerError && error.exceptionName.endsWith('AccessDenied')) uid = undefined;
        throw error;
      }
    },
  };
}

async function rpc(
  fetchImpl: typeof fetch,
  url: string,
  service: 'common' | 'object',
  method: CommonMethod | 'execute_kw',
  args: readonly unknown[],
  options: OdooCallOptions,
  model?: string,
): Promise<unknown> {
  if (service === 'object' && method !== 'execute_kw') throw new QuerentError('internal_error', `The object service method "${method}" is not sent.`);
  const id = nextId++;
  const answer = await postJson(fetchImpl, url, { jsonrpc: '2.0', method: 'call', id, params: { service, method, args } }, {}, options);
  const body = answer.body;
  if (answer.status !== 200 || typeof body !== 'object' || body === null) throw unexpectedAnswer(answer, model);
  const envelope = body as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: { name?: unknown; message?: unknown } } };
  if (envelope.error !== undefined) {
    const data = envelope.error.data ?? {};
    throw new OdooServerError({
      exceptionName: typeof data.name === 'string' ? data.name : 'odoo.error',
      serverMessage: typeof data.message === 'string' ? data.message : String(envelope.error.message ?? ''),
      httpStatus: 200,
      ...(typeof envelope.error.code === 'number' ? { rpcCode: envelope.error.code } : {}),
      ...(model === undefined ? {} : { model }),
    });
  }
  if (!('result' in envelope)) throw unexpectedAnswer(answer, model);
  return envelope.result;
}
