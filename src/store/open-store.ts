import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { migrate } from './migrations.ts';

/** Opens the metadata store named by the configuration and brings its schema up to date. */
export async function openStore(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl)
    : await openPgliteDatabase(embeddedStorePath(options.dataDir));
  await migrate(db);
  return db;
}

export function embeddedStorePath(dataDir: string): string {
  const directory = path.join(dataDir, 'store');
  fs.mkdirSync(directory, { recursive: true });
  return directory;
}
