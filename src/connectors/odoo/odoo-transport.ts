/**
 * How the connector talks to Odoo: one small interface, two implementations chosen by the server
 * version (`odoo-jsonrpc-transport.ts` for 14–18, `odoo-json2-transport.ts` for 19+), and the
 * allow-list of read methods that both check again before anything leaves the process.
 */
import { QuerentError } from '../../core/errors.ts';
import { OdooServerError, timedOut } from './odoo-errors.ts';

/**
 * The model methods a connection may call: reads only (DESIGN §4). Odoo API keys have no read-only
 * scope, so this list is the boundary; `odoo-client.ts` enforces it first and each transport again.
 */
export const ODOO_READ_METHODS = ['fields_get', 'search_read', 'search_count', 'read_group', 'formatted_read_group', 'name_search', 'read'] as const;
export type OdooReadMethod = (typeof ODOO_READ_METHODS)[number];

/** Model names as Odoo writes them (`sale.order.line`); anything else could reshape a JSON-2 URL. */
const MODEL_NAME = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/** Throws `invalid_request` unless `method` is one of {@link ODOO_READ_METHODS} and `model` a model name. */
export function assertReadCall(model: string, method: string): asserts method is OdooReadMethod {
  if (!(ODOO_READ_METHODS as readonly string[]).includes(method)) {
    throw new QuerentError('invalid_request', `The Odoo method "${method.slice(0, 64)}" is not a read method; connections are read-only.`);
  }
  if (!MODEL_NAME.test(model) || model.length > 128) {
    throw new QuerentError('invalid_request', `"${model.slice(0, 64)}" is not an Odoo model name.`);
  }
}

/**
 * One model call with named parameters (the JSON-2 body). `positional` lists the parameters the
 * JSON-RPC transport passes in `args`, in order; the rest go to `kwargs`.
 */
export interface OdooCall {
  readonly model: string;
  readonly method: OdooReadMethod;
  readonly params: Readonly<Record<string, unknown>>;
  readonly positional: readonly string[];
}

export interface OdooCallOptions {
  readonly signal?: AbortSignal;
  /** Milliseconds before the call is abandoned with `query_timeout`. */
  readonly timeoutMs: number;
}

export interface OdooServerVersion {
  /** `server_version`, e.g. `17.0` or `saas~17.2`. */
  readonly text: string;
  readonly major: number;
  readonly minor: number;
}

export interface OdooTransport {
  readonly protocol: 'jsonrpc' | 'json2';
  /** Checks the credentials (JSON-RPC: `common.authenticate`); rejects with `connection_unavailable`. */
  authenticate(options: OdooCallOptions): Promise<void>;
  /** One model call; resolves to the method's JSON result. Rejects with OdooServerError, a network error, or `query_timeout`. */
  call(call: OdooCall, options: OdooCallOptions): Promise<unknown>;
}

/** Everything a transport needs to reach one database. */
export interface OdooEndpoint {
  /** Base URL, e.g. `https://acme.odoo.com` (no trailing slash needed). */
  readonly url: string;
  readonly database: string;
  readonly login: string;
  readonly apiKey: string;
  /** Injected in tests; default the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** `server_version_info` ([17, 0, 0, 'final', 0]) or the `server_version` text (`saas~17.2+e`). */
export function parseServerVersion(result: unknown): OdooServerVersion {
  const record = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  const text = typeof record['server_version'] === 'string' ? record['server_version'] : '';
  const info = Array.isArray(record['server_version_info']) ? record['server_version_info'] : [];
  let major = typeof info[0] === 'number' ? info[0] : Number.NaN;
  let minor = typeof info[1] === 'number' ? info[1] : 0;
  if (!Number.isFinite(major)) {
    const match = /(\d+)\.(\d+)/.exec(text);
    major = match === null ? Number.NaN : Number(match[1]);
    minor = match === null ? 0 : Number(match[2]);
  }
  if (!Number.isFinite(major)) throw new QuerentError('connection_unavailable', 'Could not use the Odoo server: it did not report its version.');
  return { text: text || `${major}.${minor}`, major, minor };
}

/** The JSON-2 API exists from 19.0 on; older servers only speak JSON-RPC. */
export function protocolFor(version: OdooServerVersion): OdooTransport['protocol'] {
  return version.major >= 19 ? 'json2' : 'jsonrpc';
}

export function endpointUrl(base: string, path: string): string {
  const url = new URL(base);
  // Credentials in the URL would be sent as Basic auth and could surface in errors: drop them.
  url.username = '';
  url.password = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

export interface JsonAnswer {
  readonly status: number;
  /** The parsed body; undefined when it was not JSON. */
  readonly body: unknown;
}

/**
 * POSTs a JSON body and parses the answer, under the caller's signal and a timeout. Timeouts
 * reject with `query_timeout`, the caller's abort with its reason; fetch's network errors pass
 * through for `odoo-errors.ts` to map.
 */
export async function postJson(
  fetchImpl: typeof fetch,
  url: string,
  body: unknown,
  headers: Readonly<Record<string, string>>,
  options: OdooCallOptions,
): Promise<JsonAnswer> {
  const timeout = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
      redirect: 'error',
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text.length === 0 ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    if (timeout.aborted) throw timedOut(options.timeoutMs, error);
    throw error;
  }
}

/** An HTTP answer that is not the JSON the protocol promises (a proxy page, a 502…). */
export function unexpectedAnswer(answer: JsonAnswer, model?: string): OdooServerError {
  return new OdooServerError({
    exceptionName: `http.${answer.status}`,
    serverMessage: `Unexpected HTTP ${answer.status} answer`,
    httpStatus: answer.status === 200 ? 502 : answer.status,
    ...(model === undefined ? {} : { model }),
  });
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The query was aborted.', 'AbortError');
}
