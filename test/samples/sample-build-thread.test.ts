/** A sample archive is built off the event loop: a server that builds a new month's archive keeps answering. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSampleSetArchive, openSampleDatabase } from '../../src/samples/sample-datasets.ts';

const dir = mkdtempSync(join(tmpdir(), 'querent-sample-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('building a sample archive', () => {
  it('leaves the event loop free (built in the main thread, it stalled it for seconds)', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const path = await ensureSampleSetArchive(dir, { prebuilt: false, anchor: new Date('2026-03-15T00:00:00Z') });
    delay.disable();
    expect(statSync(path).size).toBeGreaterThan(100_000);
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });

  it("builds one dataset's archive in the thread too, which opens with its rows", async () => {
    const db = await openSampleDatabase(dir, 'saas', { prebuilt: false, anchor: new Date('2026-03-15T00:00:00Z') });
    try {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
      expect(rows[0].count).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});
