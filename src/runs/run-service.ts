import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../store/database.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import type { ConnectionService } from '../services/connection-service.ts';
import type { Logger } from '../core/logger.ts';
import type { Format } from '../render/answer.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import { assertStorableText } from '../core/storable-text.ts';
import { isRunIdShaped, newRunId } from '../core/ids.ts';
import { isFinished } from '../store/run-states.ts';
import type { QueuedRun, RunQueue } from './run-queue.ts';
import { MAX_ATTEMPTS } from './run-attempts.ts';
import { answerQuestion, type AnswerDependencies, type AnswerTimings } from './answer-question.ts';
import type { PreviousQuestion } from '../engine/question-engine.ts';
import type { RunOutput } from './run-output.ts';
import { chargeRun, readBalance } from '../store/ledger-repository.ts';
import {
  countAllUnfinishedRuns, countUnfinishedRuns, findRun, findRunByIdempotencyKey, insertRun, listUnfinishedRuns, markComplete, markFailed,
  markRunning, type RunError, type RunRecord,
} from '../store/runs-repository.ts';

export interface AskInput {
  readonly workspaceId: string;
  readonly keyId: string | null;
  readonly connectionId: number;
  readonly prompt: string;
  readonly format: Format;
  readonly idempotencyKey?: string;
  /**
   * A follow-up: a complete run of the same workspace and connection whose reading this question
   * refines ("and last year?"). The engine gets that run's question and logical query.
   */
  readonly previousRunId?: string;
}

export interface RunEndedEvent {
  readonly runId: string;
  readonly workspaceId: string;
  /** `handed_back`: this process stopped before the run ended; another (or the next) takes it up. */
  readonly outcome: 'complete' | 'declined' | 'failed' | 'handed_back';
  /** From taking the run to its end in this process, ms. */
  readonly durationMs: number;
  /** The kind of the run's connection; absent when the connection could not be read. */
  readonly connectionKind?: string;
  /** Time spent planning and querying, ms (absent for a stage not reached). */
  readonly planningMs?: number;
  readonly queryMs?: number;
  /** Prompts charged by this end: 1 when this process recorded the answer, else 0. */
  readonly promptsCharged: number;
}

/** What the executing side of this process observes: a run ended here. */
export type RunEvents = EventEmitter<{ ended: [RunEndedEvent] }>;

export interface RunService {
  /** Creates a run (or finds the idempotent twin) and waits up to `waitMs` for it to end. */
  ask(input: AskInput, waitMs: number, signal?: AbortSignal): Promise<RunRecord>;
  /** A run of this workspace, after waiting up to `waitMs` for it to end. */
  get(workspaceId: string, runId: string, waitMs: number, signal?: AbortSignal): Promise<RunRecord>;
  /**
   * Starts executing queued runs in this process (roles `all` and `worker`). With the in-process
   * queue, first picks up the runs a previous process left queued or running (`resumed`).
   */
  startWorking(): Promise<{ resumed: number }>;
  readonly events: RunEvents;
  /** Runs queued or running, in all workspaces (the depth of the queue). */
  countUnfinished(): Promise<number>;
  /**
   * Stops executing: running runs get `graceMs` to finish, then are handed back; callers still
   * waiting then get their run as it stands.
   */
  close(graceMs?: number): Promise<void>;
}

export function createRunService(options: {
  db: Database;
  changes: ChangeFeed;
  connections: ConnectionService;
  answer: AnswerDependencies;
  queue: RunQueue;
  logger: Logger;
  /** The longest prompt taken, in characters. */
  promptMaxChars: number;
}): RunService {
  const { db, changes, connections, queue, logger, promptMaxChars } = options;
  const events: RunEvents = new EventEmitter();
  const endWaiters = new Map<string, Set<() => void>>();
  let stopping = false;

  changes.subscribe((change) => {
    if (change.type === 'run_ended') for (const wake of endWaiters.get(change.runId) ?? []) wake();
    if (change.type === 'resync') for (const waiters of endWaiters.values()) for (const wake of waiters) wake();
  });

  /** Ends a run by `update` (a conditional write: once only), announcing it with the same commit. */
  async function endRun(run: QueuedRun, update: (tx: Queryable) => Promise<boolean>): Promise<boolean> {
    const change = { type: 'run_ended', runId: run.id, workspaceId: run.workspaceId } as const;
    const ended = await db.transaction(async (tx) => {
      if (!(await update(tx))) return false;
      await changes.publishInTransaction?.(tx, change);
      return true;
    });
    if (ended && !changes.publishInTransaction) await changes.publish(change);
    return ended;
  }

  /** Ends an unfinished run as cancelled (uncharged) and stops executing it here; the run as it ends up. */
  async function cancel(run: RunRecord): Promise<RunRecord> {
    const cancelled = await fail(run, {
      code: 'run_cancelled',
      message: 'The client disconnected before the answer was ready; the run was cancelled and not charged.',
    });
    if (cancelled) queue.cancel(run.id);
    return (await findRun(db, run.workspaceId, run.id)) ?? run;
  }

  function fail(run: QueuedRun, error: RunError): Promise<boolean> {
    return endRun(run, async (tx) => (await markFailed(tx, run.id, error)) !== undefined);
  }

  async function process(run: QueuedRun, signal: AbortSignal): Promise<void> {
    const record = await markRunning(db, run.id);
    if (!record) return;
    const startedAt = performance.now();
    const timings: AnswerTimings = {};
    let connectionKind: string | undefined;
    const ended = (outcome: RunEndedEvent['outcome'], promptsCharged = 0): void => {
      const event: RunEndedEvent = {
        runId: run.id, workspaceId: run.workspaceId, outcome, durationMs: performance.now() - startedAt, promptsCharged,
        ...(connectionKind === undefined ? {} : { connectionKind }), ...timings,
      };
      // One line per run; the prompt is the caller's data and stays out of the logs.
      logger.info({
        runId: event.runId, workspaceId: event.workspaceId, connectionKind: event.connectionKind ?? null, outcome,
        durationMs: round(event.durationMs), planningMs: round(event.planningMs), queryMs: round(event.queryMs),
      }, 'run ended');
      events.emit('ended', event);
    };
    if (record.attempts > MAX_ATTEMPTS) {
      await fail(run, interrupted(record.attempts - 1));
      return ended('failed');
    }
    try {
      const connection = await connections.find(record.workspaceId, record.connectionId);
      connectionKind = connection.kind;
      const previous = record.previousRunId ? await previousQuestion(record.workspaceId, record.previousRunId) : undefined;
      const output = await answerQuestion(options.answer, connection, { question: record.prompt, previous }, signal, timings);
      const completed = await endRun(run, async (tx) => {
        if (!(await markComplete(tx, run.id, output))) return false;
        await chargeRun(tx, run.workspaceId, run.id);
        return true;
      });
      if (completed) await changes.publish({ type: 'prompts_changed', workspaceId: run.workspaceId });
      ended('complete', completed ? 1 : 0);
    } catch (error) {
      // Stopping: the run stays running and is taken up again (another worker, or the next start).
      if (signal.aborted) return ended('handed_back');
      const known = isQuerentError(error);
      if (!known) logger.error({ err: error, runId: run.id }, 'run failed unexpectedly');
      await fail(run, {
        code: known ? error.code : 'internal_error',
        message: known ? error.detail : 'The question could not be answered because of an internal error.',
        ...(known && typeof error.extensions.reason === 'string' ? { reason: error.extensions.reason } : {}),
        ...(known && Array.isArray(error.extensions.suggestions) ? { suggestions: error.extensions.suggestions as string[] } : {}),
      });
      ended(known && error.code === 'question_not_understood' ? 'declined' : 'failed');
    }
  }

  /** The question and logical query of the run a follow-up refines (checked complete when the follow-up was asked). */
  async function previousQuestion(workspaceId: string, runId: string): Promise<PreviousQuestion> {
    const previous = await findRun(db, workspaceId, runId);
    const output = previous?.status === 'complete' ? (previous.output as RunOutput | null) : null;
    if (!previous || !output) throw new QuerentError('run_not_found', `No complete run "${runId}" in this workspace to follow up.`);
    return { question: previous.prompt, query: output.query };
  }

  /** Resolves when the run is announced ended (or the feed resyncs), `ms` pass or `signal` aborts. */
  function announced(runId: string, ms: number, signal?: AbortSignal): { promise: Promise<void>; cancel(): void } {
    let cancel = (): void => undefined;
    const promise = new Promise<void>((resolve) => {
      const waiters = endWaiters.get(runId) ?? new Set();
      endWaiters.set(runId, waiters);
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && endWaiters.get(runId) === waiters) endWaiters.delete(runId);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
      cancel = done;
    });
    return { promise, cancel };
  }

  /**
   * Waits on the change feed (LISTEN/NOTIFY across processes), reading the run only when told it
   * ended. `listening` is a listener put in place before the run could end (a new run's); without
   * one, the run is read again once the listener is in place, in case it ended just before.
   */
  async function waitForEnd(run: RunRecord, waitMs: number, signal?: AbortSignal, listening?: ReturnType<typeof announced>): Promise<RunRecord> {
    const deadline = Date.now() + waitMs;
    let current = run;
    let wake = listening;
    while (!isFinished(current.status) && Date.now() < deadline && !signal?.aborted && !stopping) {
      if (!wake) {
        wake = announced(run.id, deadline - Date.now(), signal);
        current = (await findRun(db, run.workspaceId, run.id)) ?? current;
        if (isFinished(current.status)) break;
      }
      await wake.promise;
      wake = undefined;
      current = (await findRun(db, run.workspaceId, run.id)) ?? current;
    }
    wake?.cancel();
    return current;
  }

  async function createRun(input: AskInput, requestSha256: string, id: string): Promise<RunRecord> {
    return db.transaction(async (tx) => {
      // Serialises reservations per workspace, so concurrent chats cannot overspend.
      await tx.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [input.workspaceId]);
      const { remaining } = await readBalance(tx, input.workspaceId);
      const reserved = await countUnfinishedRuns(tx, input.workspaceId);
      if (remaining - reserved < 1) {
        throw new QuerentError('insufficient_prompts',
          `This workspace has ${remaining} prompt(s) left and ${reserved} reserved by unfinished runs; an answer costs 1.`);
      }
      const run = await insertRun(tx, {
        id, workspaceId: input.workspaceId, connectionId: input.connectionId, keyId: input.keyId,
        prompt: input.prompt, format: input.format, idempotencyKey: input.idempotencyKey, requestSha256,
        previousRunId: input.previousRunId,
      });
      if (queue.durable) await queue.enqueue({ id: run.id, workspaceId: run.workspaceId }, tx);
      return run;
    });
  }

  /**
   * A follow-up refines a complete run of the same workspace and connection. Another workspace's or
   * another connection's run is "not found", like a run that does not exist.
   */
  async function assertFollowable(input: AskInput): Promise<void> {
    const runId = input.previousRunId!;
    const previous = isRunIdShaped(runId) ? await findRun(db, input.workspaceId, runId) : undefined;
    if (!previous || previous.connectionId !== input.connectionId) {
      throw new QuerentError('run_not_found', `No run "${runId}" on connection ${input.connectionId} in this workspace to follow up.`);
    }
    if (previous.status !== 'complete') {
      const state = previous.status === 'failed'
        ? (previous.error?.code === 'question_not_understood' ? 'was declined' : 'failed')
        : `is still ${previous.status}`;
      throw new QuerentError('invalid_request',
        `previousRunId: run "${runId}" ${state}; only a complete run (one with an answer) can be followed up.`, {
          extensions: { errors: [{ path: 'body.previousRunId', message: 'must name a complete run' }] },
        });
    }
  }

  /** The run for this request, and whether this call created it (only a new run is queued). */
  async function findOrCreate(input: AskInput, id: string): Promise<{ run: RunRecord; created: boolean }> {
    // The follow-up's earlier run is part of the request; absent, the digest is what it always was.
    const request = [input.connectionId, input.prompt, input.format, ...(input.previousRunId ? [input.previousRunId] : [])];
    const requestSha256 = crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex');
    if (input.idempotencyKey) {
      const existing = await findRunByIdempotencyKey(db, input.workspaceId, input.idempotencyKey);
      if (existing) return { run: sameRequestOrThrow(existing, requestSha256), created: false };
    }
    try {
      return { run: await createRun(input, requestSha256, id), created: true };
    } catch (error) {
      // A concurrent retry with the same Idempotency-Key won the insert.
      const existing = input.idempotencyKey && (await findRunByIdempotencyKey(db, input.workspaceId, input.idempotencyKey));
      if (existing) return { run: sameRequestOrThrow(existing, requestSha256), created: false };
      throw error;
    }
  }

  return {
    events,
    async ask(input, waitMs, signal) {
      // Checked here, so that every way in (HTTP, MCP, CLI) refuses the same prompts.
      if (input.prompt.length > promptMaxChars) throw new QuerentError('invalid_request', `The prompt is longer than ${promptMaxChars} characters.`);
      assertStorableText('body.prompt', input.prompt);
      await connections.find(input.workspaceId, input.connectionId);
      if (input.previousRunId !== undefined) await assertFollowable(input);
      // Listening before the run exists: a worker elsewhere may end it before it is read back.
      const id = newRunId();
      const listening = waitMs > 0 ? announced(id, waitMs, signal) : undefined;
      try {
        const { run, created } = await findOrCreate(input, id);
        if (created && !queue.durable) await queue.enqueue({ id: run.id, workspaceId: run.workspaceId });
        if (isFinished(run.status) || waitMs <= 0) return run;
        const current = await waitForEnd(run, waitMs, signal, created ? listening : undefined);
        // The caller went away before the answer and cannot find this run again (no Idempotency-Key
        // to replay it with): it is cancelled, so it is not charged.
        if (signal?.aborted && created && !input.idempotencyKey && !isFinished(current.status)) return await cancel(current);
        return current;
      } finally {
        listening?.cancel();
      }
    },
    async get(workspaceId, runId, waitMs, signal) {
      const run = isRunIdShaped(runId) ? await findRun(db, workspaceId, runId) : undefined;
      if (!run) throw new QuerentError('run_not_found', `No run "${runId}" in this workspace.`);
      return isFinished(run.status) || waitMs <= 0 ? run : waitForEnd(run, waitMs, signal);
    },
    countUnfinished: () => countAllUnfinishedRuns(db),
    async startWorking() {
      // Each is taken up as any queued run: one interrupted too often is failed there.
      const unfinished = queue.durable ? [] : await listUnfinishedRuns(db);
      for (const run of unfinished) await queue.enqueue({ id: run.id, workspaceId: run.workspaceId });
      await queue.work(process);
      return { resumed: unfinished.length };
    },
    async close(graceMs = 0) {
      await queue.close(graceMs);
      // Callers still waiting get the run as it stands (a chat answers 202): they can poll any API process.
      stopping = true;
      for (const waiters of endWaiters.values()) for (const wake of waiters) wake();
    },
  };
}

/** Milliseconds to a tenth, for log lines; null for a stage not reached. */
function round(ms: number | undefined): number | null {
  return ms === undefined ? null : Math.round(ms * 10) / 10;
}

function interrupted(times: number): RunError {
  return {
    code: 'run_interrupted',
    message: `The service stopped ${times} times while this run was in progress; it was not charged.`,
  };
}

function sameRequestOrThrow(run: RunRecord, requestSha256: string): RunRecord {
  if (run.requestSha256 !== requestSha256) {
    throw new QuerentError('invalid_request',
      'This Idempotency-Key was already used with a different request; use a new key for a new question.');
  }
  return run;
}

