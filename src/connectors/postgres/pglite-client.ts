/**
 * PostgresClient for an embedded PGlite instance (the built-in sample datasets).
 *
 * PGlite runs PostgreSQL single-threaded in WebAssembly: a running statement cannot be
 * interrupted, and `statement_timeout` does not fire (there are no timer signals). So this client
 * rejects before starting when the signal is already aborted, and rejects with `query_timeout`
 * when a statement ran past its limit (its result is discarded). Sample datasets are small, so
 * neither happens in practice; the read-only transaction is enforced exactly as on a server.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  DEFAULT_TIMEOUT_MS,
  abortReason,
  transactionSettingsSql,
  type PostgresClient,
  type PostgresQueryOptions,
  type PostgresRawResult,
} from './postgres-client.ts';
import { timedOut, toQuerentError } from './postgres-errors.ts';

export interface PgliteClientOptions {
  /** Session time zone for date truncation and timestamptz output. Default `UTC`. */
  readonly timeZone?: string;
  /** Close the PGlite instance with the client. Default false: the caller owns it. */
  readonly closeDatabase?: boolean;
  /** The schema unqualified table names resolve to. Default `public`. */
  readonly schema?: string;
}

export function createPgliteClient(db: PGlite, options: PgliteClientOptions = {}): PostgresClient {
  const settings = { timeZone: options.timeZone ?? 'UTC', ...(options.schema === undefined ? {} : { schema: options.schema }) };

  /**
   * PGlite parses values with its own parsers unless told otherwise per OID; identity parsers for
   * every OID it knows keep the server's text form, which `postgres-values.ts` decodes.
   */
  function rawTextParsers(): Record<number, (value: string) => string> {
    const parsers: Record<number, (value: string) => string> = {};
    for (const typeId of Object.keys(db.parsers)) parsers[Number(typeId)] = (value) => value;
    return parsers;
  }

  async function query(text: string, params: readonly unknown[], queryOptions: PostgresQueryOptions = {}): Promise<PostgresRawResult> {
    const { signal } = queryOptions;
    const timeoutMs = queryOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    signal?.throwIfAborted();
    try {
      return await db.transaction(async (transaction) => {
        await transaction.exec(`SET TRANSACTION READ ONLY; ${transactionSettingsSql({ timeoutMs, ...settings })}`);
        signal?.throwIfAborted();
        const startedAt = performance.now();
        // `query` uses the extended protocol: one statement only.
        const result = await transaction.query<unknown[]>(text, [...params], { rowMode: 'array', parsers: rawTextParsers() });
        const elapsedMs = performance.now() - startedAt;
        await transaction.rollback();
        signal?.throwIfAborted();
        if (elapsedMs > timeoutMs) {
          throw timedOut(undefined, { timeoutMs });
        }
        return {
          fields: result.fields.map((field) => ({ name: field.name, typeId: field.dataTypeID })),
          rows: result.rows as (string | null)[][],
        };
      });
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      throw toQuerentError(error, { timeoutMs });
    }
  }

  return {
    query,
    async close() {
      if (options.closeDatabase === true) await db.close();
    },
  };
}
