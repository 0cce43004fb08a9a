/** The worker-thread side of `sample-build-thread.ts`: builds the archive and sends its bytes back. */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSampleArchive } from './sample-builder.ts';
import type { SampleBuildRequest } from './sample-build-thread.ts';
import { SAMPLE_DEFINITIONS } from './sample-definitions.ts';

const request = workerData as SampleBuildRequest;
const archive = await buildSampleArchive(request.datasets.map(({ schema, slug }) => ({ schema, definition: SAMPLE_DEFINITIONS[slug] })), request.span);
const bytes = await archive.arrayBuffer();
parentPort!.postMessage(bytes, [bytes]);
