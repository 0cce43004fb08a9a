import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded store may be opened by one process at a time. The holder writes its pid in
 * `<dataDir>/store.lock`; a lock whose process is gone is stale and taken over.
 */
export interface StoreLock {
  release(): void;
}

export function tryLockStore(dataDir: string): StoreLock | undefined {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'store.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return {
        release() {
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (isAlive(holder)) return undefined;
      fs.rmSync(file, { force: true });
    }
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
