/**
 * Read-only PostgresClients on a PGlite thread (`pglite-thread.ts`): one client per schema that
 * unqualified names resolve to, all on the same database and thread.
 *
 * The thread (with its WebAssembly memory) is stopped after `idleMs` without statements and
 * started again by the next one. A statement that outlives its timeout is stopped by ending the
 * thread, which PGlite itself cannot do (it has no timer signals).
 */
import { QuerentError, type ErrorCode } from '../../core/errors.ts';
import { abortReason, DEFAULT_TIMEOUT_MS, type PostgresClient, type PostgresQueryOptions, type PostgresRawResult } from './postgres-client.ts';
import { timedOut } from './postgres-errors.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

export interface PgliteReadThreadOptions {
  /** An existing PGlite data directory. */
  readonly dataDir: string;
  /** Stop the thread after this many ms without a statement. Default 5 minutes; 0 keeps it running. */
  readonly idleMs?: number;
  /** Server settings on top of PGlite's defaults. Default `LEAN_SETTINGS`. */
  readonly settings?: readonly string[];
  readonly timeZone?: string;
}

export interface PgliteReadThread {
  /**
   * A client whose statements resolve unqualified table names in `schema` (default `public`).
   * Closing it leaves the thread running: the thread belongs to whoever closes it.
   */
  client(schema?: string): PostgresClient;
  /** Whether the thread is running now (it stops when idle and on a timeout). */
  readonly running: boolean;
  close(): Promise<void>;
}

const DEFAULT_IDLE_MS = 5 * 60_000;
/** How long past its own timeout a statement may run before the thread is ended. */
const GRACE_MS = 1_000;
/** How long a thread asked to stop may take before it is ended. */
const STOP_TIMEOUT_MS = 5_000;

export function createPgliteReadThread(options: PgliteReadThreadOptions): PgliteReadThread {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let thread: PgliteThread | undefined;
  let starting: Promise<PgliteThread> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  /** The exit of a thread being stopped: a new one waits for it, so two never open the directory. */
  let stopping: Promise<void> = Promise.resolve();
  let closed = false;

  async function start(): Promise<PgliteThread> {
    await stopping;
    const started = await startPgliteThread({
      dataDir: options.dataDir,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      failure: (failure) => new QuerentError(failure.code as ErrorCode, failure.message, { extensions: failure.extensions ?? {} }),
      stopped: () => new QuerentError('connection_unavailable', 'The sample database stopped while answering; ask again.'),
    });
    thread = started;
    void started.exited.then(() => forget(started));
    return started;
  }

  function forget(ended: PgliteThread): void {
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
    stopping = current.stop(STOP_TIMEOUT_MS);
    await stopping;
  }

  /** The running thread, started (and waited for) by the first caller; a failed start is not kept. */
  function running(): Promise<PgliteThread> {
    if (closed) return Promise.reject(new QuerentError('connection_unavailable', 'The sample database is closed.'));
    clearTimeout(idleTimer);
    starting ??= start().then(async (started) => {
      try {
        await started.ready;
        return started;
      } catch (error) {
        void started.terminate();
        throw new QuerentError('connection_unavailable', 'The sample database could not be opened.', { cause: error });
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
    const reply = current.call<PostgresRawResult>({ type: 'read', text, params: [...params], timeoutMs, ...(schema === undefined ? {} : { schema }) });
    void reply.catch(() => undefined).then(() => {
      if (thread === current && current.waiting === 0) armIdleTimer();
    });
    return new Promise<PostgresRawResult>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        finish();
        reject(abortReason(signal!));
      };
      // The statement runs on; ending the thread is the only way to stop it.
      const timer = setTimeout(() => {
        finish();
        reject(timedOut(undefined, { timeoutMs }));
        forget(current);
        stopping = current.terminate().catch(() => undefined);
      }, timeoutMs + GRACE_MS);
      signal?.addEventListener('abort', onAbort, { once: true });
      reply.then((result) => {
        finish();
        resolve(result);
      }, (error: unknown) => {
        finish();
        reject(error);
      });
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
