/**
 * The two fictional sample datasets every workspace gets, served read-only from in-memory PGlite
 * instances that are separate from the metadata store.
 *
 * Each dataset is generated once per schema version and anchor month into a gzipped data-directory
 * archive under `samplesDir`, then every open loads a fresh copy from that archive. The anchor
 * defaults to the current UTC month so questions like "last quarter" find data; pass it to get the
 * same rows every time (same seed + same anchor ⇒ identical data).
 */
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { timeSpanForAnchor } from './calendar.ts';
import { ensureArchive, openArchive } from './sample-archive.ts';
import { buildSampleArchive, type SampleDatasetDefinition } from './sample-builder.ts';
import { generateSaasRows } from './saas-generator.ts';
import { SAAS_SCHEMA_SQL } from './saas-schema.ts';
import { generateWholesaleRows } from './wholesale-generator.ts';
import { WHOLESALE_SCHEMA_SQL } from './wholesale-schema.ts';

/**
 * Bump whenever a schema or generator changes, so archives built by older code are not reused.
 * It is part of the archive file name.
 */
export const SCHEMA_VERSION = 1;

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

const DEFINITIONS: Readonly<Record<SampleSlug, SampleDatasetDefinition>> = {
  wholesale: { schemaSql: WHOLESALE_SCHEMA_SQL, generate: (span) => generateWholesaleRows(span) },
  saas: { schemaSql: SAAS_SCHEMA_SQL, generate: (span) => generateSaasRows(span) },
};

export interface SampleOptions {
  /** Any moment in the last month of the data; only its UTC year and month matter. Default: now. */
  anchor?: Date;
}

/** `${samplesDir}/${slug}-v${SCHEMA_VERSION}-${YYYY-MM}.tar.gz` for the anchor's month. */
export function sampleArchivePath(samplesDir: string, slug: SampleSlug, options: SampleOptions = {}): string {
  const { anchorMonth } = timeSpanForAnchor(options.anchor ?? new Date());
  return join(samplesDir, `${slug}-v${SCHEMA_VERSION}-${anchorMonth}.tar.gz`);
}

async function ensureSampleArchive(samplesDir: string, slug: SampleSlug, anchor: Date): Promise<string> {
  const definition = DEFINITIONS[slug];
  if (definition === undefined) throw new TypeError(`Unknown sample dataset: ${String(slug)}`);
  const path = sampleArchivePath(samplesDir, slug, { anchor });
  await ensureArchive(path, () => buildSampleArchive(definition, timeSpanForAnchor(anchor)));
  return path;
}

/**
 * Ensures the dataset's archive for the anchor month exists (generating it if not, which takes a few
 * seconds), then returns a new in-memory PGlite loaded from it. Every session of the returned
 * database starts read-only. The caller owns it and must `close()` it.
 */
export async function openSampleDatabase(samplesDir: string, slug: SampleSlug, options: SampleOptions = {}): Promise<PGlite> {
  const path = await ensureSampleArchive(samplesDir, slug, options.anchor ?? new Date());
  return openArchive(path);
}

/** Ensures the archives of every sample dataset exist for the anchor month, e.g. at start-up. */
export async function ensureSampleArchives(samplesDir: string, options: SampleOptions = {}): Promise<void> {
  const anchor = options.anchor ?? new Date();
  // One after the other: building is CPU-bound on one thread, so parallel builds only use more memory.
  for (const dataset of SAMPLE_DATASETS) await ensureSampleArchive(samplesDir, dataset.slug, anchor);
}
