import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './database.ts';
import type { StoreReply, StoreRequest, StoreThreadData } from './pglite-store-protocol.ts';
import { LEAN_SETTINGS, PGLITE_THREAD_LIMITS, pgliteModule } from '../connectors/postgres/pglite-thread.ts';
import { seedFromTemplate } from './pglite-template.ts';

const CLOSE_TIMEOUT_MS = 10_000;

/** An error PGlite raised in the store's thread, with its SQLSTATE. */
export class StoreError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

/**
 * The embedded store: PGlite on `dataDir`, run in a worker thread (see pglite-store-thread.ts).
 * PGlite is one connection, so statements and transactions take turns, as they did in-process.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await seedFromTemplate(dataDir);
  const data: StoreThreadData = { dataDir, settings: LEAN_SETTINGS, wasmModule: await pgliteModule() };
  const worker = new Worker(new URL('./pglite-store-thread.ts', import.meta.url), { workerData: data, resourceLimits: PGLITE_THREAD_LIMITS });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let nextId = 1;
  let closed = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: StoreReply) => {
      if (reply.type === 'ready') return resolve();
      if (reply.type === 'failed') return reject(new StoreError(`The store could not be opened: ${reply.message}`));
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === 'error') waiter?.reject(new StoreError(reply.message, reply.code));
      else waiter?.resolve(reply.type === 'rows' ? reply.rows : undefined);
    });
    worker.once('error', reject);
  });
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new StoreError('The store stopped.'));
    pending.clear();
  });
  await ready;

  /** A promise for the reply with `id`. */
  function expect<T>(id: number): Promise<T> {
    if (closed) return Promise.reject(new StoreError('The store is closed.'));
    return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  function send<T>(request: StoreRequest & { id: number }): Promise<T> {
    const reply = expect<T>(request.id);
    if (!closed) worker.postMessage(request);
    return reply;
  }

  const queryable = (tx?: number): Queryable => ({
    query<Row>(text: string, params: readonly unknown[] = []) {
      return send<Row[]>({ type: 'query', id: nextId++, text, params, ...(tx === undefined ? {} : { tx }) });
    },
  });

  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(work) {
      const tx = nextId++;
      const ended = expect<void>(-tx);
      ended.catch(() => undefined);
      await send<void>({ type: 'begin', id: tx });
      let result;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        worker.postMessage({ type: 'end', tx, commit: false } satisfies StoreRequest);
        await ended.catch(() => undefined);
        throw error;
      }
      worker.postMessage({ type: 'end', tx, commit: true } satisfies StoreRequest);
      await ended;
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' } satisfies StoreRequest);
      // PGlite closes cleanly within a moment; a thread that does not has lost nothing committed.
      const forced = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(forced);
    },
  };
}
