/**
 * The MySQL/MariaDB connector (`kind: mysql`): wires the introspector, compiler and client.
 * One compiled text serves both flavours; the client picks each flavour's timeout setting.
 */
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery, Connector, ExecuteOptions, ResultTable } from '../connector.ts';
import { QuerentError } from '../../core/errors.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';
import { createMysqlClient, type MysqlClient } from './mysql-client.ts';
import { compileMysql } from './mysql-compiler.ts';
import { assertSafeMysqlSelect } from './mysql-sql-guard.ts';
import { toConnectionError } from './mysql-errors.ts';
import { introspectMysql } from './mysql-introspector.ts';
import { sampleMysqlValues } from './mysql-sample-values.ts';
import { parseMysqlUrl, type MysqlSslMode } from './mysql-url.ts';
import { decodeKindOfField, decodeRows, valueTypeOf } from './mysql-values.ts';

export interface MysqlConnectorOptions {
  /**
   * `mysql://user:password@host:port/database?ssl-mode=…` or `mariadb://…`. The database is the
   * one schema exposed; `ssl-mode` as in MySQL's client (see `mysql-url.ts`).
   */
  readonly url: string;
  /** Overrides the URL's ssl-mode. */
  readonly sslMode?: MysqlSslMode;
  /** Rows a result holds at most (the rest is cut and `truncated` set). Default 1 000. */
  readonly maxRows?: number;
  /** Pooled connections at most. Default 4. */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection. Default 10 000, or the URL's `connect_timeout`. */
  readonly connectTimeoutMs?: number;
}

const DEFAULT_MAX_ROWS = 1_000;
/** `test()` gives the server this long to answer `SELECT 1`. */
const TEST_TIMEOUT_MS = 5_000;
/** Dialects this connector runs: the compiler writes `mysql`, valid on both flavours. */
const DIALECTS = new Set(['mysql', 'mariadb']);

/** A connector for a MySQL or MariaDB server. Throws `invalid_request` for a malformed URL; connects lazily. */
export function createMysqlConnector(options: MysqlConnectorOptions): Connector {
  const parsed = parseMysqlUrl(options.url, options.sslMode === undefined ? {} : { sslMode: options.sslMode });
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1) throw new QuerentError('invalid_request', 'maxRows must be a positive integer.');
  const connectTimeoutMs = options.connectTimeoutMs ?? parsed.connectTimeoutMs;
  const client = createMysqlClient({
    connection: parsed.connection,
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
  });
  return createConnectorOnClient(client, { schema: parsed.connection.database, maxRows });
}

/** The connector on any MysqlClient. */
export function createConnectorOnClient(client: MysqlClient, settings: { schema: string; maxRows: number }): Connector {
  const { schema, maxRows } = settings;
  /**
   * The catalog each statement of `compile` was compiled against, so that `execute` re-checks it
   * with the strict rules (catalog tables, allow-listed functions). A statement not made by
   * `compile` (only tests build one by hand, to prove the transaction and timeout on their own)
   * still gets the rules that need no catalog: one SELECT, no INTO, no locking, no comments, no writes.
   */
  const compiledFrom = new WeakMap<CompiledQuery, Catalog>();
  return {
    kind: 'mysql',

    async introspect(options = {}): Promise<Catalog> {
      return introspectMysql(client, { schema, ...options });
    },

    sampleValues(catalog, options = {}) {
      return sampleMysqlValues(client, catalog, options);
    },

    compile(query: LogicalQuery, catalog: Catalog): CompiledQuery {
      const compiled = compileMysql(query, catalog, { maxRows });
      compiledFrom.set(compiled, catalog);
      return compiled;
    },

    async execute(compiled: CompiledQuery, options: ExecuteOptions = {}): Promise<ResultTable> {
      if (compiled.language !== 'sql' || !DIALECTS.has(compiled.dialect)) {
        throw new QuerentError('internal_error', `A ${compiled.dialect} query cannot run on a MySQL connection.`);
      }
      options.signal?.throwIfAborted();
      assertSafeMysqlSelect(compiled.text, compiledFrom.get(compiled));
      const rowCap = options.maxRows ?? maxRows;
      const result = await client.query(compiled.text, compiled.params, options);
      const kinds = result.fields.map(decodeKindOfField);
      const truncated = result.rows.length > rowCap;
      return {
        columns: result.fields.map((field, index) => ({ name: field.name, type: valueTypeOf(kinds[index]!) })),
        rows: decodeRows(kinds, truncated ? result.rows.slice(0, rowCap) : result.rows),
        truncated,
      };
    },

    async test(options = {}) {
      try {
        await client.query('SELECT 1', [], { ...options, timeoutMs: TEST_TIMEOUT_MS });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw toConnectionError(error);
      }
    },

    close() {
      return client.close();
    },
  };
}
