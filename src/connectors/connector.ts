import type { Catalog, ColumnValues, ValueType } from './catalog.ts';
import type { LogicalQuery } from '../query/logical-query.ts';

export const CONNECTION_KINDS = ['postgresql', 'mysql', 'odoo'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** A compiled statement, ready for the connector's client. Never built outside a compiler. */
export interface CompiledQuery {
  /** `sql` for the SQL kinds, `odoo-rpc` for Odoo. */
  readonly language: 'sql' | 'odoo-rpc';
  /** `postgresql`, `mysql`, `mariadb` or `odoo`. */
  readonly dialect: string;
  /** What people read: the SQL text with placeholders, or the RPC call as JSON. */
  readonly text: string;
  readonly params: readonly unknown[];
}

export interface ResultColumn {
  /** The id from the logical query (measure, dimension or column id). */
  readonly name: string;
  readonly type: ValueType;
}

export interface ResultTable {
  readonly columns: readonly ResultColumn[];
  /** Exact values: numbers as numbers, dates as ISO strings as stored. */
  readonly rows: readonly (readonly unknown[])[];
  /** True when the row cap cut the result. */
  readonly truncated: boolean;
}

export interface ExecuteOptions {
  /** Aborts the query; the client cancels it on the server. */
  readonly signal?: AbortSignal;
  /** Statement timeout in milliseconds. Default 30 000. */
  readonly timeoutMs?: number;
  /** Rows returned at most; one more is fetched to detect truncation. Default 1 000. */
  readonly maxRows?: number;
}

/**
 * One data source, read-only. Every kind implements the same small interface; differences are
 * in the compiler and client of its own folder.
 */
export interface Connector {
  readonly kind: ConnectionKind;
  /** Tables/entities, columns, keys and comments, as the connecting user sees them. */
  introspect(options?: { signal?: AbortSignal }): Promise<Catalog>;
  /** Distinct values of low-cardinality text columns (at most `maxValuesPerColumn` each). */
  sampleValues(catalog: Catalog, options?: { signal?: AbortSignal; maxValuesPerColumn?: number }): Promise<ColumnValues[]>;
  compile(query: LogicalQuery, catalog: Catalog): CompiledQuery;
  execute(compiled: CompiledQuery, options?: ExecuteOptions): Promise<ResultTable>;
  /** Resolves when the source answers; rejects with `connection_unavailable` and a safe reason. */
  test(options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}
