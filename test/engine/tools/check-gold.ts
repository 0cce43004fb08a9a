/**
 * Checks the gold SQL of a question set without running the engine: opens each dataset's database
 * (a sample, or one of the constructs schemas `fieldservice` and `fleet`), runs every gold query,
 * prints its row count and first row, and fails on an SQL error or on an empty result (every
 * answerable question in the sets expects at least one row). An expected decline must have empty SQL.
 *
 * Run: node test/engine/tools/check-gold.ts [--set samples|samples-v2|samples-v3|constructs-v1|shares-v1|business-v1|counts-v1|codes-v1|sets-v1] [--id v2-w001 …] [--rows N]
 *      node test/engine/tools/check-gold.ts --dataset saas --sql "SELECT …"   (one ad-hoc query)
 *      node test/engine/tools/check-gold.ts --set constructs-v1 --now 2027-01-10
 *        (as if today were that day: the datasets are built for its month and the gold's
 *        CURRENT_DATE reads that day, to see that relative periods still find rows)
 * Archives are read from (or built into) QUERENT_SAMPLES_DIR, default .cache/samples.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Connector } from '../../../src/connectors/connector.ts';
import { createPgliteConnector } from '../../../src/connectors/postgres/postgres-connector.ts';
import { openSampleDatabase, type SampleSlug } from '../../../src/samples/sample-datasets.ts';
import { QUESTION_SETS, type SampleQuestion } from '../accuracy/evaluate-samples.ts';
import { isConstructsSlug, openConstructsDatabase } from '../fixtures/constructs/constructs-datasets.ts';

const SETS = QUESTION_SETS;

const { values: options } = parseArgs({
  options: {
    set: { type: 'string', default: 'samples-v2' },
    id: { type: 'string', multiple: true },
    dataset: { type: 'string' },
    sql: { type: 'string' },
    rows: { type: 'string', default: '1' },
    now: { type: 'string' },
  },
});

const samplesDir = process.env.QUERENT_SAMPLES_DIR ?? new URL('../../../.cache/samples', import.meta.url).pathname;
const shownRows = Number(options.rows);
if (options.now !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.now)) throw new TypeError(`--now takes a day, YYYY-MM-DD; got ${options.now}`);
const anchor = options.now === undefined ? new Date() : new Date(`${options.now}T12:00:00Z`);

async function withDatabase<T>(dataset: string, use: (connector: Connector) => Promise<T>): Promise<T> {
  const db = isConstructsSlug(dataset) ? await openConstructsDatabase(dataset, anchor) : await openSampleDatabase(samplesDir, dataset as SampleSlug, { anchor });
  const connector = createPgliteConnector(db, { maxRows: 100_000, closeDatabase: true });
  try {
    return await use(connector);
  } finally {
    await connector.close();
  }
}

/** The gold SQL, with CURRENT_DATE read as the --now day when one is given. */
const asOfNow = (sql: string): string => (options.now === undefined ? sql : sql.replace(/\bCURRENT_DATE\b/gi, `DATE '${options.now}'`));
const run = (connector: Connector, sql: string) => connector.execute({ language: 'sql', dialect: 'postgresql', text: asOfNow(sql), params: [] });
const show = (rows: readonly (readonly unknown[])[]): string => JSON.stringify(rows.slice(0, shownRows), (_, value) => (typeof value === 'bigint' ? Number(value) : value));

if (options.sql !== undefined) {
  const result = await withDatabase(options.dataset ?? 'wholesale', (connector) => run(connector, options.sql!));
  console.log(`${result.rows.length} row(s) ${show(result.rows)}`);
  process.exit(0);
}

const path = SETS[options.set];
if (path === undefined) throw new TypeError(`Unknown set ${options.set}; expected one of ${Object.keys(SETS).join(', ')}`);
const questions = (JSON.parse(readFileSync(path, 'utf8')) as SampleQuestion[]).filter(
  (question) => (options.id === undefined || options.id.includes(question.id)) && (options.dataset === undefined || question.dataset === options.dataset),
);

const problems: string[] = [];
for (const dataset of [...new Set(questions.map((question) => question.dataset))]) {
  await withDatabase(dataset, async (connector) => {
    for (const question of questions.filter((entry) => entry.dataset === dataset)) {
      if (question.expect === 'decline') {
        if (question.sql.trim() !== '') problems.push(`${question.id}: an expected decline has SQL`);
        console.log(`${question.id.padEnd(8)} decline  ${question.question}`);
        continue;
      }
      if (options.now !== undefined && /\b(now|current_timestamp|localtimestamp|localtime|current_time)\b/i.test(question.sql)) {
        problems.push(`${question.id}: the gold reads the clock other than by CURRENT_DATE, so --now cannot move it`);
      }
      try {
        const { rows } = await run(connector, question.sql);
        if (rows.length === 0) problems.push(`${question.id}: no rows`);
        // A top N per group cut with ROW_NUMBER() must not fall inside a tie: RANK() keeps the same rows.
        if (/\bROW_NUMBER\(\)/i.test(question.sql)) {
          const ranked = await run(connector, question.sql.replace(/\bROW_NUMBER\(\)/gi, 'RANK()'));
          if (ranked.rows.length !== rows.length) problems.push(`${question.id}: a tie at the ROW_NUMBER() cut (${ranked.rows.length} rows with RANK())`);
        }
        else if (rows.length === 1 && rows[0]!.length === 1 && rows[0]![0] === null) problems.push(`${question.id}: a null where a number is expected`);
        console.log(`${question.id.padEnd(8)} ${String(rows.length).padStart(5)} row(s)  ${question.question}  ${show(rows)}`);
      } catch (error) {
        problems.push(`${question.id}: ${(error as Error).message}`);
        console.log(`${question.id.padEnd(8)} ERROR    ${question.question}  ${(error as Error).message}`);
      }
    }
  });
}

const ids = questions.map((question) => question.id);
for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index))) problems.push(`${id}: duplicate id`);

console.log(`\n${questions.length} question(s), ${problems.length} problem(s)`);
for (const problem of problems) console.log(`  ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
