/**
 * The same questions on the same data in PGlite, PostgreSQL and MariaDB must get the same answers:
 * the engine decides the same way on each kind's catalog and value index, and every answered
 * question returns equal rows (see `compare-answers.ts`). Both sample datasets are copied into a
 * fresh database on each server, dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ResultTable } from '../../src/connectors/connector.ts';
import { createMysqlConnector } from '../../src/connectors/mysql/mysql-connector.ts';
import { createPgliteConnector, createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { createBuiltinEngine } from '../../src/engine/builtin-engine.ts';
import type { PlanResult } from '../../src/engine/question-engine.ts';
import { openSampleDatabase, type SampleSlug } from '../../src/samples/sample-datasets.ts';
import { createMysqlTestDatabase, type MysqlTestDatabase } from '../connectors/mysql-fixture.ts';
import { SHARED_SAMPLES_DIR } from '../support/paths.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { loadSampleIntoMariadb, loadSampleIntoPostgres } from '../support/sample-loaders.ts';
import { answerDifference } from './compare-answers.ts';
import { loadSource, type ConnectorSource } from '../support/connector-source.ts';
import { SAMPLE_QUESTIONS } from './sample-questions.ts';

const KINDS = ['pglite', 'postgresql', 'mariadb'] as const;
type Kind = (typeof KINDS)[number];

/** Enough for every list in the suite to arrive whole, so that truncation cannot hide a difference. */
const MAX_ROWS = 20_000;
const SLUGS: readonly SampleSlug[] = ['wholesale', 'saas'];
const engine = createBuiltinEngine();
const now = new Date();


const sources = new Map<SampleSlug, Record<Kind, ConnectorSource>>();
const cleanups: (() => Promise<void>)[] = [];
const tally = Object.fromEntries(KINDS.map((kind) => [kind, { answered: 0, declined: 0, equal: 0 }])) as Record<Kind, { answered: number; declined: number; equal: number }>;
const timings: string[] = [];

function sourceOf(connector: Connector): Promise<ConnectorSource> {
  cleanups.push(() => connector.close());
  return loadSource(connector);
}

async function postgresSource(slug: SampleSlug): Promise<ConnectorSource> {
  const database = await createTestDatabase(`querent_xkind_${slug}`);
  cleanups.push(() => database.drop());
  const loaded = await loadSampleIntoPostgres(slug, database.url);
  timings.push(`PostgreSQL ${slug}: ${loaded.rows} rows, ${loaded.milliseconds} ms`);
  return sourceOf(createPostgresConnector({ url: database.url, maxRows: MAX_ROWS }));
}

async function mariadbSource(slug: SampleSlug): Promise<ConnectorSource> {
  const database: MysqlTestDatabase = await createMysqlTestDatabase(`querent_xkind_${slug}`);
  cleanups.push(() => database.drop());
  const loaded = await loadSampleIntoMariadb(slug, database.admin);
  timings.push(`MariaDB ${slug}: ${loaded.rows} rows, ${loaded.milliseconds} ms`);
  return sourceOf(createMysqlConnector({ url: database.url, maxRows: MAX_ROWS }));
}

beforeAll(async () => {
  for (const slug of SLUGS) {
    const db = await openSampleDatabase(SHARED_SAMPLES_DIR, slug);
    const [pglite, postgresql, mariadb] = await Promise.all([
      sourceOf(createPgliteConnector(db, { maxRows: MAX_ROWS, closeDatabase: true })),
      postgresSource(slug),
      mariadbSource(slug),
    ]);
    sources.set(slug, { pglite, postgresql, mariadb });
  }
}, 120_000);

afterAll(async () => {
  // Connectors first (they hold sessions), then the databases.
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  console.log(`Loaded: ${timings.join('; ')}`);
  for (const kind of KINDS) console.log(`${kind}: ${tally[kind].answered} answered (${tally[kind].equal} equal to PGlite), ${tally[kind].declined} declined`);
});

async function answer(source: ConnectorSource, plan: PlanResult): Promise<ResultTable | undefined> {
  if (!plan.ok) return undefined;
  return source.connector.execute(source.connector.compile(plan.query, source.catalog), { timeoutMs: 20_000 });
}

describe.each(SLUGS)('%s', (slug) => {
  const questions = SAMPLE_QUESTIONS[slug];

  it('has at least 60 questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
  });

  it.each(questions)('%s', async (question) => {
    const kinds = sources.get(slug)!;
    const plans = {} as Record<Kind, PlanResult>;
    for (const kind of KINDS) plans[kind] = await engine.plan(question, { catalog: kinds[kind].catalog, values: kinds[kind].values, now });
    const decisions = KINDS.map((kind) => `${kind}: ${plans[kind].ok ? 'answered' : `declined (${(plans[kind] as { reason: string }).reason})`}`);
    for (const kind of KINDS) tally[kind][plans[kind].ok ? 'answered' : 'declined'] += 1;
    expect(new Set(KINDS.map((kind) => plans[kind].ok)).size, decisions.join('; ')).toBe(1);
    const reference = plans.pglite;
    if (!reference.ok) return;

    const results = await Promise.all(KINDS.map((kind) => answer(kinds[kind], plans[kind])));
    const differences: string[] = [];
    KINDS.forEach((kind, index) => {
      const plan = plans[kind];
      if (!plan.ok) return;
      if (JSON.stringify(plan.query) !== JSON.stringify(reference.query)) differences.push(`${kind}: planned another query`);
      const difference = answerDifference(reference.query, results[0]!, results[index]!);
      if (difference === undefined) tally[kind].equal += 1;
      else differences.push(`${kind}: ${difference}`);
    });
    expect(differences).toEqual([]);
  });
});
