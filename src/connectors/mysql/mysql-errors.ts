/**
 * Driver errors (from `mysql2` or Node's sockets) → QuerentError. The detail is written here,
 * never copied from the driver: MySQL's messages name the user and host (`Access denied for user
 * 'x'@'y'`), the database, or parts of the statement. The original error is kept in `cause`.
 */
import { QuerentError, isQuerentError } from '../../core/errors.ts';
import { asConnectionError, connectionReasonOf, connectionUnavailable as unavailable, timedOut, type ConnectionFailures, type ErrorContext } from '../sql/driver-errors.ts';

export { timedOut, type ErrorContext } from '../sql/driver-errors.ts';

const CONNECTION_FAILURES: ConnectionFailures = {
  /** `mysql2`'s own codes, besides Node's socket codes. */
  codeReasons: {
    ENOENT: 'the socket file does not exist',
    PROTOCOL_CONNECTION_LOST: 'the server closed the connection',
    HANDSHAKE_NO_SSL_SUPPORT: 'TLS was required but the server does not support it',
  },
  messageReasons: [[/^connect ETIMEDOUT|^Connection lost/, 'the server did not answer in time']],
  tlsCodes: /^HANDSHAKE_/,
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

/** Wraps any error from running a statement; QuerentErrors pass through unchanged. */
export function toQuerentError(error: unknown, context: ErrorContext = {}): QuerentError {
  if (isQuerentError(error)) return error;
  const errno = serverErrnoOf(error);
  if (errno !== undefined) return fromErrno(errno, error, context);
  const connectionReason = connectionReasonOf(error, CONNECTION_FAILURES);
  if (connectionReason !== undefined) return connectionUnavailable(connectionReason, error);
  return new QuerentError('internal_error', 'The MySQL database failed to run the query.', { cause: error });
}

/** Like {@link toQuerentError}, but every failure counts as the database being unavailable (for `test()`). */
export function toConnectionError(error: unknown): QuerentError {
  return asConnectionError(toQuerentError(error), error, connectionUnavailable);
}

export function connectionUnavailable(reason: string, cause?: unknown): QuerentError {
  return unavailable('MySQL', reason, cause);
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

/** `mysql2` sets `errno` (a number) and `sqlState` on errors the server sent. */
function serverErrnoOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('errno' in error) || !('sqlState' in error)) return undefined;
  return typeof error.errno === 'number' && typeof error.sqlState === 'string' ? error.errno : undefined;
}
