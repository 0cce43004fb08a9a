import fs from 'node:fs';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { tempDir } from '../support/paths.ts';
import { storeContract } from '../contracts/store.contract.ts';

storeContract('PGlite (embedded)', async () => {
  const dir = tempDir('store');
  const db = await openPgliteDatabase(dir);
  return { db, async dispose() { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
});
