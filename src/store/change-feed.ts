import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Changes other parts of the service must see at once (cache invalidation). */
export type StoreChange =
  | { readonly type: 'key_revoked'; readonly keyId: string }
  | { readonly type: 'prompts_changed'; readonly workspaceId: string }
  | { readonly type: 'catalog_stale'; readonly connectionId: number };

export interface ChangeFeed {
  publish(change: StoreChange): Promise<void>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'querent_changes';

/** In-process only: enough for the embedded store, which one process opens at a time. */
export function createLocalChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  return {
    async publish(change) { emitter.emit('change', change); },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    async close() { emitter.removeAllListeners(); },
  };
}

/**
 * Across processes sharing a PostgreSQL store (a CLI beside a server): LISTEN/NOTIFY carries each
 * change to every process, including the one that published it.
 */
export async function createPostgresChangeFeed(url: string): Promise<ChangeFeed> {
  const emitter = new EventEmitter();
  const listener = new pg.Client({ connectionString: url });
  listener.on('error', () => undefined);
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      emitter.emit('change', JSON.parse(message.payload) as StoreChange);
    } catch {
      // Not ours: ignore.
    }
  });
  return {
    async publish(change) {
      await listener.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
    },
    subscribe(callback) {
      emitter.on('change', callback);
      return () => emitter.off('change', callback);
    },
    async close() {
      emitter.removeAllListeners();
      await listener.end().catch(() => undefined);
    },
  };
}
