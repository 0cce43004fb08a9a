/**
 * An empty, initialised PGlite data directory, packed once by `npm ci` (scripts/prebuild.ts).
 * Creating a store from it skips initdb, which takes seconds and leaves hundreds of MB of
 * WebAssembly memory behind in the process that ran it. Named by PGlite's version, since a data
 * directory only opens with the PostgreSQL it was made by.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unpackTarGz } from '../core/tar-gz.ts';

const packageJson = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string };

export const PGLITE_TEMPLATE_PATH = path.resolve(import.meta.dirname, `../../.cache/pglite-${version}-empty.tar.gz`);

/** Packs a freshly initialised data directory into {@link PGLITE_TEMPLATE_PATH}, unless it is there. */
export async function buildPgliteTemplate(): Promise<void> {
  if (fs.existsSync(PGLITE_TEMPLATE_PATH)) return;
  const db = await PGlite.create();
  try {
    const archive = await db.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(PGLITE_TEMPLATE_PATH), { recursive: true });
    const partial = `${PGLITE_TEMPLATE_PATH}.${process.pid}.tmp`;
    fs.writeFileSync(partial, new Uint8Array(await archive.arrayBuffer()));
    fs.renameSync(partial, PGLITE_TEMPLATE_PATH);
  } finally {
    await db.close();
  }
}

/** Fills an empty data directory from the template, when there is one; PGlite runs initdb otherwise. */
export async function seedFromTemplate(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !fs.existsSync(PGLITE_TEMPLATE_PATH)) return;
  const partial = `${dataDir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  await unpackTarGz(PGLITE_TEMPLATE_PATH, partial);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
}
