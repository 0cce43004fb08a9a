/**
 * Sample archives on disk: create one if it is missing (atomically, so concurrent processes never
 * see half a file), and open one as a new in-memory PGlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Archives being written by this process, so two callers here share one build. */
const pendingBuilds = new Map<string, Promise<void>>();

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function writeAtomically(path: string, build: () => Promise<Blob>): Promise<void> {
  if (await exists(path)) return;
  await mkdir(dirname(path), { recursive: true });
  const archive = await build();
  const temporaryPath = `${path}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temporaryPath, new Uint8Array(await archive.arrayBuffer()));
    // rename() replaces atomically; if another process finished first, its identical file is replaced.
    await rename(temporaryPath, path);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

/** Makes sure the archive at `path` exists, calling `build` for its bytes if it does not. */
export async function ensureArchive(path: string, build: () => Promise<Blob>): Promise<void> {
  let pending = pendingBuilds.get(path);
  if (pending === undefined) {
    pending = writeAtomically(path, build).finally(() => pendingBuilds.delete(path));
    pendingBuilds.set(path, pending);
  }
  await pending;
}

/** A new in-memory PGlite holding the archive's data directory; the caller closes it. */
export async function openArchive(path: string): Promise<PGlite> {
  const archive = await readFile(path);
  return PGlite.create({ loadDataDir: new Blob([archive]) });
}
