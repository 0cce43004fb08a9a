/**
 * The PGlite thread on a data directory on disk: read-only statements as on the main thread, each
 * client's unqualified names resolved in its own schema, a statement past its timeout stopped by
 * ending the thread, the thread stopped when idle and started again by the next statement, and an
 * aborted call let go at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteReadThread } from '../../src/connectors/postgres/pglite-read-thread.ts';
import { tempDir } from '../support/paths.ts';

describe('PGlite thread client', () => {
  const root = tempDir('pglite-thread');
  const dataDir = path.join(root, 'db');

  beforeAll(async () => {
    const db = await PGlite.create(dataDir);
    await db.exec('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL); INSERT INTO items SELECT n, \'item \' || n FROM generate_series(1, 50) AS n;');
    await db.exec('CREATE SCHEMA other; CREATE TABLE other.items (id integer PRIMARY KEY); INSERT INTO other.items VALUES (1), (2); CREATE TABLE other.extras (id integer);');
    await db.close();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers statements in their text form, read-only', async () => {
    const thread = createPgliteReadThread({ dataDir, idleMs: 0 });
    const client = thread.client();
    try {
      const result = await client.query('SELECT count(*) AS n, max(name) AS last FROM items WHERE id <= $1', [10]);
      expect(result.rows).toEqual([['10', 'item 9']]);
      expect(result.fields.map((field) => field.name)).toEqual(['n', 'last']);
      await expect(client.query('DELETE FROM items', [])).rejects.toMatchObject({ code: 'invalid_request' });
      expect((await client.query('SELECT count(*) FROM items', [])).rows).toEqual([['50']]);
    } finally {
      await thread.close();
    }
  });

  it('resolves each client\'s unqualified names in its own schema, on one thread', async () => {
    const thread = createPgliteReadThread({ dataDir, idleMs: 0 });
    try {
      const [inPublic, inOther] = [thread.client(), thread.client('other')];
      const [publicItems, otherItems] = await Promise.all([
        inPublic.query('SELECT count(*) FROM items', []),
        inOther.query('SELECT count(*) FROM items', []),
      ]);
      expect([publicItems.rows, otherItems.rows]).toEqual([[['50']], [['2']]]);
      await expect(inPublic.query('SELECT * FROM extras', [])).rejects.toMatchObject({ code: 'internal_error', detail: expect.stringMatching(/no longer has/) });
      expect((await inOther.query('SELECT count(*) FROM extras', [])).rows).toEqual([['0']]);
      await inOther.close();
      expect((await inPublic.query('SELECT 1', [])).rows).toEqual([['1']]);
    } finally {
      await thread.close();
    }
  });

  it('stops a statement that outlives its timeout by ending the thread, then starts a new one', async () => {
    const thread = createPgliteReadThread({ dataDir, idleMs: 0 });
    const client = thread.client();
    try {
      const started = Date.now();
      await expect(client.query('SELECT pg_sleep(30)', [], { timeoutMs: 200 })).rejects.toMatchObject({ code: 'query_timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(thread.running).toBe(false);
      expect((await client.query('SELECT 1', [])).rows).toEqual([['1']]);
      expect(thread.running).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('stops the thread after idleMs without statements, and the next statement starts it again', async () => {
    const thread = createPgliteReadThread({ dataDir, idleMs: 200 });
    const client = thread.client();
    try {
      await client.query('SELECT 1', []);
      expect(thread.running).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(thread.running).toBe(false);
      expect((await client.query('SELECT count(*) FROM items', [])).rows).toEqual([['50']]);
    } finally {
      await thread.close();
    }
  });

  it('lets an aborted call go at once with the signal\'s reason', async () => {
    const thread = createPgliteReadThread({ dataDir, idleMs: 0 });
    const client = thread.client();
    try {
      await client.query('SELECT 1', []);
      const controller = new AbortController();
      const pending = client.query('SELECT pg_sleep(1)', [], { signal: controller.signal });
      controller.abort(new Error('caller went away'));
      await expect(pending).rejects.toThrow('caller went away');
      await expect(client.query('SELECT 1', [], { signal: controller.signal })).rejects.toThrow('caller went away');
    } finally {
      await thread.close();
    }
  });
});
