/**
 * Runs a previous process left running are taken up again at start, unless they were interrupted
 * MAX_ATTEMPTS times already: those end failed (`run_interrupted`, not charged) without reaching
 * the engine, so that a question that brings its process down cannot do so forever.
 */
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRunId, newWorkspaceId } from '../../src/core/ids.ts';
import type { QuestionEngine } from '../../src/engine/question-engine.ts';
import { MAX_ATTEMPTS } from '../../src/runs/run-attempts.ts';
import { createLocalRunQueue } from '../../src/runs/run-queue.ts';
import { createRunService, type RunService } from '../../src/runs/run-service.ts';
import { createLocalChangeFeed } from '../../src/store/change-feed.ts';
import { insertConnection, type ConnectionRecord } from '../../src/store/connections-repository.ts';
import type { Database } from '../../src/store/database.ts';
import { addLedgerEntry, readBalance } from '../../src/store/ledger-repository.ts';
import { migrate } from '../../src/store/migrations.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { insertRun } from '../../src/store/runs-repository.ts';
import { insertWorkspace } from '../../src/store/workspaces-repository.ts';
import { tempDir } from '../support/paths.ts';
import { oneConnectionService, oneRowRegistry } from '../support/run-service-fakes.ts';

describe('run service: runs left running by a killed process', () => {
  const dir = tempDir('run-attempts');
  const asked: string[] = [];
  let db: Database;
  let runs: RunService;
  let workspaceId: string;
  let connection: ConnectionRecord;

  const engine: QuestionEngine = {
    name: 'fake',
    async plan(question) {
      asked.push(question);
      return {
        ok: true, interpretation: question, assumptions: [], conditions: [], confidence: 1,
        query: { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], limit: 1 },
      };
    },
  };
  const registry = oneRowRegistry();
  const connections = oneConnectionService(() => connection);

  /** A run as a process leaves it when killed mid-run for the `attempts`-th time. */
  async function interruptedRun(prompt: string, attempts: number): Promise<string> {
    const run = await insertRun(db, { id: newRunId(), workspaceId, connectionId: connection.id, keyId: null, prompt, format: 'json' });
    await db.query(`UPDATE runs SET status = 'running', attempts = $2 WHERE id = $1`, [run.id, attempts]);
    return run.id;
  }

  beforeAll(async () => {
    db = await openPgliteDatabase(dir);
    await migrate(db);
    workspaceId = (await insertWorkspace(db, newWorkspaceId(), 'Restarts')).id;
    await addLedgerEntry(db, { workspaceId, amount: 10, reason: 'trial' });
    connection = await insertConnection(db, { workspaceId, name: 'warehouse', kind: 'postgresql', description: '' });
  });
  afterAll(async () => {
    await runs?.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails a run interrupted MAX_ATTEMPTS times, uncharged and unasked, and answers one interrupted fewer times', async () => {
    const givenUp = await interruptedRun('given up', MAX_ATTEMPTS);
    const resumed = await interruptedRun('resumed', MAX_ATTEMPTS - 1);
    const logger = pino({ level: 'silent' });
    runs = createRunService({
      db, changes: createLocalChangeFeed(), connections, logger, promptMaxChars: 2_000,
      queue: createLocalRunQueue({ concurrency: 2, perWorkspace: 2, logger }),
      answer: { engine, registry, queryTimeoutMs: 5_000, maxRows: 100 },
    });
    expect(await runs.startWorking()).toEqual({ resumed: 2 });

    expect(await runs.get(workspaceId, givenUp, 10_000)).toMatchObject({
      status: 'failed', error: { code: 'run_interrupted', message: `The service stopped ${MAX_ATTEMPTS} times while this run was in progress; it was not charged.` },
    });
    expect((await runs.get(workspaceId, resumed, 10_000)).status).toBe('complete');
    expect(asked).toEqual(['resumed']);
    expect(await readBalance(db, workspaceId)).toEqual({ remaining: 9, used: 1 });
  });
});
