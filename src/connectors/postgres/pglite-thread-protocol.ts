/** Messages between `pglite-thread.ts` and the worker thread it starts. */
import type { PGliteOptions } from '@electric-sql/pglite';
import type { ErrorCode } from '../../core/errors.ts';
import type { PostgresRawResult } from './postgres-client.ts';

/** A compiled `WebAssembly.Module` (the project's TypeScript libs leave out the DOM's WebAssembly types). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export interface PgliteThreadData {
  /** The PGlite data directory on disk. */
  readonly dataDir: string;
  /** Server settings (`name=value`) on top of PGlite's defaults, e.g. `shared_buffers=16MB`. */
  readonly settings: readonly string[];
  /** PGlite's WebAssembly, compiled once and shared by every thread (it is several MB of code). */
  readonly wasmModule?: WasmModule;
  readonly timeZone?: string;
}

export type ThreadRequest =
  | {
    readonly type: 'query'; readonly id: number; readonly text: string; readonly params: readonly unknown[]; readonly timeoutMs: number;
    /** The schema unqualified table names resolve to; absent: `public`. */
    readonly schema?: string;
  }
  | { readonly type: 'close' };

export type ThreadReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'result'; readonly id: number; readonly result: PostgresRawResult }
  | {
    readonly type: 'error'; readonly id: number;
    readonly error: { readonly code: ErrorCode; readonly detail: string; readonly extensions?: Record<string, unknown> };
  };
