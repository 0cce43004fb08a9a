/** Messages between `pglite-database.ts` and the store's worker thread. */
import type { WasmModule } from '../connectors/postgres/pglite-thread-protocol.ts';

export interface StoreThreadData {
  readonly dataDir: string;
  readonly settings: readonly string[];
  readonly wasmModule: WasmModule;
}

export type StoreRequest =
  | { readonly type: 'query'; readonly id: number; readonly tx?: number; readonly text: string; readonly params: readonly unknown[] }
  /** Opens transaction `id`; answered `done` with `id` when open, and with `-id` when it has ended. */
  | { readonly type: 'begin'; readonly id: number }
  | { readonly type: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly type: 'close' };

export type StoreReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'rows'; readonly id: number; readonly rows: unknown[] }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string; readonly code?: string };
