/**
 * Driver errors (from `pg`, PGlite or Node's sockets) → QuerentError. The detail is written here,
 * never copied from the driver: driver messages can carry the host, the user name, the statement
 * or its parameters. The original error is kept in `cause` for the logs.
 */
import { QuerentError, isQuerentError } from '../../core/errors.ts';

const CONNECT_PREFIX = 'Could not reach the PostgreSQL database';

/** Node socket and DNS error codes → the safe reason shown to the caller. */
const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the server refused the connection (is it running, and is the port right?)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  EAI_NONAME: 'the host name could not be resolved',
  ETIMEDOUT: 'the host did not answer in time',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the server closed the connection',
  EPIPE: 'the server closed the connection',
};

/** SQLSTATEs (PostgreSQL manual, appendix A) that mean the database cannot be used at all. */
const CONNECTION_SQLSTATES: Readonly<Record<string, string>> = {
  '28P01': 'authentication failed (check the user name and password)',
  '28000': 'the server refused the login (authentication failed or this host is not allowed)',
  '3D000': 'the database does not exist',
  '53300': 'the server has too many connections',
  '57P01': 'the server is shutting down',
  '57P02': 'the server is shutting down',
  '57P03': 'the server is not accepting connections yet',
};

/** Messages `pg` itself creates (not the server's), matched by their fixed beginning. */
const PG_CLIENT_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^The server does not support SSL connections/, 'TLS was required but the server does not support it'],
  [/^(timeout expired|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/, 'the server did not answer in time'],
  [/^Connection terminated/, 'the server closed the connection'],
  [/^SASL|client password must be a string/, 'authentication failed (check the user name and password)'],
];

export interface ErrorContext {
  /** The statement timeout in force, for the message. */
  readonly timeoutMs?: number;
}

/** Wraps any error from running a statement; QuerentErrors pass through unchanged. */
export function toQuerentError(error: unknown, context: ErrorContext = {}): QuerentError {
  if (isQuerentError(error)) return error;
  const sqlState = sqlStateOf(error);
  if (sqlState !== undefined) return fromSqlState(sqlState, error, context);
  const connectionReason = connectionReasonOf(error);
  if (connectionReason !== undefined) return connectionUnavailable(connectionReason, error);
  if (messageOf(error).startsWith('Query read timeout')) return timedOut(error, context);
  return new QuerentError('internal_error', 'The PostgreSQL database failed to run the query.', { cause: error });
}

/** Like {@link toQuerentError}, but every failure counts as the database being unavailable (for `test()`). */
export function toConnectionError(error: unknown): QuerentError {
  const mapped = toQuerentError(error);
  if (mapped.code === 'connection_unavailable') return mapped;
  if (mapped.code === 'query_timeout') return connectionUnavailable('the server did not answer in time', error);
  return connectionUnavailable('the server could not run a test query', error);
}

export function connectionUnavailable(reason: string, cause?: unknown): QuerentError {
  return new QuerentError('connection_unavailable', `${CONNECT_PREFIX}: ${reason}.`, { cause });
}

function fromSqlState(sqlState: string, error: unknown, context: ErrorContext): QuerentError {
  if (sqlState === '57014') return timedOut(error, context);
  if (sqlState === '25006') {
    // Only a statement that did not come from our compiler can try to write; the read-only
    // transaction stopped it. It is a refused request, not a fault of the service.
    return new QuerentError('invalid_request', 'The query tried to change data; connections are read-only.', { cause: error });
  }
  const reason = CONNECTION_SQLSTATES[sqlState];
  if (reason !== undefined) return connectionUnavailable(reason, error);
  if (sqlState === '42501') {
    return new QuerentError('connection_unavailable', 'The PostgreSQL database does not let the connection\'s user read this data.', { cause: error });
  }
  if (sqlState.startsWith('08')) return connectionUnavailable('the connection to the server failed', error);
  if (sqlState.startsWith('22')) {
    return new QuerentError('invalid_request', `A value in the query does not fit its column's type (SQLSTATE ${sqlState}).`, { cause: error });
  }
  if (sqlState === '42P01' || sqlState === '42703' || sqlState === '3F000') {
    return new QuerentError('internal_error', 'The query names a table or column the database no longer has; its catalog needs refreshing.', { cause: error });
  }
  return new QuerentError('internal_error', `The PostgreSQL database failed to run the query (SQLSTATE ${sqlState}).`, { cause: error });
}

export function timedOut(error: unknown, context: ErrorContext): QuerentError {
  const limit = context.timeoutMs === undefined ? '' : ` (${formatSeconds(context.timeoutMs)})`;
  return new QuerentError('query_timeout', `The query took longer than the time limit${limit} and was stopped.`, { cause: error });
}

function formatSeconds(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${Number((milliseconds / 1000).toFixed(1))} s`;
}

/** A SQLSTATE is five digits or upper-case letters; Node's codes (`ECONNREFUSED`) are longer. */
function sqlStateOf(error: unknown): string | undefined {
  const code = codeOf(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function connectionReasonOf(error: unknown): string | undefined {
  // Several addresses tried (IPv4 and IPv6) fail as one AggregateError.
  const errors = error instanceof AggregateError ? [error, ...error.errors] : [error];
  for (const each of errors) {
    const code = codeOf(each);
    if (code !== undefined && NETWORK_REASONS[code] !== undefined) return NETWORK_REASONS[code];
    if (code !== undefined && isTlsCode(code)) return 'the TLS connection could not be established (certificate or TLS settings)';
    const message = messageOf(each);
    for (const [pattern, reason] of PG_CLIENT_MESSAGES) {
      if (pattern.test(message)) return reason;
    }
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return /^ERR_(TLS|SSL)_|CERT|^UNABLE_TO_|^SELF_SIGNED|^DEPTH_ZERO/.test(code);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
