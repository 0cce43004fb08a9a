import type { Database, Queryable } from './database.ts';
import { startPgliteThread } from '../connectors/postgres/pglite-thread.ts';
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
 * The embedded store: PGlite on `dataDir`, run in a worker thread (`pglite-thread.ts`), so that its
 * WebAssembly (every key check, run and charge goes through it) runs beside the HTTP event loop,
 * not on it. PGlite is one connection, so statements and transactions take turns, as they did
 * in-process; a transaction is opened in the thread and driven statement by statement from here.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await seedFromTemplate(dataDir);
  const thread = await startPgliteThread({
    dataDir,
    failure: (failure) => new StoreError(failure.message, failure.code),
    stopped: () => new StoreError('The store stopped.'),
  });
  try {
    await thread.ready;
  } catch (error) {
    await thread.terminate();
    throw new StoreError(`The store could not be opened: ${(error as Error).message}`);
  }
  let closed = false;

  const queryable = (tx?: number): Queryable => ({
    query<Row>(text: string, params: readonly unknown[] = []) {
      if (closed) return Promise.reject(new StoreError('The store is closed.'));
      return thread.call<Row[]>({ type: 'query', text, params, ...(tx === undefined ? {} : { tx }) });
    },
  });

  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(work) {
      if (closed) throw new StoreError('The store is closed.');
      const tx = await thread.call<number>({ type: 'begin' });
      let result;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await thread.call({ type: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await thread.call({ type: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      // PGlite closes cleanly within a moment; a thread that does not has lost nothing committed.
      await thread.stop(CLOSE_TIMEOUT_MS);
    },
  };
}
