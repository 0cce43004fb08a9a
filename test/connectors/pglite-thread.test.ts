/**
 * The PGlite thread both the metadata store and the samples run on: each kind of call answered on
 * one thread, a failed call rejected with the owner's error, and once the thread has exited, the
 * calls still waiting and every later one rejected with the owner's error instead of left waiting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from '../../src/connectors/postgres/pglite-thread.ts';
import { tempDir } from '../support/paths.ts';

class OwnersError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

describe('PGlite thread', () => {
  const root = tempDir('pglite-host');
  const dataDir = path.join(root, 'db');
  const start = () => startPgliteThread({
    dataDir,
    failure: (failure) => new OwnersError(failure.message, failure.code),
    stopped: () => new OwnersError('stopped'),
  });

  beforeAll(async () => {
    const db = await PGlite.create(dataDir);
    await db.exec('CREATE TABLE items (id integer PRIMARY KEY)');
    await db.close();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers statements, transactions and read-only statements on one thread', async () => {
    const thread = await start();
    try {
      await thread.ready;
      const tx = await thread.call<number>({ type: 'begin' });
      await thread.call({ type: 'query', text: 'INSERT INTO items VALUES ($1)', params: [1], tx });
      await thread.call({ type: 'end', tx, commit: true });
      const rolledBack = await thread.call<number>({ type: 'begin' });
      await thread.call({ type: 'query', text: 'INSERT INTO items VALUES (2)', params: [], tx: rolledBack });
      await thread.call({ type: 'end', tx: rolledBack, commit: false });
      expect(await thread.call({ type: 'query', text: 'SELECT id FROM items', params: [] })).toEqual([{ id: 1 }]);
      expect(await thread.call({ type: 'read', text: 'SELECT count(*) FROM items', params: [], timeoutMs: 5_000 })).toMatchObject({ rows: [['1']] });
      const duplicate = await thread.call({ type: 'query', text: 'INSERT INTO items VALUES (1)', params: [] }).catch((error: unknown) => error);
      expect(duplicate).toBeInstanceOf(OwnersError);
      expect(duplicate).toMatchObject({ code: '23505' });
      expect(thread.waiting).toBe(0);
    } finally {
      await thread.stop(5_000);
    }
  });

  it('rejects waiting and later calls with the owner\'s error once the thread has exited', async () => {
    const thread = await start();
    await thread.ready;
    const waiting = thread.call({ type: 'read', text: 'SELECT pg_sleep(5)', params: [], timeoutMs: 10_000 });
    await thread.terminate();
    await expect(waiting).rejects.toThrow(new OwnersError('stopped'));
    await expect(thread.call({ type: 'query', text: 'SELECT 1', params: [] })).rejects.toThrow(new OwnersError('stopped'));
    await thread.stop(5_000);
  });
});
