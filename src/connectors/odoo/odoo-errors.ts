/**
 * Odoo failures → QuerentError. Details are written here, never copied from the server: Odoo's
 * messages and tracebacks (`data.debug`) can carry the database name, SQL or record data, and a
 * transport error must never echo the URL's credentials or the API key. The original error is kept
 * in `cause` for the logs.
 */
import { QuerentError, isQuerentError } from '../../core/errors.ts';

const CONNECT_PREFIX = 'Could not use the Odoo server';

/**
 * An error the server answered with: a JSON-RPC error envelope (HTTP 200) or a JSON-2 error body
 * (4xx/5xx). `exceptionName` is Odoo's `data.name` / `name`, e.g. `odoo.exceptions.AccessError`.
 */
export class OdooServerError extends Error {
  readonly exceptionName: string;
  /** HTTP status of the answer (200 for JSON-RPC envelopes). */
  readonly httpStatus: number;
  /** `error.code` of a JSON-RPC envelope (200 server error, 100 session expired, 404…); undefined for JSON-2. */
  readonly rpcCode: number | undefined;
  /** The model the failed call named, when it was a model call. */
  readonly model: string | undefined;

  constructor(options: { exceptionName: string; serverMessage: string; httpStatus: number; rpcCode?: number; model?: string }) {
    // The server's message stays in `message` for the logs only; it never reaches a caller.
    super(options.serverMessage);
    this.name = 'OdooServerError';
    this.exceptionName = options.exceptionName;
    this.httpStatus = options.httpStatus;
    this.rpcCode = options.rpcCode;
    this.model = options.model;
  }
}

/** Node socket and DNS error codes (found on `fetch`'s `cause`) → the safe reason shown to the caller. */
const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the server refused the connection (is it running, and is the port right?)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the host did not answer in time',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the server closed the connection',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_CONNECT_TIMEOUT: 'the host did not answer in time',
};

export function connectionUnavailable(reason: string, cause?: unknown): QuerentError {
  return new QuerentError('connection_unavailable', `${CONNECT_PREFIX}: ${reason}.`, { cause });
}

export function badCredentials(cause?: unknown): QuerentError {
  return connectionUnavailable('the login or API key was rejected (check both, and that the key has not expired)', cause);
}

export function timedOut(timeoutMs: number, cause?: unknown): QuerentError {
  const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Number((timeoutMs / 1000).toFixed(1))} s`;
  return new QuerentError('query_timeout', `The Odoo server did not answer within the time limit (${limit}).`, { cause });
}

/**
 * Wraps any error from an Odoo call; QuerentErrors pass through unchanged. An AccessError on a
 * model is the caller asking for data the connection's user may not read: `invalid_request`
 * (the introspector skips such models instead, see {@link isAccessError}).
 */
export function toQuerentError(error: unknown): QuerentError {
  if (isQuerentError(error)) return error;
  if (error instanceof OdooServerError) return fromServerError(error);
  const reason = networkReasonOf(error);
  if (reason !== undefined) return connectionUnavailable(reason, error);
  return new QuerentError('internal_error', 'The Odoo server failed to answer the query.', { cause: error });
}

/** Like {@link toQuerentError}, but every failure counts as the server being unavailable (for `test()`). */
export function toConnectionError(error: unknown): QuerentError {
  const mapped = toQuerentError(error);
  if (mapped.code === 'connection_unavailable') return mapped;
  if (mapped.code === 'query_timeout') return connectionUnavailable('the server did not answer in time', error);
  return connectionUnavailable('the server could not answer a test call', error);
}

/** The user may not read this model (or field): skip it when building the catalog. */
export function isAccessError(error: unknown): boolean {
  return error instanceof OdooServerError && shortName(error.exceptionName) === 'AccessError';
}

/**
 * The model is not installed on this database: `execute_kw` raises UserError "Object x doesn't
 * exist" (`odoo/service/model.py`), older servers a KeyError; JSON-2 answers 404.
 */
export function isMissingModel(error: unknown): boolean {
  if (!(error instanceof OdooServerError)) return false;
  const name = shortName(error.exceptionName);
  return name === 'KeyError' || (name === 'UserError' && /^Object \S+ doesn't exist/.test(error.message)) || (error.httpStatus === 404 && error.model !== undefined) || (name === 'ValueError' && /model/i.test(error.message) && /exist/i.test(error.message));
}

function fromServerError(error: OdooServerError): QuerentError {
  const name = shortName(error.exceptionName);
  const model = error.model === undefined ? '' : ` "${error.model}"`;
  if (name === 'AccessDenied' || error.httpStatus === 401 || name === 'Unauthorized' || error.rpcCode === 100) return badCredentials(error);
  if (name === 'AccessError') {
    return new QuerentError('invalid_request', `The Odoo user of this connection may not read the model${model} or one of the fields asked for.`, { cause: error });
  }
  if (isUnknownDatabase(error)) return connectionUnavailable('the database does not exist on this server', error);
  if (isMissingModel(error)) return new QuerentError('invalid_request', `The Odoo database has no model${model}; its catalog needs refreshing.`, { cause: error });
  if (name === 'ValueError' || name === 'UserError' || name === 'ValidationError' || error.httpStatus === 422 || error.httpStatus === 400) {
    return new QuerentError('invalid_request', `The Odoo server refused the query on${model || ' the model'} (${name || `HTTP ${error.httpStatus}`}).`, { cause: error });
  }
  if (error.httpStatus === 404) return connectionUnavailable('the server has no such endpoint (is the URL the Odoo address?)', error);
  if (error.httpStatus >= 500 && error.httpStatus !== 500) return connectionUnavailable(`the server answered HTTP ${error.httpStatus}`, error);
  return new QuerentError('internal_error', `The Odoo server failed to run the query on${model || ' the model'}.`, { cause: error });
}

/** Odoo names a database it cannot open in a psycopg2 error or, on some versions, a KeyError on the registry. */
function isUnknownDatabase(error: OdooServerError): boolean {
  const name = shortName(error.exceptionName);
  if (name === 'OperationalError' && /database/i.test(error.message)) return true;
  return /database .* does not exist|unknown database|database not found/i.test(error.message);
}

function shortName(exceptionName: string): string {
  return exceptionName.slice(exceptionName.lastIndexOf('.') + 1);
}

function networkReasonOf(error: unknown): string | undefined {
  const causes: unknown[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 4; depth += 1) {
    causes.push(current, ...(current instanceof AggregateError ? current.errors : []));
    current = current instanceof Error ? current.cause : undefined;
  }
  for (const each of causes) {
    const code = codeOf(each);
    if (code === undefined) continue;
    if (NETWORK_REASONS[code] !== undefined) return NETWORK_REASONS[code];
    if (/^ERR_(TLS|SSL)_|CERT|^UNABLE_TO_|^SELF_SIGNED|^DEPTH_ZERO/.test(code)) {
      return 'the TLS connection could not be established (certificate or TLS settings)';
    }
  }
  // fetch rejects with a bare TypeError("fetch failed") when the cause carries no code.
  if (error instanceof TypeError && error.message === 'fetch failed') return 'the server could not be reached';
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
