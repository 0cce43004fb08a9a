/**
 * The small interface the MySQL connector runs statements through, on a `mysql2` pool. Serves
 * MySQL and MariaDB; the flavour is read from `SELECT VERSION()` on the first connection.
 *
 * Every statement runs alone (`multipleStatements: false`, and as a server-side prepared
 * statement, which holds exactly one statement) inside `START TRANSACTION READ ONLY`, after the
 * flavour's statement timeout, then always `ROLLBACK`.
 */
import { createRequire } from 'node:module';
import type mysql from 'mysql2/promise';
import { timedOut, toQuerentError } from './mysql-errors.ts';
import type { MysqlConnectionSettings } from './mysql-url.ts';
import type { MysqlField } from './mysql-values.ts';
import { acquireUnlessAborted } from '../sql/pooled-connection.ts';
import { abortReason } from '../sql/pooled-connection.ts';

export { abortReason } from '../sql/pooled-connection.ts';

export type MysqlFlavour = 'mysql' | 'mariadb';

/** A statement's result: values as `mysql2` decoded them (see `mysql-values.ts`), and field metadata. */
export interface MysqlRawResult {
  readonly fields: readonly MysqlField[];
  readonly rows: readonly (readonly unknown[])[];
}

export interface MysqlQueryOptions {
  /** Kills the statement on the server (`KILL QUERY`) and rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Statement timeout in milliseconds. Default 30 000. */
  readonly timeoutMs?: number;
}

export interface MysqlClient {
  /**
   * Runs one parameterised statement (`?` placeholders) and nothing else, read-only, then rolls
   * back. Rejects with a QuerentError (see `mysql-errors.ts`) or, when aborted, the signal's reason.
   */
  query(text: string, params: readonly unknown[], options?: MysqlQueryOptions): Promise<MysqlRawResult>;
  /** MySQL or MariaDB, detected on the first connection. */
  flavour(options?: { signal?: AbortSignal }): Promise<MysqlFlavour>;
  close(): Promise<void>;
}

export interface MysqlClientOptions {
  /** Where and as whom to connect; never logged. */
  readonly connection: MysqlConnectionSettings;
  /** Pooled connections at most. Default 4. */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection to open. Default 10 000. */
  readonly connectTimeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * MySQL's `max_execution_time` only stops SELECTs; past the timeout and this grace the client
 * kills whatever still runs itself.
 */
const KILL_GRACE_MS = 1_000;

/**
 * Session settings sent before each transaction, one statement:
 * - the statement timeout: `max_execution_time` in milliseconds on MySQL, `max_statement_time`
 *   in seconds on MariaDB (MariaDB KB, "Aborting statements that take longer than a certain time");
 * - `div_precision_increment = 30`: division and AVG keep 30 decimals (default 4), so that they
 *   give the same numbers as PostgreSQL's numeric;
 * - UTC, so that TIMESTAMP columns read the same whatever the server's zone.
 */
export function sessionSettingsSql(flavour: MysqlFlavour, timeoutMs: number): string {
  const milliseconds = Math.max(1, Math.round(timeoutMs));
  const timeout = flavour === 'mariadb' ? `max_statement_time = ${milliseconds / 1000}` : `max_execution_time = ${milliseconds}`;
  return `SET SESSION ${timeout}, div_precision_increment = 30, time_zone = '+00:00'`;
}

let driver: typeof mysql | undefined;

/** mysql2 loads with the first MySQL connection: a service without one never needs it. */
function mysqlDriver(): typeof mysql {
  driver ??= createRequire(import.meta.url)('mysql2/promise') as typeof mysql;
  return driver;
}

export function createMysqlClient(options: MysqlClientOptions): MysqlClient {
  const mysql = mysqlDriver();
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const connectionOptions = {
    ...options.connection,
    connectTimeout,
    charset: 'utf8mb4',
    multipleStatements: false,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    // MariaDB refuses the JSON parameter type.
    jsonStrings: true,
  } satisfies mysql.ConnectionOptions;
  const pool = mysql.createPool({ ...connectionOptions, connectionLimit: options.maxConnections ?? 4, maxIdle: 2, idleTimeout: 30_000, enableKeepAlive: true });
  let flavour: Promise<MysqlFlavour> | undefined;
  const prepared = new WeakSet<object>();

  /** Kills the running statement of a thread, from a connection of its own (the busy one cannot speak). Best effort. */
  async function killQuery(threadId: number): Promise<void> {
    try {
      const killer = await mysql.createConnection(connectionOptions);
      try {
        await killer.query(`KILL QUERY ${Number(threadId)}`);
      } finally {
        await killer.end().catch(() => {});
      }
    } catch {
      // The server-side timeout still bounds the statement.
    }
  }

  async function detectFlavour(connection: mysql.PoolConnection): Promise<MysqlFlavour> {
    const [rows] = await connection.query<mysql.RowDataPacket[]>({ sql: 'SELECT VERSION()', rowsAsArray: true });
    return String(rows[0]?.[0] ?? '').toLowerCase().includes('mariadb') ? 'mariadb' : 'mysql';
  }

  async function query(text: string, params: readonly unknown[], queryOptions: MysqlQueryOptions = {}): Promise<MysqlRawResult> {
    const { signal } = queryOptions;
    const timeoutMs = queryOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    signal?.throwIfAborted();
    const connection = await acquire(signal);
    const threadId = connection.connection.threadId;
    let killing: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    let killedForTime = false;
    const kill = () => {
      killing ??= killQuery(threadId);
    };
    let broken = false;
    try {
      flavour ??= detectFlavour(connection);
      const currentFlavour = await flavour.catch((error: unknown) => {
        flavour = undefined;
        throw error;
      });
      if (!prepared.has(connection.connection)) {
        await connection.query('SET SESSION TRANSACTION READ ONLY');
        prepared.add(connection.connection);
      }
      await connection.query(sessionSettingsSql(currentFlavour, timeoutMs));
      await connection.query('START TRANSACTION READ ONLY');
      signal?.throwIfAborted();
      signal?.addEventListener('abort', kill, { once: true });
      timer = setTimeout(() => {
        killedForTime = true;
        kill();
      }, timeoutMs + KILL_GRACE_MS);
      const [rows, fields] = await connection.execute<mysql.RowDataPacket[]>({ sql: text, values: [...params] as never[], rowsAsArray: true });
      signal?.throwIfAborted();
      if (killedForTime) throw timedOut(undefined, { timeoutMs });
      return { fields: (fields ?? []).map(toField), rows: Array.isArray(rows) ? (rows as unknown as unknown[][]) : [] };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (killedForTime) throw timedOut(error, { timeoutMs });
      broken = isFatal(error);
      throw toQuerentError(error, { timeoutMs });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      // Wait for a kill in flight, so it cannot hit the next statement of this connection.
      if (killing !== undefined) await killing;
      await release(connection, broken);
    }
  }

  /** Takes a pooled connection, giving up when the signal aborts first. */
  function acquire(signal: AbortSignal | undefined): Promise<mysql.PoolConnection> {
    const connecting = pool.getConnection().catch((error: unknown) => {
      throw toQuerentError(error);
    });
    return acquireUnlessAborted(connecting, signal, (connection) => connection.release());
  }

  async function release(connection: mysql.PoolConnection, broken: boolean): Promise<void> {
    if (broken) {
      connection.destroy();
      return;
    }
    try {
      await connection.query('ROLLBACK');
      connection.release();
    } catch {
      // A connection that cannot roll back is not returned to the pool.
      connection.destroy();
    }
  }

  return {
    query,
    async flavour(flavourOptions = {}) {
      if (flavour === undefined) await query('SELECT 1', [], { ...flavourOptions, timeoutMs: connectTimeout });
      return flavour!;
    },
    async close() {
      await pool.end();
    },
  };
}

function toField(field: mysql.FieldPacket): MysqlField {
  return {
    name: field.name,
    columnType: field.columnType ?? field.type ?? -1,
    columnLength: field.columnLength ?? field.length ?? 0,
    decimals: field.decimals,
    characterSet: field.characterSet ?? 0,
  };
}

/** Errors after which the connection is not reused: the socket failed, or the driver gave up on it. */
function isFatal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'fatal' in error && error.fatal === true;
}
