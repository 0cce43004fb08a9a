/**
 * The parts of turning a SQL driver's error into a QuerentError that every SQL kind shares: Node's
 * socket and TLS failures, the timeout message, and the `test()` view of any failure. The detail
 * is written here, never copied from the driver (its messages can carry the host, the user name,
 * the statement or its parameters).
 */
import { QuerentError } from '../../core/errors.ts';

export interface ErrorContext {
  /** The statement timeout in force, for the message. */
  readonly timeoutMs?: number;
}

/** What one driver adds to the shared connection failures. */
export interface ConnectionFailures {
  /** Driver error codes → the safe reason shown to the caller, besides Node's socket codes. */
  readonly codeReasons?: Readonly<Record<string, string>>;
  /** Messages the driver itself creates (not the server's), matched by their fixed beginning. */
  readonly messageReasons?: readonly (readonly [RegExp, string])[];
  /** Driver codes that mean TLS failed, besides Node's. */
  readonly tlsCodes?: RegExp;
}

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

/** Node's TLS and certificate error codes. */
const TLS_CODES = /^ERR_(TLS|SSL)_|CERT|^UNABLE_TO_|^SELF_SIGNED|^DEPTH_ZERO/;

/** `Could not reach the <database> database: <reason>.` */
export function connectionUnavailable(database: string, reason: string, cause?: unknown): QuerentError {
  return new QuerentError('connection_unavailable', `Could not reach the ${database} database: ${reason}.`, { cause });
}

export function timedOut(error: unknown, context: ErrorContext): QuerentError {
  const limit = context.timeoutMs === undefined ? '' : ` (${formatSeconds(context.timeoutMs)})`;
  return new QuerentError('query_timeout', `The query took longer than the time limit${limit} and was stopped.`, { cause: error });
}

/** For `test()`: every failure, already mapped, counts as the database being unavailable. */
export function asConnectionError(mapped: QuerentError, error: unknown, unavailable: (reason: string, cause?: unknown) => QuerentError): QuerentError {
  if (mapped.code === 'connection_unavailable') return mapped;
  if (mapped.code === 'query_timeout') return unavailable('the server did not answer in time', error);
  return unavailable('the server could not run a test query', error);
}

/** Why the connection failed, when the error is a network, TLS or driver connection failure. */
export function connectionReasonOf(error: unknown, failures: ConnectionFailures): string | undefined {
  const reasons = { ...NETWORK_REASONS, ...failures.codeReasons };
  // Several addresses tried (IPv4 and IPv6) fail as one AggregateError.
  const errors = error instanceof AggregateError ? [error, ...error.errors] : [error];
  for (const each of errors) {
    const code = codeOf(each);
    if (code !== undefined && reasons[code] !== undefined) return reasons[code];
    if (code !== undefined && (TLS_CODES.test(code) || failures.tlsCodes?.test(code) === true)) {
      return 'the TLS connection could not be established (certificate or TLS settings)';
    }
    const message = messageOf(each);
    for (const [pattern, reason] of failures.messageReasons ?? []) {
      if (pattern.test(message)) return reason;
    }
  }
  return undefined;
}

export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

function formatSeconds(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${Number((milliseconds / 1000).toFixed(1))} s`;
}
