/**
 * The sample datasets on every SQL kind: PGlite (the shipped copy), and a fresh database each on
 * the test PostgreSQL and MariaDB servers with the same rows, dropped by `close`. The cross-kind
 * suites ask the same of all three and compare the answers.
 */
import type { Connector } from '../../src/connectors/connector.ts';
import { createMysqlConnector } from '../../src/connectors/mysql/mysql-connector.ts';
import { createPgliteConnector, createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { openSampleDatabase, type SampleSlug } from '../../src/samples/sample-datasets.ts';
import { createMysqlTestDatabase } from '../connectors/mysql-fixture.ts';
import { loadSource, type ConnectorSource } from '../support/connector-source.ts';
import { SHARED_SAMPLES_DIR } from '../support/paths.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { loadSampleIntoMariadb, loadSampleIntoPostgres } from '../support/sample-loaders.ts';

export const KINDS = ['pglite', 'postgresql', 'mariadb'] as const;
export type Kind = (typeof KINDS)[number];

export interface KindSources {
  readonly sources: ReadonlyMap<SampleSlug, Readonly<Record<Kind, ConnectorSource>>>;
  /** How long loading each copy took, for the log. */
  readonly timings: readonly string[];
  /** Closes the connectors, then drops the databases. */
  close(): Promise<void>;
}

/** Every dataset of `slugs` on every kind, with connectors capped at `maxRows`. */
export async function openKindSources(slugs: readonly SampleSlug[], maxRows: number): Promise<KindSources> {
  const cleanups: (() => Promise<void>)[] = [];
  const timings: string[] = [];
  const sourceOf = (connector: Connector): Promise<ConnectorSource> => {
    cleanups.push(() => connector.close());
    return loadSource(connector);
  };
  const postgresSource = async (slug: SampleSlug) => {
    const database = await createTestDatabase(`querent_xkind_${slug}`);
    cleanups.push(() => database.drop());
    const loaded = await loadSampleIntoPostgres(slug, database.url);
    timings.push(`PostgreSQL ${slug}: ${loaded.rows} rows, ${loaded.milliseconds} ms`);
    return sourceOf(createPostgresConnector({ url: database.url, maxRows }));
  };
  const mariadbSource = async (slug: SampleSlug) => {
    const database = await createMysqlTestDatabase(`querent_xkind_${slug}`);
    cleanups.push(() => database.drop());
    const loaded = await loadSampleIntoMariadb(slug, database.admin);
    timings.push(`MariaDB ${slug}: ${loaded.rows} rows, ${loaded.milliseconds} ms`);
    return sourceOf(createMysqlConnector({ url: database.url, maxRows }));
  };
  const sources = new Map<SampleSlug, Record<Kind, ConnectorSource>>();
  const close = async () => {
    // Connectors first (they hold sessions), then the databases.
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    for (const slug of slugs) {
      const db = await openSampleDatabase(SHARED_SAMPLES_DIR, slug);
      const [pglite, postgresql, mariadb] = await Promise.all([
        sourceOf(createPgliteConnector(db, { maxRows, closeDatabase: true })),
        postgresSource(slug),
        mariadbSource(slug),
      ]);
      sources.set(slug, { pglite, postgresql, mariadb });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { sources, timings, close };
}
