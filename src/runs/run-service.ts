import crypto from 'node:crypto';
import type { Database } from '../store/database.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import type { ConnectionService } from '../services/connection-service.ts';
import type { Logger } from '../core/logger.ts';
import type { AnswerFormat } from '../render/answer.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import { newRunId } from '../core/ids.ts';
import { isFinished } from '../store/run-states.ts';
import { RunExecutor, type QueuedRun } from './run-executor.ts';
import { answerQuestion, type AnswerDependencies } from './answer-question.ts';
import { chargeRun, readBalance } from '../store/ledger-repository.ts';
import {
  countUnfinishedRuns, findRun, findRunByIdempotencyKey, insertRun, listUnfinishedRuns, markComplete, markFailed,
  markRunning, type RunRecord,
} from '../store/runs-repository.ts';

export interface AskInput {
  readonly workspaceId: string;
  readonly keyId: string | null;
  readonly connectionId: number;
  readonly prompt: string;
  readonly format: AnswerFormat;
  readonly idempotencyKey?: string;
}

export interface RunService {
  /** Creates a run (or finds the idempotent twin) and waits up to `waitMs` for it to end. */
  ask(input: AskInput, waitMs: number, signal?: AbortSignal): Promise<RunRecord>;
  /** A run of this workspace, after waiting up to `waitMs` for it to end. */
  get(workspaceId: string, runId: string, waitMs: number, signal?: AbortSignal): Promise<RunRecord>;
  /** Picks up runs a previous process left queued or running. */
  resumeUnfinished(): Promise<{ resumed: number; failed: number }>;
  close(): Promise<void>;
}

/** A run interrupted this many times (process killed mid-run) is failed instead of retried. */
const MAX_ATTEMPTS = 3;
/** How often a waiter re-reads a run that another process is executing. */
const POLL_MS = 500;

export function createRunService(options: {
  db: Database;
  changes: ChangeFeed;
  connections: ConnectionService;
  answer: AnswerDependencies;
  concurrency: number;
  perWorkspace: number;
  logger: Logger;
}): RunService {
  const { db, connections, logger } = options;

  async function process(run: QueuedRun, signal: AbortSignal): Promise<void> {
    const record = await markRunning(db, run.id);
    if (!record) return;
    try {
      const connection = await connections.find(record.workspaceId, record.connectionId);
      const output = await answerQuestion(options.answer, connection, record.prompt, signal);
      await db.transaction(async (tx) => {
        if (await markComplete(tx, run.id, output)) await chargeRun(tx, run.workspaceId, run.id);
      });
      await options.changes.publish({ type: 'prompts_changed', workspaceId: run.workspaceId });
    } catch (error) {
      if (signal.aborted) return; // Stopping: the run stays running and is resumed at next start.
      const known = isQuerentError(error);
      if (!known) logger.error({ err: error, runId: run.id }, 'run failed unexpectedly');
      await markFailed(db, run.id, {
        code: known ? error.code : 'internal_error',
        message: known ? error.detail : 'The question could not be answered because of an internal error.',
        ...(known && Array.isArray(error.extensions.suggestions) ? { suggestions: error.extensions.suggestions as string[] } : {}),
      });
    }
  }

  const executor = new RunExecutor({
    concurrency: options.concurrency, perWorkspace: options.perWorkspace, process, logger,
  });

  async function waitForEnd(run: RunRecord, waitMs: number, signal?: AbortSignal): Promise<RunRecord> {
    const deadline = Date.now() + waitMs;
    let current = run;
    while (!isFinished(current.status) && Date.now() < deadline && !signal?.aborted) {
      // A run this process executes announces its end; only one executed elsewhere is polled.
      const slice = executor.isTracking(run.id) ? deadline - Date.now() : Math.min(POLL_MS, deadline - Date.now());
      await executor.waitForEnd(run.id, slice, signal);
      current = (await findRun(db, run.workspaceId, run.id)) ?? current;
    }
    return current;
  }

  async function createRun(input: AskInput, requestSha256: string): Promise<RunRecord> {
    return db.transaction(async (tx) => {
      // Serialises reservations per workspace, so concurrent chats cannot overspend.
      await tx.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [input.workspaceId]);
      const { remaining } = await readBalance(tx, input.workspaceId);
      const reserved = await countUnfinishedRuns(tx, input.workspaceId);
      if (remaining - reserved < 1) {
        throw new QuerentError('insufficient_prompts',
          `This workspace has ${remaining} prompt(s) left and ${reserved} reserved by unfinished runs; an answer costs 1.`);
      }
      return insertRun(tx, {
        id: newRunId(), workspaceId: input.workspaceId, connectionId: input.connectionId, keyId: input.keyId,
        prompt: input.prompt, format: input.format, idempotencyKey: input.idempotencyKey, requestSha256,
      });
    });
  }

  async function findOrCreate(input: AskInput): Promise<RunRecord> {
    const requestSha256 = crypto.createHash('sha256')
      .update(JSON.stringify([input.connectionId, input.prompt, input.format])).digest('hex');
    if (input.idempotencyKey) {
      const existing = await findRunByIdempotencyKey(db, input.workspaceId, input.idempotencyKey);
      if (existing) return sameRequestOrThrow(existing, requestSha256);
    }
    try {
      return await createRun(input, requestSha256);
    } catch (error) {
      // A concurrent retry with the same Idempotency-Key won the insert.
      const existing = input.idempotencyKey && (await findRunByIdempotencyKey(db, input.workspaceId, input.idempotencyKey));
      if (existing) return sameRequestOrThrow(existing, requestSha256);
      throw error;
    }
  }

  return {
    async ask(input, waitMs, signal) {
      await connections.find(input.workspaceId, input.connectionId);
      const run = await findOrCreate(input);
      if (!isFinished(run.status)) executor.submit({ id: run.id, workspaceId: run.workspaceId });
      return waitForEnd(run, waitMs, signal);
    },
    async get(workspaceId, runId, waitMs, signal) {
      const run = await findRun(db, workspaceId, runId);
      if (!run) throw new QuerentError('run_not_found', `No run "${runId}" in this workspace.`);
      return waitMs > 0 ? waitForEnd(run, waitMs, signal) : run;
    },
    async resumeUnfinished() {
      let resumed = 0;
      let failed = 0;
      for (const run of await listUnfinishedRuns(db)) {
        if (run.attempts >= MAX_ATTEMPTS) {
          await markFailed(db, run.id, {
            code: 'run_interrupted',
            message: `The service stopped ${run.attempts} times while this run was in progress; it was not charged.`,
          });
          failed += 1;
        } else {
          executor.submit({ id: run.id, workspaceId: run.workspaceId });
          resumed += 1;
        }
      }
      return { resumed, failed };
    },
    close: () => executor.close(),
  };
}

function sameRequestOrThrow(run: RunRecord, requestSha256: string): RunRecord {
  if (run.requestSha256 !== requestSha256) {
    throw new QuerentError('invalid_request',
      'This Idempotency-Key was already used with a different request; use a new key for a new question.');
  }
  return run;
}

