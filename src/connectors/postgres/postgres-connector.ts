/**
 * The PostgreSQL connector: wires the introspector, compiler and a client. The same connector
 * serves a PostgreSQL server (`pg`) and the embedded PGlite sample datasets.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery, Connector, ExecuteOptions, ResultTable } from '../connector.ts';
import { QuerentError } from '../../core/errors.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';
import { createPgPoolClient } from './pg-pool-client.ts';
import { createPgliteClient } from './pglite-client.ts';
import { assertTimeZone, type PostgresClient } from './postgres-client.ts';
import { compilePostgres } from './postgres-compiler.ts';
import { assertSafePostgresSelect } from './postgres-sql-guard.ts';
import { toConnectionError } from './postgres-errors.ts';
import { introspectPostgres } from './postgres-introspector.ts';
import { samplePostgresValues } from './postgres-sample-values.ts';
import { parsePostgresUrl, type PostgresSslMode } from './postgres-url.ts';
import { createTypeResolver, decodeRows, valueTypeOf } from './postgres-values.ts';

export interface PostgresConnectorSettings {
  /** Schemas to expose; default every non-system schema the user can read. */
  readonly schemas?: readonly string[];
  /** Rows a result holds at most (the rest is cut and `truncated` set). Default 1 000. */
  readonly maxRows?: number;
  /** Time zone for truncating timestamptz values to days, months… and for printing them. Default `UTC`. */
  readonly timeZone?: string;
}

export interface PostgresConnectorOptions extends PostgresConnectorSettings {
  /**
   * `postgresql://user:password@host:port/database?sslmode=…&schema=a,b`. `schema` (ours) lists
   * the exposed schemas unless `schemas` is given; `sslmode` as in libpq (see `postgres-url.ts`).
   */
  readonly url: string;
  /** Overrides the URL's sslmode. */
  readonly sslmode?: PostgresSslMode;
  /** Pooled connections at most. Default 4. */
  readonly maxConnections?: number;
  /** Milliseconds to wait for a connection. Default 10 000, or the URL's `connect_timeout`. */
  readonly connectTimeoutMs?: number;
}

export interface PgliteConnectorOptions extends PostgresConnectorSettings {
  /** Close the PGlite instance when the connector closes. Default false: the caller owns it. */
  readonly closeDatabase?: boolean;
}

const DEFAULT_MAX_ROWS = 1_000;
/** `test()` gives the server this long to answer `SELECT 1`. */
const TEST_TIMEOUT_MS = 5_000;

/** A connector for a PostgreSQL server. Throws `invalid_request` for a malformed URL; connects lazily. */
export function createPostgresConnector(options: PostgresConnectorOptions): Connector {
  const parsed = parsePostgresUrl(options.url, { ...(options.sslmode === undefined ? {} : { sslmode: options.sslmode }) });
  const timeZone = options.timeZone ?? 'UTC';
  assertTimeZone(timeZone);
  const connectTimeoutMs = options.connectTimeoutMs ?? parsed.connectTimeoutMs;
  const client = createPgPoolClient({
    connection: parsed.connection,
    timeZone,
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
  });
  return createConnectorOnClient(client, { ...options, schemas: options.schemas ?? parsed.schemas });
}

/** A connector for an embedded PGlite database (the sample datasets). */
export function createPgliteConnector(db: PGlite, options: PgliteConnectorOptions = {}): Connector {
  const timeZone = options.timeZone ?? 'UTC';
  assertTimeZone(timeZone);
  const client = createPgliteClient(db, { timeZone, ...(options.closeDatabase === undefined ? {} : { closeDatabase: options.closeDatabase }) });
  return createConnectorOnClient(client, options);
}

/** The connector on any PostgresClient. */
export function createConnectorOnClient(client: PostgresClient, settings: PostgresConnectorSettings = {}): Connector {
  const maxRows = settings.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1) throw new QuerentError('invalid_request', 'maxRows must be a positive integer.');
  const schemas = settings.schemas ?? [];
  const types = createTypeResolver((text, params, options) => client.query(text, params, options));
  /**
   * The catalog each statement of `compile` was compiled against, so that `execute` re-checks it
   * with the strict rules (catalog tables, allow-listed functions). A statement not made by
   * `compile` (only tests build one by hand, to prove the transaction and timeout on their own)
   * still gets the rules that need no catalog: one SELECT, no INTO, no locking, no writes.
   */
  const compiledFrom = new WeakMap<CompiledQuery, Catalog>();

  return {
    kind: 'postgresql',

    introspect(options = {}): Promise<Catalog> {
      return introspectPostgres(client, { schemas, ...options });
    },

    sampleValues(catalog, options = {}) {
      return samplePostgresValues(client, catalog, options);
    },

    compile(query: LogicalQuery, catalog: Catalog): CompiledQuery {
      const compiled = compilePostgres(query, catalog, { maxRows });
      compiledFrom.set(compiled, catalog);
      return compiled;
    },

    async execute(compiled: CompiledQuery, options: ExecuteOptions = {}): Promise<ResultTable> {
      if (compiled.language !== 'sql' || compiled.dialect !== 'postgresql') {
        throw new QuerentError('internal_error', `A ${compiled.dialect} query cannot run on a PostgreSQL connection.`);
      }
      options.signal?.throwIfAborted();
      await assertSafePostgresSelect(compiled.text, compiledFrom.get(compiled));
      const rowCap = options.maxRows ?? maxRows;
      const result = await client.query(compiled.text, compiled.params, options);
      const kinds = await types.kinds(result.fields.map((field) => field.typeId), options);
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
