/**
 * Driver errors (from `mysql2` or Node's sockets) → QuerentError. The detail is written here,
 * never copied from the driver: MySQL's messages name the user and host (`Access denied for user
 * 'x'@'y'`), the database, or parts of the statement. The original error is kept in `cause`.
 */
import { QuerentError, isQuerentError } from '../../core/errors.ts';

const CONNECT_PREFIX = 'Could not reach the MySQL database';

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
  ENOENT: 'the socket file does not exist',
  PROTOCOL_CONNECTION_LOST: 'the server closed the connection',
  HANDSHAKE_NO_SSL_SUPPORT: 'TLS was required but the server does not support it',
};

/** Server error numbers (MySQL and MariaDB manuals, "Server Error Message Reference") that mean the database cannot be used. */
const CONNECTION_ERRNOS: Readonly<Record<number, string>> = {
  1040: 'the server has too many connections',
  1044: 'the user may not use this database',
  1045: 'authentication failed (check the user name and password)',
  1049: 'the database does not exist',
  1129: 'the server blocked this host after too many connection errors',
  1130: 'this host is not allowed to connect',
  1203: 'the user has too many connections',
  1226: 'the user has exceeded a resource limit',
  1251: 'the server wants an authentication method the client does not support',
  3159: 'the server requires TLS (set ssl-mode=required)',
};

/** ER_QUERY_TIMEOUT (MySQL, `max_execution_time`) and ER_STATEMENT_TIMEOUT (MariaDB, `max_statement_time`). */
const TIMEOUT_ERRNOS = new Set([3024, 1969]);
/** ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, and ER_OPTION_PREVENTS_STATEMENT (`--read-only`). */
const READ_ONLY_ERRNOS = new Set([1792, 1290]);
/** Table or column access denied. */
const PRIVILEGE_ERRNOS = new Set([1142, 1143, 1227, 1370]);
/** Unknown table, column or schema object: the catalog is stale. */
const STALE_CATALOG_ERRNOS = new Set([1146, 1054, 1051, 1356]);

export interface ErrorContext {
  /** The statement timeout in force, for the message. */
  readonly timeoutMs?: number;
}

/** Wraps any error from running a statement; QuerentErrors pass through unchanged. */
export function toQuerentError(error: unknown, context: ErrorContext = {}): QuerentError {
  if (isQuerentError(error)) return error;
  const errno = serverErrnoOf(error);
  if (errno !== undefined) return fromErrno(errno, error, context);
  const connectionReason = connectionReasonOf(error);
  if (connectionReason !== undefined) return connectionUnavailable(connectionReason, error);
  return new QuerentError('internal_error', 'The MySQL database failed to run the query.', { cause: error });
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

export function timedOut(error: unknown, context: ErrorContext): QuerentError {
  const limit = context.timeoutMs === undefined ? '' : ` (${formatSeconds(context.timeoutMs)})`;
  return new QuerentError('query_timeout', `The query took longer than the time limit${limit} and was stopped.`, { cause: error });
}

function fromErrno(errno: number, error: unknown, context: ErrorContext): QuerentError {
  if (TIMEOUT_ERRNOS.has(errno)) return timedOut(error, context);
  if (READ_ONLY_ERRNOS.has(errno)) {
    // Only a statement that did not come from our compiler can try to write; the read-only
    // transaction stopped it. It is a refused request, not a fault of the service.
    return new QuerentError('invalid_request', 'The query tried to change data; connections are read-only.', { cause: error });
  }
  const reason = CONNECTION_ERRNOS[errno];
  if (reason !== undefined) return connectionUnavailable(reason, error);
  if (PRIVILEGE_ERRNOS.has(errno)) {
    return new QuerentError('connection_unavailable', 'The MySQL database does not let the connection\'s user read this data.', { cause: error });
  }
  if (errno >= 2000 && errno < 3000) return connectionUnavailable('the connection to the server failed', error);
  if (STALE_CATALOG_ERRNOS.has(errno)) {
    return new QuerentError('internal_error', 'The query names a table or column the database no longer has; its catalog needs refreshing.', { cause: error });
  }
  if (errno === 1064) return new QuerentError('invalid_request', 'The statement is not a single valid SELECT.', { cause: error });
  return new QuerentError('internal_error', `The MySQL database failed to run the query (error ${errno}).`, { cause: error });
}

function formatSeconds(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${Number((milliseconds / 1000).toFixed(1))} s`;
}

/** `mysql2` sets `errno` (a number) and `sqlState` on errors the server sent. */
function serverErrnoOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('errno' in error) || !('sqlState' in error)) return undefined;
  return typeof error.errno === 'number' && typeof error.sqlState === 'string' ? error.errno : undefined;
}

function connectionReasonOf(error: unknown): string | undefined {
  // Several addresses tried (IPv4 and IPv6) fail as one AggregateError.
  const errors = error instanceof AggregateError ? [error, ...error.errors] : [error];
  for (const each of errors) {
    const code = codeOf(each);
    if (code !== undefined && NETWORK_REASONS[code] !== undefined) return NETWORK_REASONS[code];
    if (code !== undefined && isTlsCode(code)) return 'the TLS connection could not be established (certificate or TLS settings)';
    if (/^connect ETIMEDOUT|^Connection lost/.test(messageOf(each))) return 'the server did not answer in time';
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return /^ERR_(TLS|SSL)_|CERT|^UNABLE_TO_|^SELF_SIGNED|^DEPTH_ZERO|^HANDSHAKE_/.test(code);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
