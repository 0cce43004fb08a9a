import type { Queryable } from '../store/database.ts';
import type { Logger } from '../core/logger.ts';
import { RunExecutor, type QueuedRun } from './run-executor.ts';

export type { QueuedRun } from './run-executor.ts';

/** Does the work of one run and records its outcome; must not throw for run failures. */
export type ProcessRun = (run: QueuedRun, signal: AbortSignal) => Promise<void>;

/**
 * Where runs wait for a process to execute them: in this process (the embedded store), or as
 * pg-boss jobs in PostgreSQL, taken by any worker process.
 */
export interface RunQueue {
  /**
   * True when queued runs outlive the process (pg-boss jobs): nothing is left to resume at start.
   * False for the in-process queue: runs left queued or running in the store are resumed by the
   * next process that starts working.
   */
  readonly durable: boolean;
  /**
   * Hands a new run to the queue. With `tx`, a durable queue writes the job in that transaction,
   * so the run and its job commit (or vanish) together.
   */
  enqueue(run: QueuedRun, tx?: Queryable): Promise<void>;
  /**
   * Stops executing a run that has been ended in the store (cancelled), if this process holds it;
   * a run executing elsewhere finds, when it ends, that it ended already, and charges nothing.
   */
  cancel(runId: string): void;
  /** Starts executing queued runs in this process. */
  work(process: ProcessRun): Promise<void>;
  /**
   * Stops taking runs, gives the running ones `graceMs` to finish, then aborts the rest and hands
   * them back (another worker, or the next start, takes them up again); resolves once none runs.
   */
  close(graceMs: number): Promise<void>;
}

/** The embedded default: a bounded in-process queue (RunExecutor); runs are durable in the store. */
export function createLocalRunQueue(options: { concurrency: number; perWorkspace: number; logger: Logger }): RunQueue {
  let handler: ProcessRun | undefined;
  let closing: Promise<void> | undefined;
  const early: QueuedRun[] = [];
  const executor = new RunExecutor({
    concurrency: options.concurrency,
    perWorkspace: options.perWorkspace,
    logger: options.logger,
    process: (run, signal) => handler!(run, signal),
  });
  return {
    durable: false,
    async enqueue(run) {
      if (handler) executor.submit(run);
      else early.push(run);
    },
    async work(process) {
      handler = process;
      for (const run of early.splice(0)) executor.submit(run);
    },
    cancel: (runId) => executor.cancel(runId),
    close: (graceMs) => (closing ??= executor.close(graceMs)),
  };
}
