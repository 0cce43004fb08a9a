/**
 * Run by `npm ci` (postinstall): builds the sample archives of the current month into
 * .cache/samples (the sample set a server serves, and each dataset on its own for tools and
 * tests) and an empty PGlite data directory, so that a first `npm start` only unpacks them. Deterministic: the same seed and month give the same rows. Does nothing when they are
 * already there.
 */
import { ensureSampleArchives, ensureSampleSetArchive, PREBUILT_SAMPLES_DIR } from '../src/samples/sample-datasets.ts';
import { buildPgliteTemplate } from '../src/store/pglite-template.ts';

const started = performance.now();
await buildPgliteTemplate();
await ensureSampleSetArchive(PREBUILT_SAMPLES_DIR, { prebuilt: false });
await ensureSampleArchives(PREBUILT_SAMPLES_DIR);
console.log(`querent: sample archives ready in ${PREBUILT_SAMPLES_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
