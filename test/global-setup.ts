import { ensureSampleArchives } from '../src/samples/sample-datasets.ts';
import { SHARED_SAMPLES_DIR } from './support/paths.ts';

/** Builds the sample archives once, so that every server a test starts opens them quickly. */
export default async function globalSetup(): Promise<void> {
  await ensureSampleArchives(SHARED_SAMPLES_DIR);
  process.env.QUERENT_SAMPLES_DIR = SHARED_SAMPLES_DIR;
}
