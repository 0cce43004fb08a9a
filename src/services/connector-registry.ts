import type { PGlite } from '@electric-sql/pglite';
import type { Connector } from '../connectors/connector.ts';
import type { Catalog, ColumnValues } from '../connectors/catalog.ts';
import type { ConnectionRecord } from '../store/connections-repository.ts';
import type { SecretBox } from './secret-box.ts';
import { QuerentError } from '../core/errors.ts';
import { untilAborted } from '../core/abort.ts';
import { createPgliteConnector, createPostgresConnector } from '../connectors/postgres/postgres-connector.ts';
import { createMysqlConnector } from '../connectors/mysql/mysql-connector.ts';
import { createOdooConnector } from '../connectors/odoo/odoo-connector.ts';
import { openSampleDatabase, type SampleSlug } from '../samples/sample-datasets.ts';

/** What the engine needs to know about a connection, cached per connection. */
export interface ConnectionKnowledge {
  readonly catalog: Catalog;
  readonly values: readonly ColumnValues[];
  readonly loadedAt: number;
}

export interface ConnectorRegistry {
  connector(record: ConnectionRecord): Promise<Connector>;
  /**
   * The cached catalog and value index, loaded once for all waiters: one run's cancellation does
   * not cancel the shared load (the caller stops waiting on its own signal).
   */
  knowledge(record: ConnectionRecord, options?: { signal?: AbortSignal }): Promise<ConnectionKnowledge>;
  /** Forgets the cached catalog and value index of a connection; the next question re-reads them. */
  forget(connectionId: number): void;
  /** Opens the sample datasets now, so that the first question on them is fast. */
  warmSamples(slugs: readonly SampleSlug[]): Promise<void>;
  close(): Promise<void>;
}

/** Catalogs are re-read after this long, so schema changes show up without a restart. */
const KNOWLEDGE_TTL_MS = 15 * 60_000;

export interface StoredCredentials {
  readonly url: string;
  readonly database?: string;
  readonly login?: string;
  readonly apiKey?: string;
}

export function createConnectorRegistry(options: { samplesDir: string; secrets: SecretBox; maxRows: number }): ConnectorRegistry {
  const connectors = new Map<string, Promise<Connector>>();
  const knowledge = new Map<string, Promise<ConnectionKnowledge>>();
  const sampleDatabases: PGlite[] = [];

  const cacheKey = (record: ConnectionRecord): string =>
    record.sampleSlug ? `sample:${record.sampleSlug}` : `connection:${record.id}`;

  async function open(record: ConnectionRecord): Promise<Connector> {
    if (record.sampleSlug) {
      const db = await openSampleDatabase(options.samplesDir, record.sampleSlug as SampleSlug);
      sampleDatabases.push(db);
      return createPgliteConnector(db, { maxRows: options.maxRows });
    }
    if (!record.credentials) throw new QuerentError('connection_unavailable', 'The connection has no stored credentials.');
    const credentials = JSON.parse(options.secrets.open(record.credentials)) as StoredCredentials;
    if (record.kind === 'postgresql') return createPostgresConnector({ url: credentials.url, maxRows: options.maxRows });
    if (record.kind === 'mysql') return createMysqlConnector({ url: credentials.url, maxRows: options.maxRows });
    return createOdooConnector({
      url: credentials.url, database: credentials.database!, login: credentials.login!, apiKey: credentials.apiKey!, maxRows: options.maxRows,
    });
  }

  function connector(record: ConnectionRecord): Promise<Connector> {
    const key = cacheKey(record);
    let pending = connectors.get(key);
    if (!pending) {
      pending = open(record);
      connectors.set(key, pending);
      pending.catch(() => connectors.delete(key));
    }
    return pending;
  }

  async function load(record: ConnectionRecord): Promise<ConnectionKnowledge> {
    const source = await connector(record);
    const catalog = await source.introspect();
    const values = await source.sampleValues(catalog);
    return { catalog, values, loadedAt: Date.now() };
  }

  return {
    connector,
    async knowledge(record, { signal } = {}) {
      const key = cacheKey(record);
      const cached = knowledge.get(key);
      if (cached) {
        const known = await untilAborted(cached, signal).catch((error: unknown) => {
          if (signal?.aborted) throw error;
          return undefined;
        });
        if (known && Date.now() - known.loadedAt < KNOWLEDGE_TTL_MS) return known;
      }
      const pending = load(record);
      knowledge.set(key, pending);
      pending.catch(() => knowledge.delete(key));
      return untilAborted(pending, signal);
    },
    forget(connectionId) {
      knowledge.delete(`connection:${connectionId}`);
    },
    async warmSamples(slugs) {
      await Promise.all(slugs.map((slug) => this.knowledge({ sampleSlug: slug } as ConnectionRecord)));
    },
    async close() {
      const all = await Promise.allSettled(connectors.values());
      connectors.clear();
      knowledge.clear();
      await Promise.allSettled(all.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])));
      await Promise.allSettled(sampleDatabases.map((db) => (db.closed ? undefined : db.close())));
    },
  };
}
