/**
 * The two fictional sample datasets every workspace gets, served read-only from a PGlite database
 * that is separate from the metadata store.
 *
 * Each dataset is generated once per schema version and anchor month into a gzipped data-directory
 * archive (`npm ci` builds the current month's into {@link PREBUILT_SAMPLES_DIR}; a process that
 * finds neither that nor one in `samplesDir` builds it into `samplesDir`). A server serves the
 * sample set: one database holding every dataset, each in the schema named by its slug, unpacked
 * into a directory of its own ({@link unpackSampleDatabase}); tools and tests load a fresh in-memory
 * copy of one dataset, its tables in `public` ({@link openSampleDatabase}). The anchor defaults to
 * the current UTC month so questions like "last quarter" find data; pass it to get the same rows
 * every time (same seed + same anchor ⇒ identical data).
 */
import fs from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { unpackTarGz } from '../core/tar-gz.ts';
import { timeSpanForAnchor } from './calendar.ts';
import { ensureArchive, openArchive } from './sample-archive.ts';
import { buildSampleArchiveInThread, type SampleSchemaOf } from './sample-build-thread.ts';

/**
 * Bump whenever a schema or generator changes, so archives built by older code are not reused.
 * It is part of the archive file name.
 */
export const SCHEMA_VERSION = 2;

export type SampleSlug = 'wholesale' | 'saas';

export interface SampleDatasetInfo {
  /** Stable identifier of the dataset. */
  slug: SampleSlug;
  /** Display name of the sample connection. */
  name: string;
  /** One sentence on what the data is about. */
  description: string;
}

export const SAMPLE_DATASETS: readonly SampleDatasetInfo[] = Object.freeze([
  Object.freeze({
    slug: 'wholesale',
    name: 'Sample: Harbourline Trading (wholesale)',
    description:
      'A fictional European food and drink wholesaler over three years: customers, products, suppliers, sales staff, orders, order lines, invoices and payments, with amounts in EUR.',
  }),
  Object.freeze({
    slug: 'saas',
    name: 'Sample: Tallyworks (SaaS subscriptions)',
    description:
      'A fictional subscription software company over three years: accounts, plans, subscriptions with trials and churn, invoices in USD, and support tickets.',
  }),
] satisfies SampleDatasetInfo[]);

export interface SampleOptions {
  /** Any moment in the last month of the data; only its UTC year and month matter. Default: now. */
  anchor?: Date;
  /** Use an archive of {@link PREBUILT_SAMPLES_DIR} when `samplesDir` has none. Default true. */
  prebuilt?: boolean;
}

/**
 * Where `npm ci` builds the current month's archives (`npm run samples`), so that a first start
 * only unpacks them. Searched after `samplesDir`; never written by a server.
 */
export const PREBUILT_SAMPLES_DIR = resolve(import.meta.dirname, '../../.cache/samples');

const ARCHIVE_SUFFIX = '.tar.gz';
/** The sample set's archives are named as a dataset's, with this in place of the slug. */
const SAMPLE_SET = 'samples';

/** `${samplesDir}/${slug}-v${SCHEMA_VERSION}-${YYYY-MM}.tar.gz` for the anchor's month. */
export function sampleArchivePath(samplesDir: string, slug: SampleSlug, options: SampleOptions = {}): string {
  return archivePath(samplesDir, slug, options);
}

function archivePath(samplesDir: string, name: string, options: SampleOptions): string {
  const { anchorMonth } = timeSpanForAnchor(options.anchor ?? new Date());
  return join(samplesDir, `${name}-v${SCHEMA_VERSION}-${anchorMonth}${ARCHIVE_SUFFIX}`);
}

/** The anchor month's archive of one dataset, its tables in `public`: from `samplesDir`, else prebuilt, else built into `samplesDir`. */
export async function ensureSampleArchive(samplesDir: string, slug: SampleSlug, options: SampleOptions = {}): Promise<string> {
  if (!SAMPLE_DATASETS.some((dataset) => dataset.slug === slug)) throw new TypeError(`Unknown sample dataset: ${String(slug)}`);
  return ensure(samplesDir, slug, [{ schema: 'public', slug }], options);
}

/** The anchor month's archive of the sample set (every dataset in the schema named by its slug), found or built as {@link ensureSampleArchive}. */
export async function ensureSampleSetArchive(samplesDir: string, options: SampleOptions = {}): Promise<string> {
  const datasets = SAMPLE_DATASETS.map(({ slug }) => ({ schema: slug, slug }));
  return ensure(samplesDir, SAMPLE_SET, datasets, options);
}

async function ensure(samplesDir: string, name: string, datasets: readonly SampleSchemaOf[], options: SampleOptions): Promise<string> {
  const anchor = options.anchor ?? new Date();
  const path = archivePath(samplesDir, name, { anchor });
  const prebuilt = archivePath(PREBUILT_SAMPLES_DIR, name, { anchor });
  if (options.prebuilt !== false && !fs.existsSync(path) && fs.existsSync(prebuilt)) return prebuilt;
  await ensureArchive(path, () => buildSampleArchiveInThread(datasets, timeSpanForAnchor(anchor)));
  return path;
}

/**
 * Unpacks the sample set's `archive` into the directory this process serves it from, unless done
 * before, and returns that directory: one per process (each has its own data directory), since
 * PostgreSQL writes to its data directory even when only reading. Directories of other archives
 * (an older month or schema, or one dataset's of an earlier version) are removed.
 */
export async function unpackSampleDatabase(dataDir: string, archive: string): Promise<string> {
  const parent = join(dataDir, 'sample-databases');
  const name = basename(archive, ARCHIVE_SUFFIX);
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(parent)) {
    if (entry !== name) fs.rmSync(join(parent, entry), { recursive: true, force: true });
  }
  const directory = join(parent, name);
  if (fs.existsSync(join(directory, 'PG_VERSION'))) return directory;
  // Unpacked beside, then moved into place: a process killed half-way leaves no half database.
  const partial = `${directory}.partial-${process.pid}`;
  await unpackTarGz(archive, partial);
  fs.rmSync(directory, { recursive: true, force: true });
  fs.renameSync(partial, directory);
  return directory;
}

/**
 * Ensures the dataset's archive for the anchor month exists (generating it if not, which takes a few
 * seconds), then returns a new in-memory PGlite loaded from it. Every session of the returned
 * database starts read-only. The caller owns it and must `close()` it.
 */
export async function openSampleDatabase(samplesDir: string, slug: SampleSlug, options: SampleOptions = {}): Promise<PGlite> {
  const path = await ensureSampleArchive(samplesDir, slug, options);
  return openArchive(path);
}

/** Builds the archives of every sample dataset for the anchor month into `samplesDir`, unless there. */
export async function ensureSampleArchives(samplesDir: string, options: SampleOptions = {}): Promise<void> {
  const anchor = options.anchor ?? new Date();
  // One after the other: building is CPU-bound on one thread, so parallel builds only use more memory.
  for (const dataset of SAMPLE_DATASETS) await ensureSampleArchive(samplesDir, dataset.slug, { anchor, prebuilt: false });
}
