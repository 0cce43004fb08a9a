import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Queryable } from './database.ts';

/** Changes other parts of the service must see at once (cache invalidation, waiting for runs). */
export type StoreChange =
  | { readonly type: 'key_revoked'; readonly keyId: string }
  | { readonly type: 'prompts_changed'; readonly workspaceId: string }
  | { readonly type: 'catalog_stale'; readonly connectionId: number }
  /** Every process closes what it holds open for the connection and forgets what it knew of it. */
  | { readonly type: 'connection_removed'; readonly connectionId: number }
  | { readonly type: 'run_ended'; readonly runId: string; readonly workspaceId: string }
  /** The feed was cut off and is back: changes may have been missed, so re-read what is cached. */
  | { readonly type: 'resync' };

export interface ChangeFeed {
  publish(change: StoreChange): Promise<void>;
  /**
   * Publishes `change` as part of the transaction `tx`, delivered when it commits and never if it
   * rolls back. Absent on feeds that cannot join a transaction: call `publish` after the commit.
   */
  readonly publishInTransaction?: (tx: Queryable, change: StoreChange) => Promise<void>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'querent_changes';
/** Waits between attempts to listen again after the listening connection was lost. */
const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

function subscriptions(emitter: EventEmitter): Pick<ChangeFeed, 'subscribe'> {
  emitter.setMaxListeners(0);
  return {
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
}

/** In-process only: enough for the embedded store, which one process opens at a time. */
export function createLocalChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  return {
    ...subscriptions(emitter),
    async publish(change) { emitter.emit('change', change); },
    async close() { emitter.removeAllListeners(); },
  };
}

/**
 * Across processes sharing a PostgreSQL store (API processes, workers, a CLI): LISTEN/NOTIFY
 * carries each change to every process, including the one that published it. When the listening
 * connection drops, it listens again and announces a `resync`.
 */
export async function createPostgresChangeFeed(url: string): Promise<ChangeFeed> {
  const emitter = new EventEmitter();
  let closed = false;
  let listener = await listen();
  /** Publications go out one at a time on the listening connection (a pg client runs one query at once). */
  let publishing: Promise<unknown> = Promise.resolve();

  async function listen(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        emitter.emit('change', JSON.parse(message.payload) as StoreChange);
      } catch {
        // Not ours: ignore.
      }
    });
    client.once('end', () => void reconnect());
    return client;
  }

  async function reconnect(): Promise<void> {
    for (let attempt = 0; !closed; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]));
      if (closed) return;
      try {
        listener = await listen();
        emitter.emit('change', { type: 'resync' } satisfies StoreChange);
        return;
      } catch {
        // The server is still away: try again.
      }
    }
  }

  return {
    ...subscriptions(emitter),
    publish(change) {
      const sent = publishing.then(() => listener.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]));
      publishing = sent.catch(() => undefined);
      return sent.then(() => undefined);
    },
    async publishInTransaction(tx, change) {
      await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await listener.end().catch(() => undefined);
    },
  };
}
