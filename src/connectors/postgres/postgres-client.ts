/**
 * The one small interface the PostgreSQL connector runs statements through. Two implementations:
 * `pg-pool-client.ts` (a PostgreSQL server) and `pglite-client.ts` (the embedded sample datasets).
 */
import { QuerentError } from '../../core/errors.ts';
import { quoteIdentifier, quoteLiteral } from './postgres-sql.ts';
export { abortReason } from '../sql/pooled-connection.ts';

export interface PostgresField {
  readonly name: string;
  /** `pg_type.oid` of the column. */
  readonly typeId: number;
}

/** A statement's result exactly as the server printed it: every value in its text form, or null. */
export interface PostgresRawResult {
  readonly fields: readonly PostgresField[];
  readonly rows: readonly (readonly (string | null)[])[];
}

export interface PostgresQueryOptions {
  /** Cancels the statement on the server (as far as the client can) and rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Statement timeout in milliseconds. Default 30 000. */
  readonly timeoutMs?: number;
}

export interface PostgresClient {
  /**
   * Runs one parameterised statement (`$1, $2…`) and nothing else: inside `BEGIN TRANSACTION READ ONLY`
   * with the session settings of {@link transactionSettingsSql}, then always `ROLLBACK`.
   * Rejects with a QuerentError (see `postgres-errors.ts`) or, when aborted, the signal's reason.
   */
  query(text: string, params: readonly unknown[], options?: PostgresQueryOptions): Promise<PostgresRawResult>;
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The schemas searched for unqualified names: `pg_catalog` first, so that no table or function a
 * user created can stand in for a built-in one (the compiler qualifies tables outside `public`, and
 * `public` tables whose names start with `pg_`); then `schema`; `pg_temp` last, or PostgreSQL
 * would search it first.
 */
function pinnedSearchPath(schema = 'public'): string {
  return ['pg_catalog', schema, 'pg_temp'].map(quoteIdentifier).join(', ');
}

export interface TransactionSettings {
  /** Milliseconds; rounded to a whole number of at least 1. */
  readonly timeoutMs: number;
  /** IANA name or offset, validated by {@link assertTimeZone}. */
  readonly timeZone: string;
  /** The schema unqualified table names resolve to. Default `public`. */
  readonly schema?: string;
}

/**
 * The settings every read-only transaction starts with, as one simple-protocol string sent right
 * after BEGIN: the timeout, the pinned search path, and the output formats `postgres-values.ts`
 * decodes (ISO dates; the time zone that `date_trunc` and timestamptz output use).
 */
export function transactionSettingsSql(settings: TransactionSettings): string {
  const timeoutMs = Math.max(1, Math.round(settings.timeoutMs));
  assertTimeZone(settings.timeZone);
  return [
    `SET LOCAL statement_timeout = ${timeoutMs}`,
    `SET LOCAL search_path = ${pinnedSearchPath(settings.schema)}`,
    `SET LOCAL TimeZone = ${quoteLiteral(settings.timeZone)}`,
    `SET LOCAL DateStyle = 'ISO, YMD'`,
    `SET LOCAL IntervalStyle = 'postgres'`,
    `SET LOCAL extra_float_digits = 1`,
  ].join('; ');
}

const TIME_ZONE = /^[A-Za-z0-9_+\-/:]{1,64}$/;

/** Throws `invalid_request` unless `timeZone` looks like a time zone name (`UTC`, `Europe/Paris`, `+02:00`). */
export function assertTimeZone(timeZone: string): void {
  if (!TIME_ZONE.test(timeZone)) {
    throw new QuerentError('invalid_request', `"${timeZone.slice(0, 64)}" is not a time zone name.`);
  }
}
