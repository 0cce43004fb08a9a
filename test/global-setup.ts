import { SAMPLE_DATASETS, ensureSampleArchive, ensureSampleSetArchive } from '../src/samples/sample-datasets.ts';
import { SHARED_SAMPLES_DIR } from './support/paths.ts';

/**
 * Makes sure every sample archive exists (normally prebuilt by `npm ci`; built here otherwise), so
 * that every server a test starts only unpacks it.
 */
export default async function globalSetup(): Promise<void> {
  await ensureSampleSetArchive(SHARED_SAMPLES_DIR);
  for (const { slug } of SAMPLE_DATASETS) await ensureSampleArchive(SHARED_SAMPLES_DIR, slug);
  process.env.QUERENT_SAMPLES_DIR = SHARED_SAMPLES_DIR;
}
