/**
 * The worker-thread side of `pglite-thread.ts`: one PGlite on an on-disk data directory, serving
 * read-only statements through `createPgliteClient`, so that its WebAssembly runs on another core
 * than the HTTP event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { isQuerentError } from '../../core/errors.ts';
import { createPgliteClient } from './pglite-client.ts';
import type { PgliteThreadData, ThreadReply, ThreadRequest } from './pglite-thread-protocol.ts';
import type { PostgresClient } from './postgres-client.ts';

const data = workerData as PgliteThreadData;
const port = parentPort!;

function open(): Promise<PGlite> {
  return PGlite.create(data.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...data.settings.flatMap((setting) => ['-c', setting])],
    ...(data.wasmModule ? { pgliteWasmModule: data.wasmModule } : {}),
  });
}
const opening = open();

/** A client for the request's schema: clients are only settings around the one database. */
function clientFor(db: PGlite, schema: string | undefined): PostgresClient {
  return createPgliteClient(db, { ...(data.timeZone ? { timeZone: data.timeZone } : {}), ...(schema === undefined ? {} : { schema }) });
}

opening.then(() => port.postMessage({ type: 'ready' } satisfies ThreadReply), (error: unknown) => {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ThreadReply);
});

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'close') {
    // Exits the thread even if something PGlite left behind would keep its event loop alive.
    void opening.then((db) => db.close()).finally(() => process.exit(0));
    return;
  }
  void opening
    .then((db) => clientFor(db, request.schema).query(request.text, request.params, { timeoutMs: request.timeoutMs }))
    .then(
      (result) => port.postMessage({ type: 'result', id: request.id, result } satisfies ThreadReply),
      (error: unknown) => port.postMessage({
        type: 'error',
        id: request.id,
        error: isQuerentError(error)
          ? { code: error.code, detail: error.detail, extensions: { ...error.extensions } }
          : { code: 'internal_error', detail: 'The sample database failed to run the query.' },
      } satisfies ThreadReply),
    );
});
