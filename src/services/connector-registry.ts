import type { Connector } from '../connectors/connector.ts';
import type { Catalog, ColumnValues } from '../connectors/catalog.ts';
import type { ConnectionRecord } from '../store/connections-repository.ts';
import type { SecretBox } from './secret-box.ts';
import { QuerentError } from '../core/errors.ts';
import { untilAborted } from '../core/abort.ts';
import { createPostgresConnector } from '../connectors/postgres/postgres-connector.ts';
import { createMysqlConnector } from '../connectors/mysql/mysql-connector.ts';
import { createOdooConnector } from '../connectors/odoo/odoo-connector.ts';
import type { SampleSlug } from '../samples/sample-datasets.ts';
import { createSampleConnectors } from './sample-connectors.ts';

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
  /** Forgets a removed connection entirely, closing its connector (its pool) if one is open here. */
  discard(connectionId: number): Promise<void>;
  /** Tests a connection that is not stored yet, on a connector of its own that is closed afterwards. */
  testUnsaved(record: ConnectionRecord): Promise<void>;
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

export interface ConnectorRegistryOptions {
  /** Where sample archives are kept (may be shared by several processes). */
  readonly samplesDir: string;
  /** This process's own data directory: the sample database is unpacked into it. */
  readonly dataDir: string;
  /** The sample database's thread stops after this many ms without a question (0: never). */
  readonly sampleIdleMs: number;
  readonly secrets: SecretBox;
  readonly maxRows: number;
}

export function createConnectorRegistry(options: ConnectorRegistryOptions): ConnectorRegistry {
  /** Connectors by cache key: one per customer connection, one per sample dataset (shared by all workspaces). */
  const connectors = new Map<string, Promise<Connector>>();
  const knowledge = new Map<string, Promise<ConnectionKnowledge>>();
  const samples = createSampleConnectors({ samplesDir: options.samplesDir, dataDir: options.dataDir, idleMs: options.sampleIdleMs, maxRows: options.maxRows });

  const sampleKey = (slug: string): string => `sample:${slug}`;
  const connectionKey = (id: number): string => `connection:${id}`;
  const cacheKey = (record: ConnectionRecord): string =>
    record.sampleSlug ? sampleKey(record.sampleSlug) : connectionKey(record.id);

  async function open(record: ConnectionRecord): Promise<Connector> {
    if (record.sampleSlug) return samples.connector(record.sampleSlug as SampleSlug);
    if (!record.credentials) throw new QuerentError('connection_unavailable', 'The connection has no stored credentials.');
    const credentials = JSON.parse(options.secrets.open(record.credentials)) as StoredCredentials;
    if (record.kind === 'postgresql') return createPostgresConnector({ url: credentials.url, maxRows: options.maxRows });
    if (record.kind === 'mysql') return createMysqlConnector({ url: credentials.url, maxRows: options.maxRows });
    return createOdooConnector({
      url: credentials.url, database: credentials.database!, login: credentials.login!, apiKey: credentials.apiKey!, maxRows: options.maxRows,
    });
  }

  /** The value cached under `key`, made by `make` when absent; a failure is not cached. */
  function cached<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    let pending = cache.get(key);
    if (!pending) {
      pending = make();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  }

  async function knowledgeOf(key: string, source: () => Promise<Connector>, signal?: AbortSignal): Promise<ConnectionKnowledge> {
    const current = knowledge.get(key);
    if (current) {
      const known = await untilAborted(current, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return undefined;
      });
      if (known && Date.now() - known.loadedAt < KNOWLEDGE_TTL_MS) return known;
      if (knowledge.get(key) === current) knowledge.delete(key);
    }
    return untilAborted(cached(knowledge, key, async () => {
      const connector = await source();
      const catalog = await connector.introspect();
      const values = await connector.sampleValues(catalog);
      return { catalog, values, loadedAt: Date.now() };
    }), signal);
  }

  const connector = (record: ConnectionRecord): Promise<Connector> => cached(connectors, cacheKey(record), () => open(record));

  return {
    connector,
    knowledge: (record, { signal } = {}) => knowledgeOf(cacheKey(record), () => connector(record), signal),
    forget(connectionId) {
      knowledge.delete(connectionKey(connectionId));
    },
    async discard(connectionId) {
      const key = connectionKey(connectionId);
      const pending = connectors.get(key);
      connectors.delete(key);
      knowledge.delete(key);
      const open = await pending?.catch(() => undefined);
      await open?.close();
    },
    async testUnsaved(record) {
      const unsaved = await open(record);
      try {
        await unsaved.test();
      } finally {
        await unsaved.close();
      }
    },
    async warmSamples(slugs) {
      await Promise.all(slugs.map((slug) =>
        knowledgeOf(sampleKey(slug), () => cached(connectors, sampleKey(slug), () => samples.connector(slug)))));
    },
    async close() {
      const all = await Promise.allSettled(connectors.values());
      connectors.clear();
      knowledge.clear();
      await Promise.allSettled(all.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])));
      await samples.close();
    },
  };
}
