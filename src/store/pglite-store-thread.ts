/**
 * The worker-thread side of `pglite-database.ts`: the embedded metadata store's PGlite, so that its
 * WebAssembly (every key check, run and charge goes through it) runs beside the HTTP event loop,
 * not on it. Transactions are opened here and driven statement by statement from the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { StoreReply, StoreRequest, StoreThreadData } from './pglite-store-protocol.ts';

const data = workerData as StoreThreadData;
const port = parentPort!;
const opening = PGlite.create(data.dataDir, {
  pgliteWasmModule: data.wasmModule,
  startParams: [...PGlite.defaultStartParams, ...data.settings.flatMap((setting) => ['-c', setting])],
});
/** Open transactions by id, and how to end each: commit (resolve) or roll back (reject). */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
const ROLLBACK = Symbol('rollback');

const reply = (message: StoreReply): void => port.postMessage(message);
const failure = (id: number, error: unknown): StoreReply => {
  const { message, code } = error as { message?: string; code?: string };
  return { type: 'error', id, message: message ?? String(error), ...(code ? { code } : {}) };
};

opening.then(() => reply({ type: 'ready' }), (error: unknown) => reply({ type: 'failed', message: String(error) }));

port.on('message', (request: StoreRequest) => void handle(request));

async function handle(request: StoreRequest): Promise<void> {
  const db = await opening;
  if (request.type === 'close') {
    await db.close();
    // Ends this thread even if something PGlite left behind would keep its event loop alive.
    process.exit(0);
  }
  if (request.type === 'begin') {
    // Resolves when the transaction is open; the callback then waits for commit or rollback.
    db.transaction((tx) => new Promise<void>((resolve, reject) => {
      transactions.set(request.id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
      reply({ type: 'done', id: request.id });
    })).then(
      () => reply({ type: 'done', id: -request.id }),
      (error: unknown) => reply(error === ROLLBACK ? { type: 'done', id: -request.id } : failure(-request.id, error)),
    );
    return;
  }
  if (request.type === 'end') {
    const open = transactions.get(request.tx);
    transactions.delete(request.tx);
    open?.end(request.commit);
    return;
  }
  try {
    const target = request.tx === undefined ? db : transactions.get(request.tx)!.tx;
    const result = await target.query(request.text, request.params as unknown[]);
    reply({ type: 'rows', id: request.id, rows: result.rows });
  } catch (error) {
    reply(failure(request.id, error));
  }
}
