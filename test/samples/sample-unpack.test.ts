/**
 * The sample set unpacked into a server's data directory: once, and in place of the directories
 * of other archives (an older month, or one dataset's as earlier versions served them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSampleSetArchive, unpackSampleDatabase } from '../../src/samples/sample-datasets.ts';
import { SHARED_SAMPLES_DIR, tempDir } from '../support/paths.ts';

describe('unpackSampleDatabase', () => {
  const dataDir = tempDir('sample-unpack');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('unpacks the archive once and removes the directories of other archives', async () => {
    const parent = path.join(dataDir, 'sample-databases');
    for (const stale of ['wholesale-v1-2020-01', 'saas-v1-2020-01', 'samples-v1-2020-01']) fs.mkdirSync(path.join(parent, stale, 'base'), { recursive: true });
    const archive = await ensureSampleSetArchive(SHARED_SAMPLES_DIR);
    const directory = await unpackSampleDatabase(dataDir, archive);
    expect(fs.readdirSync(parent)).toEqual([path.basename(directory)]);
    expect(path.basename(archive)).toBe(`${path.basename(directory)}.tar.gz`);
    expect(fs.existsSync(path.join(directory, 'PG_VERSION'))).toBe(true);
    const marker = path.join(directory, 'unpacked-once');
    fs.writeFileSync(marker, '');
    expect(await unpackSampleDatabase(dataDir, archive)).toBe(directory);
    expect(fs.existsSync(marker)).toBe(true);
  });
});
