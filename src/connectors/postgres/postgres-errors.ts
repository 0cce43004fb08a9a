/**
 * Driver errors (from `pg`, PGlite or Node's sockets) → QuerentError. The detail is written here,
 * never copied from the driver: driver messages can carry the host, the user name, the statement
 * or its parameters. The original error is kept in `cause` for the logs.
 */
import { QuerentError, isQuerentError } from '../../core/errors.ts';
import { asConnectionError, codeOf, connectionReasonOf, connectionUnavailable as unavailable, messageOf, timedOut, type ConnectionFailures, type ErrorContext } from '../sql/driver-errors.ts';

export { timedOut, type ErrorContext } from '../sql/driver-errors.ts';

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

const CONNECTION_FAILURES: ConnectionFailures = {
  /** Messages `pg` itself creates (not the server's), matched by their fixed beginning. */
  messageReasons: [
    [/^The server does not support SSL connections/, 'TLS was required but the server does not support it'],
    [/^(timeout expired|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/, 'the server did not answer in time'],
    [/^Connection terminated/, 'the server closed the connection'],
    [/^SASL|client password must be a string/, 'authentication failed (check the user name and password)'],
  ],
};

/** Wraps any error from running a statement; QuerentErrors pass through unchanged. */
export function toQuerentError(error: unknown, context: ErrorContext = {}): QuerentError {
  if (isQuerentError(error)) return error;
  const sqlState = sqlStateOf(error);
  if (sqlState !== undefined) return fromSqlState(sqlState, error, context);
  const connectionReason = connectionReasonOf(error, CONNECTION_FAILURES);
  if (connectionReason !== undefined) return connectionUnavailable(connectionReason, error);
  if (messageOf(error).startsWith('Query read timeout')) return timedOut(error, context);
  return new QuerentError('internal_error', 'The PostgreSQL database failed to run the query.', { cause: error });
}

/** Like {@link toQuerentError}, but every failure counts as the database being unavailable (for `test()`). */
export function toConnectionError(error: unknown): QuerentError {
  return asConnectionError(toQuerentError(error), error, connectionUnavailable);
}

export function connectionUnavailable(reason: string, cause?: unknown): QuerentError {
  return unavailable('PostgreSQL', reason, cause);
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

/** A SQLSTATE is five digits or upper-case letters; Node's codes (`ECONNREFUSED`) are longer. */
function sqlStateOf(error: unknown): string | undefined {
  const code = codeOf(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
