/**
 * Runs as pg-boss jobs on the PostgreSQL store, so that any number of API processes can queue them
 * and any number of worker processes (on any machine) take them.
 *
 * - A job is written in the transaction that creates its run: no run without a job, no job without a run.
 * - Workers wake on pg-boss's NOTIFY when a job is queued (polling only as a backstop).
 * - A running job sends a heartbeat; a worker killed mid-run stops sending it, and pg-boss's
 *   monitor hands the job to another worker once `HEARTBEAT_SECONDS` pass without one.
 * - At most `perWorkspace` runs of one workspace execute at once in a worker (a pg-boss group).
 * Exactly-once ending and charging do not depend on pg-boss: a run ends by a conditional update of
 * its row, charged in the same transaction against the ledger's unique row per run.
 */
import { PgBoss } from 'pg-boss';
import type { Queryable } from '../store/database.ts';
import type { Logger } from '../core/logger.ts';
import type { ProcessRun, QueuedRun, RunQueue } from './run-queue.ts';
import { MAX_ATTEMPTS } from './run-attempts.ts';

const QUEUE = 'querent-runs';
/** pg-boss's smallest heartbeat: a killed worker's runs move on after about this long. */
const HEARTBEAT_SECONDS = 10;
/** How often the monitor looks for jobs whose heartbeat stopped (and expired ones). */
const MONITOR_SECONDS = 2;
/** How often an idle worker looks for jobs that no NOTIFY announced (retries). */
const POLL_SECONDS = 1;

export interface PgBossRunQueueOptions {
  readonly url: string;
  /** Runs executing at once in this process. */
  readonly concurrency: number;
  /** Runs of one workspace executing at once in this process. */
  readonly perWorkspace: number;
  readonly logger: Logger;
}

export async function createPgBossRunQueue(options: PgBossRunQueueOptions): Promise<RunQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    application_name: 'querent-runs',
    max: Math.max(4, options.concurrency + 2),
    useListenNotify: true,
    superviseIntervalSeconds: MONITOR_SECONDS,
    monitorIntervalSeconds: MONITOR_SECONDS,
    schedule: false,
  });
  boss.on('error', (error) => options.logger.warn({ err: error }, 'run queue error'));
  await boss.start();
  await boss.createQueue(QUEUE, {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    // One delivery more than a run may be attempted: that last one ends the run as interrupted.
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 0,
    // A run's own limits (query timeout, chat window) end it long before this.
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 24 * 3_600,
    notify: true,
  });

  const active = new Map<string, AbortController>();
  let settled: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  async function stop(graceMs: number): Promise<void> {
    await boss.offWork(QUEUE, { wait: false }).catch(() => undefined);
    if (active.size > 0) {
      const idle = new Promise<void>((resolve) => (settled = resolve));
      const timer = setTimeout(() => {
        for (const controller of active.values()) controller.abort(new Error('worker stopping'));
      }, graceMs);
      await idle;
      clearTimeout(timer);
    }
    // The handlers have returned; give pg-boss a moment to settle their jobs before it closes.
    await boss.stop({ graceful: true, close: true, timeout: 5_000 });
  }

  async function handle(run: QueuedRun, jobSignal: AbortSignal, process: ProcessRun): Promise<void> {
    const controller = new AbortController();
    active.set(run.id, controller);
    try {
      await process(run, AbortSignal.any([controller.signal, jobSignal]));
      // Aborted (stopping, or pg-boss gave the job up): failing the job hands it to another worker.
      if (controller.signal.aborted || jobSignal.aborted) throw new Error(`run ${run.id} handed back`);
    } finally {
      active.delete(run.id);
      if (active.size === 0) settled?.();
    }
  }

  return {
    durable: true,
    async enqueue(run, tx) {
      await boss.send(QUEUE, { id: run.id, workspaceId: run.workspaceId }, {
        group: { id: run.workspaceId },
        ...(tx ? { db: jobDatabase(tx) } : {}),
      });
    },
    async work(process) {
      await boss.work<QueuedRun>(QUEUE, {
        localConcurrency: options.concurrency,
        localGroupConcurrency: options.perWorkspace,
        // NOTIFY wakes workers for new jobs; jobs handed back or retried are found by this poll.
        pollingIntervalSeconds: POLL_SECONDS,
        notifyPollingIntervalSeconds: POLL_SECONDS,
      }, async ([job]) => handle(job!.data, job!.signal, process));
    },
    // Aborting here would fail the job and have pg-boss retry it; left alone, the run ends, finds
    // itself cancelled in the store (markComplete changes nothing) and is not charged.
    cancel: () => undefined,
    close: (graceMs) => (closing ??= stop(graceMs)),
  };
}

/** pg-boss's database interface over one of our transactions, so a job commits with its run. */
function jobDatabase(tx: Queryable) {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values ?? []) }) };
}
