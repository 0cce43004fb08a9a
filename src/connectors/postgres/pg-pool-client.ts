/**
 * PostgresClient for a PostgreSQL server, through a small `pg` Pool per connection.
 */
import pg from 'pg';
import {
  DEFAULT_TIMEOUT_MS,
  abortReason,
  transactionSettingsSql,
  type PostgresClient,
  type PostgresQueryOptions,
  type PostgresRawResult,
} from './postgres-client.ts';
import { toQuerentError } from './postgres-errors.ts';
import { acquireUnlessAborted } from '../sql/pooled-connection.ts';

export interface PgPoolClientOptions {
  /** Connection settings for `pg` (host, port, user, password, database, ssl…); never logged. */
  readonly connection: pg.ClientConfig;
  /** Pooled connections at most. Default 4. */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection to open. Default 10 000. */
  readonly connectTimeoutMs?: number;
  /** Session time zone for date truncation and timestamptz output. Default `UTC`. */
  readonly timeZone?: string;
}

/** Values reach us in the server's text form; `postgres-values.ts` decodes them for both clients. */
const RAW_TEXT_TYPES: pg.CustomTypesConfig = {
  getTypeParser: () => (value: string) => value,
} as unknown as pg.CustomTypesConfig;

/** Extra time the driver waits past the statement timeout before it gives the connection up. */
const READ_TIMEOUT_GRACE_MS = 10_000;

/** `queryMode` is in `pg` since 8.12 but not in its type definitions yet. */
type ExtendedQueryConfig = pg.QueryArrayConfig & { queryMode: 'extended'; query_timeout: number };

export function createPgPoolClient(options: PgPoolClientOptions): PostgresClient {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const timeZone = options.timeZone ?? 'UTC';
  const pool = new pg.Pool({
    ...options.connection,
    application_name: 'querent',
    types: RAW_TEXT_TYPES,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  // An idle connection that dies emits 'error' on the pool; without a listener Node would crash.
  // The next query reports the problem to its caller.
  pool.on('error', () => {});
  const backendPids = new WeakMap<pg.PoolClient, number>();

  async function backendPid(client: pg.PoolClient): Promise<number> {
    const known = backendPids.get(client);
    if (known !== undefined) return known;
    const result = await client.query<[string]>({ text: 'SELECT pg_backend_pid()', rowMode: 'array' });
    const pid = Number(result.rows[0]?.[0]);
    backendPids.set(client, pid);
    return pid;
  }

  /**
   * Cancels whatever the backend runs, from a connection of its own: the pool may be full, and the
   * busy connection cannot speak until its statement ends. Best effort: the statement timeout
   * still bounds the statement if this fails.
   */
  async function cancelBackend(pid: number): Promise<void> {
    const canceller = new pg.Client({ ...options.connection, application_name: 'querent-cancel', connectionTimeoutMillis: connectTimeoutMs });
    canceller.on('error', () => {});
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // Best effort, see above.
    } finally {
      await canceller.end().catch(() => {});
    }
  }

  async function query(text: string, params: readonly unknown[], queryOptions: PostgresQueryOptions = {}): Promise<PostgresRawResult> {
    const { signal } = queryOptions;
    const timeoutMs = queryOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    signal?.throwIfAborted();
    const client = await acquire(signal);
    let cancelling: Promise<void> | undefined;
    let onAbort: (() => void) | undefined;
    let broken: Error | undefined;
    try {
      const pid = await backendPid(client);
      await client.query(`BEGIN TRANSACTION READ ONLY; ${transactionSettingsSql({ timeoutMs, timeZone })}`);
      signal?.throwIfAborted();
      onAbort = () => {
        cancelling ??= cancelBackend(pid);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const config: ExtendedQueryConfig = {
        text,
        values: [...params],
        rowMode: 'array',
        // Always the extended protocol: one statement only, even without parameters.
        queryMode: 'extended',
        query_timeout: timeoutMs + READ_TIMEOUT_GRACE_MS,
      };
      const result = await client.query(config);
      signal?.throwIfAborted();
      return {
        fields: result.fields.map((field) => ({ name: field.name, typeId: field.dataTypeID })),
        rows: result.rows as (string | null)[][],
      };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (error instanceof Error && error.message.startsWith('Query read timeout')) broken = error;
      throw toQuerentError(error, { timeoutMs });
    } finally {
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
      // Wait for a cancel in flight, so it cannot hit the next statement of this connection.
      if (cancelling !== undefined) await cancelling;
      await release(client, broken);
    }
  }

  /** Takes a pooled connection, giving up when the signal aborts first. */
  function acquire(signal: AbortSignal | undefined): Promise<pg.PoolClient> {
    const connecting = pool.connect().catch((error: unknown) => {
      throw toQuerentError(error);
    });
    return acquireUnlessAborted(connecting, signal, (client) => client.release());
  }

  async function release(client: pg.PoolClient, broken: Error | undefined): Promise<void> {
    if (broken !== undefined) {
      client.release(broken);
      return;
    }
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (error) {
      // A connection that cannot roll back is not returned to the pool.
      client.release(error instanceof Error ? error : true);
    }
  }

  return {
    query,
    async close() {
      await pool.end();
    },
  };
}
