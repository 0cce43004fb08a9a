import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
export const MAIN = path.join(ROOT, 'src/main.ts');
/** The CLI as users run it from a checkout (it sets Node's flags, then execs node: same pid). */
export const QUERENT = path.join(ROOT, 'bin/querent');
/** Sample archives shared by every test process (made once by the global setup). */
export const SHARED_SAMPLES_DIR = path.join(ROOT, '.tmp/samples');

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `querent-${prefix}-`));
}
