import type { Logger } from '../core/logger.ts';

export interface QueuedRun {
  readonly id: string;
  readonly workspaceId: string;
}

export interface RunExecutorOptions {
  /** Runs executing at once in this process. */
  readonly concurrency: number;
  /** Runs executing at once for one workspace; the rest wait in order. */
  readonly perWorkspace: number;
  /** Does the work of one run and records its outcome; must not throw for run failures. */
  readonly process: (run: QueuedRun, signal: AbortSignal) => Promise<void>;
  readonly logger: Logger;
}

/**
 * A bounded in-process queue. Runs are durable in the store; this only decides when each
 * starts.
 */
export class RunExecutor {
  readonly #options: RunExecutorOptions;
  readonly #waiting: QueuedRun[] = [];
  readonly #active = new Map<string, AbortController>();
  readonly #activePerWorkspace = new Map<string, number>();
  #closed = false;
  #idle: (() => void) | undefined;

  constructor(options: RunExecutorOptions) {
    this.#options = options;
  }

  submit(run: QueuedRun): void {
    if (this.#closed || this.#active.has(run.id) || this.#waiting.some((queued) => queued.id === run.id)) return;
    this.#waiting.push(run);
    this.#pump();
  }

  /** Drops the run from the queue, or aborts it if it is running here; its outcome is recorded elsewhere. */
  cancel(runId: string): void {
    const index = this.#waiting.findIndex((run) => run.id === runId);
    if (index >= 0) this.#waiting.splice(index, 1);
    this.#active.get(runId)?.abort(new Error('run cancelled'));
  }

  /**
   * Stops taking runs, gives those in progress `graceMs` to finish, aborts the rest and waits for
   * them to wind down. Queued and aborted runs stay unfinished in the store for the next start.
   */
  async close(graceMs = 0): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    if (this.#active.size === 0) return;
    const idle = new Promise<void>((resolve) => (this.#idle = resolve));
    const timer = setTimeout(() => {
      for (const controller of this.#active.values()) controller.abort(new Error('service stopping'));
    }, graceMs);
    await idle;
    clearTimeout(timer);
  }

  #pump(): void {
    while (this.#active.size < this.#options.concurrency) {
      const index = this.#waiting.findIndex(
        (run) => (this.#activePerWorkspace.get(run.workspaceId) ?? 0) < this.#options.perWorkspace);
      if (index < 0) return;
      const [run] = this.#waiting.splice(index, 1);
      void this.#start(run!);
    }
  }

  async #start(run: QueuedRun): Promise<void> {
    const controller = new AbortController();
    this.#active.set(run.id, controller);
    this.#activePerWorkspace.set(run.workspaceId, (this.#activePerWorkspace.get(run.workspaceId) ?? 0) + 1);
    try {
      await this.#options.process(run, controller.signal);
    } catch (error) {
      this.#options.logger.error({ err: error, runId: run.id }, 'run processing failed');
    } finally {
      this.#active.delete(run.id);
      const left = (this.#activePerWorkspace.get(run.workspaceId) ?? 1) - 1;
      if (left > 0) this.#activePerWorkspace.set(run.workspaceId, left);
      else this.#activePerWorkspace.delete(run.workspaceId);
      if (this.#closed && this.#active.size === 0) this.#idle?.();
      if (!this.#closed) this.#pump();
    }
  }
}
