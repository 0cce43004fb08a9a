/**
 * The constructs schemas (`fieldservice`, `fleet`; see ../fixtures/constructs) as a source the
 * engine plans against, like `openSampleSource` for the samples: a PGlite connector on a fresh
 * in-memory database built for `now`'s month, its catalog and sampled values. These schemas have
 * no semantic layer: the engine sees only their tables, columns and comments. The caller closes the
 * connector.
 */
import { createPgliteConnector } from '../../../src/connectors/postgres/postgres-connector.ts';
import { type ConstructsSlug, openConstructsDatabase } from '../fixtures/constructs/constructs-datasets.ts';
import { loadSource, type ConnectorSource } from '../../support/connector-source.ts';

/** Rows a result may hold; generous so that a wrong, unbounded list is compared rather than cut. */
const MAX_ROWS = 100_000;

export async function openConstructsSource(slug: ConstructsSlug, now: Date): Promise<ConnectorSource> {
  const db = await openConstructsDatabase(slug, now);
  return loadSource(createPgliteConnector(db, { maxRows: MAX_ROWS, closeDatabase: true }));
}
