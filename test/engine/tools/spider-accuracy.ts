/**
 * Execution accuracy of the built-in engine on the Spider tuning set (../shared/tuning/spider-train):
 * loads each database into PGlite, plans every question, compiles and runs the answered ones, and
 * compares rows with the gold rows under the rule of accuracy/compare-rows.ts (the one the sample
 * tool uses). Prints coverage (answered / asked) and precision (correct / answered) per hardness
 * level, and the strict figure too (correct with no extra answer columns).
 *
 * Run: npx node test/engine/tools/spider-accuracy.ts [db_id …] [--show-wrong] [--show-declined]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { createPgliteConnector } from '../../../src/connectors/postgres/postgres-connector.ts';
import { compareRows } from '../accuracy/compare-rows.ts';

interface SpiderQuestion {
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly sql: string;
  readonly hardness: string;
  readonly order_matters: boolean;
  readonly gold: { readonly columns: readonly string[]; readonly rows: readonly (readonly unknown[])[] };
}

const ROOT = new URL('../../../../shared/tuning/spider-train/', import.meta.url).pathname;
const args = process.argv.slice(2);
const showWrong = args.includes('--show-wrong');
const showDeclined = args.includes('--show-declined');
const only = args.filter((arg) => !arg.startsWith('--'));
const questions = (JSON.parse(readFileSync(join(ROOT, 'questions.json'), 'utf8')) as SpiderQuestion[])
  .filter((question) => only.length === 0 || only.includes(question.db_id));

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

interface Tally { asked: number; answered: number; correct: number; strict: number; failed: number }
const tallies = new Map<string, Tally>();
const tally = (key: string): Tally => {
  let found = tallies.get(key);
  if (!found) tallies.set(key, (found = { asked: 0, answered: 0, correct: 0, strict: 0, failed: 0 }));
  return found;
};

const byDatabase = new Map<string, SpiderQuestion[]>();
for (const question of questions) byDatabase.set(question.db_id, [...(byDatabase.get(question.db_id) ?? []), question]);

for (const [database, list] of byDatabase) {
  const db = new PGlite();
  await loadDump(db, readFileSync(join(ROOT, 'pg', `${database}.sql`), 'utf8'));
  const connector = createPgliteConnector(db, { maxRows: 100_000 });
  const catalog = await connector.introspect();
  const values = await connector.sampleValues(catalog);
  for (const question of list) {
    const totals = [tally('all'), tally(question.hardness), tally(`db:${database}`)];
    for (const entry of totals) entry.asked += 1;
    let result;
    try {
      result = planQuestion(question.question, { catalog, values, now: new Date('2025-01-01T00:00:00Z') });
    } catch (error) {
      for (const entry of totals) entry.failed += 1;
      console.log(`THROW ${question.id} ${question.question}: ${(error as Error).message}`);
      continue;
    }
    if (!result.ok) {
      if (showDeclined) console.log(`DECLINED ${question.id} [${database}] ${question.question}\n  ${result.reason}`);
      continue;
    }
    for (const entry of totals) entry.answered += 1;
    let rows: readonly (readonly unknown[])[] = [];
    try {
      const compiled = connector.compile(result.query, catalog);
      rows = (await connector.execute(compiled)).rows;
    } catch (error) {
      for (const entry of totals) entry.failed += 1;
      console.log(`FAILED ${question.id} ${question.question}: ${(error as Error).message}`);
      continue;
    }
    const verdict = compareRows(rows, question.gold.rows, question.order_matters);
    for (const entry of totals) {
      if (verdict.strict) entry.strict += 1;
      if (verdict.correct) entry.correct += 1;
    }
    if (showWrong && !verdict.correct) {
      console.log(`WRONG ${question.id} [${database}] ${question.question}\n  ours: ${result.interpretation}\n  gold: ${question.sql}\n  got ${JSON.stringify(rows.slice(0, 3))} want ${JSON.stringify(question.gold.rows.slice(0, 3))}`);
    }
  }
  await connector.close();
}

const percent = (part: number, whole: number): string => (whole === 0 ? '   -  ' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);
console.log(`\n${'set'.padEnd(34)} asked answ. coverage precision (strict) errors`);
for (const [key, entry] of [...tallies].sort(([left], [right]) => left.localeCompare(right))) {
  console.log(`${key.padEnd(34).slice(0, 34)} ${String(entry.asked).padStart(4)} ${String(entry.answered).padStart(4)} ${percent(entry.answered, entry.asked)} ${percent(entry.correct, entry.answered)}  ${percent(entry.strict, entry.answered)}  ${entry.failed}`);
}
