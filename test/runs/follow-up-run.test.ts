import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineContext, QuestionEngine } from '../../src/engine/question-engine.ts';
import type { LogicalQuery } from '../../src/query/logical-query.ts';
import type { Database } from '../../src/store/database.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { migrate } from '../../src/store/migrations.ts';
import { insertWorkspace } from '../../src/store/workspaces-repository.ts';
import { insertConnection, type ConnectionRecord } from '../../src/store/connections-repository.ts';
import { addLedgerEntry, readBalance } from '../../src/store/ledger-repository.ts';
import { createLocalChangeFeed } from '../../src/store/change-feed.ts';
import { createLocalRunQueue } from '../../src/runs/run-queue.ts';
import { createRunService, type RunService } from '../../src/runs/run-service.ts';
import { newWorkspaceId } from '../../src/core/ids.ts';
import { tempDir } from '../support/paths.ts';
import { oneConnectionService, oneRowRegistry } from '../support/run-service-fakes.ts';

/** A query the fake engine answers with: a list of `limit` orders, so each question's query is told apart. */
function ordersQuery(limit: number): LogicalQuery {
  return { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], limit };
}

/** The run service hands a follow-up's engine the earlier run's question and stored logical query. */
describe('run service: follow-up questions reach the engine with the run they refine', () => {
  const dir = tempDir('follow-up-run');
  const seen: Array<{ question: string; context: EngineContext }> = [];
  /** The question 'slow' waits for this before it is planned, so that its run stays unfinished. */
  let releaseSlow!: () => void;
  const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
  let db: Database;
  let runs: RunService;
  let workspaceId: string;
  let connection: ConnectionRecord;

  const engine: QuestionEngine = {
    name: 'fake',
    async plan(question, context) {
      seen.push({ question, context });
      if (question === 'slow') await slow;
      return { ok: true, query: ordersQuery(question.length), interpretation: question, assumptions: [], conditions: [], confidence: 1 };
    },
  };
  const registry = oneRowRegistry();
  const connections = oneConnectionService(() => connection);

  beforeAll(async () => {
    db = await openPgliteDatabase(dir);
    await migrate(db);
    workspaceId = (await insertWorkspace(db, newWorkspaceId(), 'Follow-ups')).id;
    await addLedgerEntry(db, { workspaceId, amount: 10, reason: 'trial' });
    connection = await insertConnection(db, { workspaceId, name: 'warehouse', kind: 'postgresql', description: '' });
    const logger = pino({ level: 'silent' });
    runs = createRunService({
      db, changes: createLocalChangeFeed(), connections, logger, promptMaxChars: 2_000,
      queue: createLocalRunQueue({ concurrency: 2, perWorkspace: 2, logger }),
      answer: { engine, registry, queryTimeoutMs: 5_000, maxRows: 100 },
    });
    await runs.startWorking();
  });
  afterAll(async () => {
    releaseSlow();
    await runs?.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes the earlier prompt and its logical query as context.previous, and charges the follow-up one prompt', async () => {
    const ask = { workspaceId, keyId: null, connectionId: connection.id, format: 'json' as const };
    const first = await runs.ask({ ...ask, prompt: 'how many orders' }, 10_000);
    expect(first.status).toBe('complete');
    expect(seen.at(-1)!.context.previous).toBeUndefined();

    const followUp = await runs.ask({ ...ask, prompt: 'and last year?', previousRunId: first.id }, 10_000);
    expect(followUp.status).toBe('complete');
    expect(followUp.previousRunId).toBe(first.id);
    expect(seen.at(-1)!.question).toBe('and last year?');
    expect(seen.at(-1)!.context.previous).toEqual({ question: 'how many orders', query: ordersQuery('how many orders'.length) });
    expect(await readBalance(db, workspaceId)).toEqual({ remaining: 8, used: 2 });
  });

  it('refuses a follow-up of a run that has not ended (400) or of another connection (404), charging nothing', async () => {
    const ask = { workspaceId, keyId: null, connectionId: connection.id, format: 'json' as const };
    const pending = await runs.ask({ ...ask, prompt: 'slow' }, 0);
    expect(pending.status).not.toBe('complete');
    await expect(runs.ask({ ...ask, prompt: 'and by month?', previousRunId: pending.id }, 10_000))
      .rejects.toMatchObject({ code: 'invalid_request', detail: expect.stringMatching(/is still (queued|running)/) });
    const other = await insertConnection(db, { workspaceId, name: 'other', kind: 'postgresql', description: '' });
    await expect(runs.ask({ ...ask, connectionId: other.id, prompt: 'and by month?', previousRunId: pending.id }, 10_000))
      .rejects.toMatchObject({ code: 'run_not_found' });
    releaseSlow();
    expect((await runs.get(workspaceId, pending.id, 10_000)).status).toBe('complete');
    expect(await readBalance(db, workspaceId)).toEqual({ remaining: 7, used: 3 });
  });
});
