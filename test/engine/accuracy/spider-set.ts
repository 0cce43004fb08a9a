/**
 * The Spider tuning set (../shared/tuning/spider-train): its questions, and each database opened
 * through the real connector — loaded into PGlite from its dump (the default: nothing to install),
 * or read from a PostgreSQL server that holds the `spider_<db>` databases of the set's load.sh
 * (`--pg URL`, much faster).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Catalog, ColumnValues } from '../../../src/connectors/catalog.ts';
import type { Connector } from '../../../src/connectors/connector.ts';
import { createPgliteConnector, createPostgresConnector } from '../../../src/connectors/postgres/postgres-connector.ts';

export interface SpiderQuestion {
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly sql: string;
  readonly hardness: 'easy' | 'medium' | 'hard' | 'extra';
  readonly order_matters: boolean;
  readonly split: 'fit' | 'check';
  readonly gold: { readonly columns: readonly string[]; readonly rows: readonly (readonly unknown[])[] };
}

export const SPIDER_ROOT = new URL('../../../../shared/tuning/spider-train/', import.meta.url).pathname;

export function loadSpiderQuestions(split?: 'fit' | 'check'): SpiderQuestion[] {
  const all = JSON.parse(readFileSync(join(SPIDER_ROOT, 'questions.json'), 'utf8')) as SpiderQuestion[];
  return split ? all.filter((question) => question.split === split) : all;
}

export interface SpiderDatabase {
  readonly connector: Connector;
  readonly catalog: Catalog;
  readonly values: readonly ColumnValues[];
}

/** Opens one database of the set; close its connector when done. */
export async function openSpiderDatabase(database: string, postgresUrl?: string): Promise<SpiderDatabase> {
  let connector: Connector;
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    url.pathname = `/spider_${database.toLowerCase()}`;
    connector = createPostgresConnector({ url: url.toString(), maxConnections: 2 });
  } else {
    const db = new PGlite();
    await loadDump(db, readFileSync(join(SPIDER_ROOT, 'pg', `${database}.sql`), 'utf8'));
    connector = createPgliteConnector(db, { maxRows: 100_000, closeDatabase: true });
  }
  const catalog = await connector.introspect();
  const values = await connector.sampleValues(catalog);
  return { connector, catalog, values };
}

/** Runs a pg_dump-style script: plain SQL through exec, `COPY … FROM stdin` blocks through PGlite's /dev/blob. */
async function loadDump(db: PGlite, script: string): Promise<void> {
  const lines = script.split('\n');
  let sql: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const copy = /^COPY (.+) FROM stdin;$/.exec(lines[index]);
    if (!copy) {
      sql.push(lines[index]);
      continue;
    }
    if (sql.length > 0) await db.exec(sql.join('\n'));
    sql = [];
    const data: string[] = [];
    for (index += 1; index < lines.length && lines[index] !== '\\.'; index += 1) data.push(lines[index]);
    await db.query(`COPY ${copy[1]} FROM '/dev/blob'`, [], { blob: new Blob([data.join('\n') + '\n']) });
  }
  if (sql.length > 0) await db.exec(sql.join('\n'));
}

export function groupByDatabase<T extends { readonly db_id: string }>(questions: readonly T[]): Map<string, T[]> {
  const byDatabase = new Map<string, T[]>();
  for (const question of questions) byDatabase.set(question.db_id, [...(byDatabase.get(question.db_id) ?? []), question]);
  return byDatabase;
}
