/**
 * A PGlite in a worker thread, on a data directory on disk: the metadata store's
 * (`store/pglite-database.ts`) and the sample datasets' (`pglite-read-thread.ts`).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: on the event loop, every statement would hold up
 * HTTP. In a thread it runs on another core, and its files stay on disk instead of in memory.
 */
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import type { PgliteThreadData, ThreadCall, ThreadFailure, ThreadReply, ThreadRequest, WasmModule } from './pglite-thread-protocol.ts';

declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/**
 * PostgreSQL's defaults size its caches for a server of its own: 128 MB of shared buffers alone.
 * A read-only sample of a few tens of MB needs far less; the operating system caches the files.
 */
const LEAN_SETTINGS: readonly string[] = ['shared_buffers=16MB', 'work_mem=8MB', 'temp_buffers=1MB', 'maintenance_work_mem=8MB'];

/**
 * A PGlite thread's own JavaScript is small (the database lives in WebAssembly memory): a small
 * young generation keeps each thread's heap from growing to V8's defaults.
 */
const PGLITE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 } as const;

let compiledModule: Promise<WasmModule> | undefined;

/** PGlite's WebAssembly, compiled once per process and shared by every PGlite of the process. */
function pgliteModule(): Promise<WasmModule> {
  compiledModule ??= (async () => {
    const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await fs.promises.readFile(wasm));
  })();
  return compiledModule;
}

export interface PgliteThreadOptions {
  /** An existing PGlite data directory. */
  readonly dataDir: string;
  /** Server settings on top of PGlite's defaults. Default {@link LEAN_SETTINGS}. */
  readonly settings?: readonly string[];
  /** Session time zone of `read` calls. Default `UTC`. */
  readonly timeZone?: string;
  /** The error a failed call rejects with. */
  failure(failure: ThreadFailure): Error;
  /** The error calls reject with once the thread has exited (those still waiting, and later ones). */
  stopped(): Error;
}

export interface PgliteThread {
  /** Resolves once PGlite is open; rejects with an Error of PGlite's message when it could not be. */
  readonly ready: Promise<void>;
  call<T>(call: ThreadCall): Promise<T>;
  /** Calls sent and not answered yet. */
  readonly waiting: number;
  /** Closes PGlite and ends the thread, by force after `forceAfterMs` (a thread stuck in a statement never reads the request). */
  stop(forceAfterMs: number): Promise<void>;
  /** Ends the thread now, whatever it is doing. */
  terminate(): Promise<void>;
  /** Resolves when the thread has exited. */
  readonly exited: Promise<void>;
}

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const data: PgliteThreadData = {
    dataDir: options.dataDir,
    settings: options.settings ?? LEAN_SETTINGS,
    wasmModule: await pgliteModule(),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  };
  const worker = new Worker(new URL('./pglite-thread-worker.ts', import.meta.url), { workerData: data, resourceLimits: PGLITE_THREAD_LIMITS });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let nextId = 1;
  let hasExited = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => {
    hasExited = true;
    for (const waiter of waiting.values()) waiter.reject(options.stopped());
    waiting.clear();
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'ready') return resolve();
      if (reply.type === 'failed') return reject(new Error(reply.message));
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.type === 'done') waiter?.resolve(reply.value);
      else waiter?.reject(options.failure(reply.failure));
    });
    worker.once('error', reject);
    void exited.then(() => reject(options.stopped()));
  });
  worker.on('error', () => undefined);

  return {
    ready,
    exited,
    get waiting() {
      return waiting.size;
    },
    call<T>(call: ThreadCall): Promise<T> {
      if (hasExited) return Promise.reject(options.stopped());
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ ...call, id } satisfies ThreadRequest);
      });
    },
    async stop(forceAfterMs) {
      if (!hasExited) worker.postMessage({ type: 'close' } satisfies ThreadRequest);
      const forced = setTimeout(() => void worker.terminate(), forceAfterMs);
      await exited;
      clearTimeout(forced);
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
