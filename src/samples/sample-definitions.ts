/** What each sample dataset is built from: its schema and the generator of its rows. */
import type { SampleDatasetDefinition } from './sample-builder.ts';
import type { SampleSlug } from './sample-datasets.ts';
import { SAAS_SCHEMA_SQL } from './saas-schema.ts';
import { WHOLESALE_SCHEMA_SQL } from './wholesale-schema.ts';

export const SAMPLE_DEFINITIONS: Readonly<Record<SampleSlug, SampleDatasetDefinition>> = {
  wholesale: { schemaSql: WHOLESALE_SCHEMA_SQL, generate: async (span) => (await import('./wholesale-generator.ts')).generateWholesaleRows(span) },
  saas: { schemaSql: SAAS_SCHEMA_SQL, generate: async (span) => (await import('./saas-generator.ts')).generateSaasRows(span) },
};
