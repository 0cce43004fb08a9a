/**
 * Builds a sample archive in a worker thread: generating the rows and loading them into PGlite takes
 * seconds of CPU and a few hundred MB, which would otherwise stall the server's event loop (a new
 * month's archive is built on first use) and stay in its heap after the build.
 */
import { Worker } from 'node:worker_threads';
import type { SampleTimeSpan } from './calendar.ts';
import type { SampleSlug } from './sample-datasets.ts';

/** A dataset and the schema its tables go in. */
export interface SampleSchemaOf {
  readonly schema: string;
  readonly slug: SampleSlug;
}

export interface SampleBuildRequest {
  readonly datasets: readonly SampleSchemaOf[];
  readonly span: SampleTimeSpan;
}

export function buildSampleArchiveInThread(datasets: readonly SampleSchemaOf[], span: SampleTimeSpan): Promise<Blob> {
  const request: SampleBuildRequest = { datasets, span };
  const worker = new Worker(new URL('./sample-build-worker.ts', import.meta.url), { workerData: request });
  return new Promise((resolve, reject) => {
    let archive: Blob | undefined;
    worker.once('message', (bytes: ArrayBuffer) => {
      archive = new Blob([bytes]);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (archive) resolve(archive);
      else reject(new Error(`The sample build thread exited with code ${code} before sending the archive`));
    });
  });
}
