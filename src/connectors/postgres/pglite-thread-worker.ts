/**
 * The worker-thread side of `pglite-thread.ts`: one PGlite on an on-disk data directory, so that
 * its WebAssembly runs on another core than the HTTP event loop. It serves the metadata store
 * (statements with rows as objects, in transactions driven statement by statement from the main
 * thread) and the sample datasets (read-only statements through `createPgliteClient`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { isQuerentError } from '../../core/errors.ts';
import { createPgliteClient } from './pglite-client.ts';
import type { PgliteThreadData, ThreadCall, ThreadFailure, ThreadReply, ThreadRequest } from './pglite-thread-protocol.ts';

const data = workerData as PgliteThreadData;
const port = parentPort!;
const opening = PGlite.create(data.dataDir, {
  pgliteWasmModule: data.wasmModule,
  startParams: [...PGlite.defaultStartParams, ...data.settings.flatMap((setting) => ['-c', setting])],
});

/** Open transactions by id: the transaction, how to end it (commit or roll back), and its end. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; ended: Promise<void> }>();
const ROLLBACK = Symbol('rollback');

const reply = (message: ThreadReply): void => port.postMessage(message);

opening.then(() => reply({ type: 'ready' }), (error: unknown) => {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
});

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'close') {
    // Exits the thread even if something PGlite left behind would keep its event loop alive.
    void opening.then((db) => db.close()).finally(() => process.exit(0));
    return;
  }
  void opening.then((db) => call(db, request, request.id)).then(
    (value) => reply({ type: 'done', id: request.id, value }),
    (error: unknown) => reply({ type: 'error', id: request.id, failure: failureOf(request, error) }),
  );
});

async function call(db: PGlite, request: ThreadCall, id: number): Promise<unknown> {
  switch (request.type) {
    case 'query': {
      const target = request.tx === undefined ? db : transactions.get(request.tx)!.tx;
      return (await target.query(request.text, request.params as unknown[])).rows;
    }
    case 'begin':
      return begin(db, id);
    case 'end': {
      const open = transactions.get(request.tx)!;
      transactions.delete(request.tx);
      open.end(request.commit);
      return open.ended;
    }
    case 'read': {
      const client = createPgliteClient(db, { ...(data.timeZone ? { timeZone: data.timeZone } : {}), ...(request.schema === undefined ? {} : { schema: request.schema }) });
      return client.query(request.text, request.params, { timeoutMs: request.timeoutMs });
    }
  }
}

/** Resolves with `id` once the transaction is open; its callback then waits for `end`. */
function begin(db: PGlite, id: number): Promise<number> {
  return new Promise<number>((opened, failed) => {
    let isOpen = false;
    const ended: Promise<void> = db.transaction((tx) => new Promise<void>((resolve, reject) => {
      isOpen = true;
      transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), ended });
      opened(id);
    })).catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
    // Only BEGIN failing is this call's; how an open transaction ends is `end`'s answer.
    ended.catch((error: unknown) => {
      if (!isOpen) failed(error);
    });
  });
}

function failureOf(request: ThreadCall, error: unknown): ThreadFailure {
  if (request.type === 'read') {
    return isQuerentError(error)
      ? { code: error.code, message: error.detail, extensions: { ...error.extensions } }
      : { code: 'internal_error', message: 'The sample database failed to run the query.' };
  }
  const { message, code } = error as { message?: string; code?: string };
  return { message: message ?? String(error), ...(code ? { code } : {}) };
}
