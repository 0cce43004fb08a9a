/**
 * PostgresClients whose PGlite runs in a worker thread, on a data directory on disk: one client
 * per schema that unqualified names resolve to, all on the same database and thread.
 *
 * PGlite is PostgreSQL compiled to WebAssembly: on the event loop, every statement would hold up
 * HTTP. In a thread it runs on another core, its files stay on disk instead of in memory, and the
 * thread (with its WebAssembly memory) is stopped after `idleMs` without statements and started
 * again by the next one. A statement that outlives its timeout is stopped by ending the thread,
 * which PGlite itself cannot do (it has no timer signals).
 */
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import { QuerentError } from '../../core/errors.ts';
import { abortReason, DEFAULT_TIMEOUT_MS, type PostgresClient, type PostgresQueryOptions, type PostgresRawResult } from './postgres-client.ts';
import { timedOut } from './postgres-errors.ts';
import type { PgliteThreadData, ThreadReply, ThreadRequest, WasmModule } from './pglite-thread-protocol.ts';

declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

export interface PgliteThreadOptions {
  /** An existing PGlite data directory. */
  readonly dataDir: string;
  /** Stop the thread after this many ms without a statement. Default 5 minutes; 0 keeps it running. */
  readonly idleMs?: number;
  /** Server settings on top of PGlite's defaults. Default {@link LEAN_SETTINGS}. */
  readonly settings?: readonly string[];
  readonly timeZone?: string;
}

/**
 * PostgreSQL's defaults size its caches for a server of its own: 128 MB of shared buffers alone.
 * A read-only sample of a few tens of MB needs far less; the operating system caches the files.
 */
export const LEAN_SETTINGS: readonly string[] = ['shared_buffers=16MB', 'work_mem=8MB', 'temp_buffers=1MB', 'maintenance_work_mem=8MB'];

/**
 * A PGlite thread's own JavaScript is small (the database lives in WebAssembly memory): a small
 * young generation keeps each thread's heap from growing to V8's defaults.
 */
export const PGLITE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 } as const;

const DEFAULT_IDLE_MS = 5 * 60_000;
/** How long past its own timeout a statement may run before the thread is ended. */
const GRACE_MS = 1_000;

interface Pending {
  resolve(result: PostgresRawResult): void;
  reject(error: unknown): void;
}

interface Thread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly pending: Map<number, Pending>;
}

let compiledModule: Promise<WasmModule> | undefined;

/** PGlite's WebAssembly, compiled once per process and shared by every PGlite of the process. */
export function pgliteModule(): Promise<WasmModule> {
  compiledModule ??= (async () => {
    const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await fs.promises.readFile(wasm));
  })();
  return compiledModule;
}

export interface PgliteThread {
  /**
   * A client whose statements resolve unqualified table names in `schema` (default `public`).
   * Closing it leaves the thread running: the thread belongs to whoever closes it.
   */
  client(schema?: string): PostgresClient;
  /** Whether the thread is running now (it stops when idle and on a timeout). */
  readonly running: boolean;
  close(): Promise<void>;
}

export function createPgliteThread(options: PgliteThreadOptions): PgliteThread {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let thread: Thread | undefined;
  let starting: Promise<Thread> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  /** The exit of a thread being stopped: a new one waits for it, so two never open the directory. */
  let stopping: Promise<void> = Promise.resolve();
  let nextId = 1;
  let closed = false;

  async function start(): Promise<Thread> {
    await stopping;
    const data: PgliteThreadData = {
      dataDir: options.dataDir,
      settings: options.settings ?? LEAN_SETTINGS,
      wasmModule: await pgliteModule(),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    };
    const worker = new Worker(new URL('./pglite-thread-worker.ts', import.meta.url), { workerData: data, resourceLimits: PGLITE_THREAD_LIMITS });
    const pending = new Map<number, Pending>();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: ThreadReply) => {
        if (reply.type === 'ready') return resolve();
        if (reply.type === 'failed') return reject(new QuerentError('connection_unavailable', 'The sample database could not be opened.', { cause: new Error(reply.message) }));
        const waiter = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.type === 'result') waiter?.resolve(reply.result);
        else waiter?.reject(new QuerentError(reply.error.code, reply.error.detail, { extensions: reply.error.extensions ?? {} }));
      });
      worker.once('error', reject);
      worker.once('exit', () => reject(new QuerentError('connection_unavailable', 'The sample database stopped.')));
    });
    const started: Thread = { worker, ready, pending };
    thread = started;
    worker.once('exit', () => {
      forget(started);
      for (const waiter of pending.values()) waiter.reject(new QuerentError('connection_unavailable', 'The sample database stopped while answering; ask again.'));
      pending.clear();
    });
    worker.on('error', () => undefined);
    return started;
  }

  function forget(ended: Thread): void {
    if (thread !== ended) return;
    thread = undefined;
    starting = undefined;
  }

  function armIdleTimer(): void {
    clearTimeout(idleTimer);
    if (idleMs <= 0 || !thread) return;
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  }

  async function stop(): Promise<void> {
    clearTimeout(idleTimer);
    const current = thread;
    if (!current) return;
    forget(current);
    const exited = new Promise<void>((resolve) => current.worker.once('exit', () => resolve()));
    stopping = exited;
    if (current.worker.threadId >= 0) current.worker.postMessage({ type: 'close' } satisfies ThreadRequest);
    // A thread stuck in a statement never reads 'close'.
    const forced = setTimeout(() => void current.worker.terminate(), 5_000);
    await exited;
    clearTimeout(forced);
  }

  /** The running thread, started (and waited for) by the first caller; a failed start is not kept. */
  function running(): Promise<Thread> {
    if (closed) return Promise.reject(new QuerentError('connection_unavailable', 'The sample database is closed.'));
    clearTimeout(idleTimer);
    starting ??= start().then(async (started) => {
      try {
        await started.ready;
        return started;
      } catch (error) {
        void started.worker.terminate();
        throw error;
      }
    }).catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  async function query(schema: string | undefined, text: string, params: readonly unknown[], queryOptions: PostgresQueryOptions = {}): Promise<PostgresRawResult> {
    const { signal } = queryOptions;
    const timeoutMs = queryOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    signal?.throwIfAborted();
    const current = await running();
    signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<PostgresRawResult>((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (current.pending.size === 0) armIdleTimer();
      };
      const onAbort = (): void => {
        current.pending.delete(id);
        settle();
        reject(abortReason(signal!));
      };
      // The statement runs on; ending the thread is the only way to stop it.
      const timer = setTimeout(() => {
        current.pending.delete(id);
        settle();
        reject(timedOut(undefined, { timeoutMs }));
        forget(current);
        stopping = current.worker.terminate().then(() => undefined, () => undefined);
      }, timeoutMs + GRACE_MS);
      current.pending.set(id, {
        resolve: (result) => { settle(); resolve(result); },
        reject: (error) => { settle(); reject(error); },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      current.worker.postMessage({ type: 'query', id, text, params: [...params], timeoutMs, ...(schema === undefined ? {} : { schema }) } satisfies ThreadRequest);
    });
  }

  return {
    client: (schema) => ({
      query: (text, params, queryOptions) => query(schema, text, params, queryOptions),
      close: async () => undefined,
    }),
    get running() {
      return thread !== undefined;
    },
    async close() {
      closed = true;
      await stop();
    },
  };
}
