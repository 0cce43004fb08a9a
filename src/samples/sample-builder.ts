/**
 * Builds one sample database: a fresh in-memory PGlite, then for each dataset its schema and
 * generated rows (one COPY per table) in a PostgreSQL schema of its own, statistics, the read-only
 * default, then a gzipped tarball of its data directory.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SampleTimeSpan } from './calendar.ts';
import { copyRows, quoteIdentifier, type TableRows } from './bulk-load.ts';

/** What a sample dataset must provide to be built. */
export interface SampleDatasetDefinition {
  /** DDL and COMMENT statements, run before any row is loaded. */
  readonly schemaSql: string;
  /** Every row, tables ordered parents first so foreign keys hold while loading. */
  generate(span: SampleTimeSpan): Promise<TableRows[]>;
}

/** A dataset and the PostgreSQL schema its tables go into (`public` for a dataset on its own). */
export interface SampleSchema {
  readonly schema: string;
  readonly definition: SampleDatasetDefinition;
}

export async function buildSampleArchive(datasets: readonly SampleSchema[], span: SampleTimeSpan): Promise<Blob> {
  const db = await PGlite.create();
  try {
    // One dataset at a time, so that only one dataset's generated rows are held at once.
    for (const { schema, definition } of datasets) {
      const tables = await definition.generate(span);
      await db.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}; SET search_path = ${quoteIdentifier(schema)}`);
      await db.exec(definition.schemaSql);
      for (const table of tables) await copyRows(db, table);
    }
    // Frozen, all-visible pages and fresh statistics: the served copy never needs to write to
    // settle hint bits, and the planner (and row-count estimates) see the real sizes.
    await db.exec('VACUUM (FREEZE, ANALYZE)');
    // PGlite runs a single-user backend that ignores per-database settings (ALTER DATABASE … SET
    // is stored but not applied on start); postgresql.auto.conf is read, so ALTER SYSTEM is what
    // makes every session of the loaded copy start read-only.
    await db.exec('ALTER SYSTEM SET default_transaction_read_only = on');
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}
