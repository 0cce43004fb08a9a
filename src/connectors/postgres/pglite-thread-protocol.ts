/** Messages between `pglite-thread.ts` and the worker thread it starts. */
import type { PGliteOptions } from '@electric-sql/pglite';

/** A compiled `WebAssembly.Module` (the project's TypeScript libs leave out the DOM's WebAssembly types). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export interface PgliteThreadData {
  /** The PGlite data directory on disk. */
  readonly dataDir: string;
  /** Server settings (`name=value`) on top of PGlite's defaults, e.g. `shared_buffers=16MB`. */
  readonly settings: readonly string[];
  /** PGlite's WebAssembly, compiled once and shared by every thread (it is several MB of code). */
  readonly wasmModule: WasmModule;
  /** Session time zone of `read` statements. Default `UTC`. */
  readonly timeZone?: string;
}

/** What a request asks for; each is answered by one reply with its id. */
export type ThreadCall =
  /** A statement, rows as objects, in transaction `tx` when given (the metadata store). */
  | { readonly type: 'query'; readonly text: string; readonly params: readonly unknown[]; readonly tx?: number }
  /** Opens a transaction, answered with its id once open; it stays open until `end`. */
  | { readonly type: 'begin' }
  /** Commits or rolls back transaction `tx`, answered once it has ended. */
  | { readonly type: 'end'; readonly tx: number; readonly commit: boolean }
  /** One read-only statement through `createPgliteClient`, values in their text form (the sample datasets). */
  | {
    readonly type: 'read'; readonly text: string; readonly params: readonly unknown[]; readonly timeoutMs: number;
    /** The schema unqualified table names resolve to; absent: `public`. */
    readonly schema?: string;
  };

export type ThreadRequest = (ThreadCall & { readonly id: number }) | { readonly type: 'close' };

/** A failed call: PGlite's message and SQLSTATE, or for `read` a QuerentError's code, detail and extensions. */
export interface ThreadFailure {
  readonly message: string;
  readonly code?: string;
  readonly extensions?: Record<string, unknown>;
}

export type ThreadReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'done'; readonly id: number; readonly value: unknown }
  | { readonly type: 'error'; readonly id: number; readonly failure: ThreadFailure };
