import fs from 'node:fs';
import path from 'node:path';

/** Bits for the group and for others: none of them may read or write the data directory. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Makes the data directory private to this user: it holds the embedded store (keys' hashes,
 * prompts, answers) and the secret key. From here on this process creates files 0600 and
 * directories 0700 (the umask, so that PGlite's and the archives' files follow too), and the
 * directory itself is 0700, so that nothing in it is reachable by others whatever its own mode.
 * What an earlier version left readable inside is narrowed by {@link narrowDataDir}.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(GROUP_AND_OTHERS);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  narrow(dataDir, false);
}

/**
 * Takes the group's and others' bits off everything in the data directory (symbolic links are
 * left alone). Run once the store is open: PGlite sets the mode of a few files itself
 * (`pg_internal.init`, 0644, whatever the umask); files it rewrites later stay unreachable, inside
 * a 0700 directory.
 */
export function narrowDataDir(dataDir: string): void {
  narrow(dataDir, true);
}

function narrow(target: string, withContents: boolean): void {
  try {
    const stats = fs.lstatSync(target);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & GROUP_AND_OTHERS) !== 0) fs.chmodSync(target, stats.mode & 0o7700);
    if (!withContents || !stats.isDirectory()) return;
    for (const entry of fs.readdirSync(target)) narrow(path.join(target, entry), true);
  } catch (error) {
    // A file removed while we walk (a sample thread's temporary file) needs no narrowing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
