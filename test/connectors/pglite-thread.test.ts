/**
 * The PGlite thread client on a data directory on disk: read-only statements as on the main
 * thread, a statement past its timeout stopped by ending the thread, the thread stopped when idle
 * and started again by the next statement, and an aborted call let go at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteThreadClient } from '../../src/connectors/postgres/pglite-thread.ts';
import { tempDir } from '../support/paths.ts';

describe('PGlite thread client', () => {
  const root = tempDir('pglite-thread');
  const dataDir = path.join(root, 'db');

  beforeAll(async () => {
    const db = await PGlite.create(dataDir);
    await db.exec('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL); INSERT INTO items SELECT n, \'item \' || n FROM generate_series(1, 50) AS n;');
    await db.close();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers statements in their text form, read-only', async () => {
    const client = createPgliteThreadClient({ dataDir, idleMs: 0 });
    try {
      const result = await client.query('SELECT count(*) AS n, max(name) AS last FROM items WHERE id <= $1', [10]);
      expect(result.rows).toEqual([['10', 'item 9']]);
      expect(result.fields.map((field) => field.name)).toEqual(['n', 'last']);
      await expect(client.query('DELETE FROM items', [])).rejects.toMatchObject({ code: 'invalid_request' });
      expect((await client.query('SELECT count(*) FROM items', [])).rows).toEqual([['50']]);
    } finally {
      await client.close();
    }
  });

  it('stops a statement that outlives its timeout by ending the thread, then starts a new one', async () => {
    const client = createPgliteThreadClient({ dataDir, idleMs: 0 });
    try {
      const started = Date.now();
      await expect(client.query('SELECT pg_sleep(30)', [], { timeoutMs: 200 })).rejects.toMatchObject({ code: 'query_timeout' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(client.running).toBe(false);
      expect((await client.query('SELECT 1', [])).rows).toEqual([['1']]);
      expect(client.running).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('stops the thread after idleMs without statements, and the next statement starts it again', async () => {
    const client = createPgliteThreadClient({ dataDir, idleMs: 200 });
    try {
      await client.query('SELECT 1', []);
      expect(client.running).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(client.running).toBe(false);
      expect((await client.query('SELECT count(*) FROM items', [])).rows).toEqual([['50']]);
    } finally {
      await client.close();
    }
  });

  it('lets an aborted call go at once with the signal\'s reason', async () => {
    const client = createPgliteThreadClient({ dataDir, idleMs: 0 });
    try {
      await client.query('SELECT 1', []);
      const controller = new AbortController();
      const pending = client.query('SELECT pg_sleep(1)', [], { signal: controller.signal });
      controller.abort(new Error('caller went away'));
      await expect(pending).rejects.toThrow('caller went away');
      await expect(client.query('SELECT 1', [], { signal: controller.signal })).rejects.toThrow('caller went away');
    } finally {
      await client.close();
    }
  });
});
