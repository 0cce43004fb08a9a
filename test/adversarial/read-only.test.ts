/**
 * Read-only, proven: every prompt of the adversarial corpus goes through the real pipeline
 * (built-in engine → compile → execute) on every kind of connection, as a database owner or
 * superuser, so that only the service's own guards stand in the way. Each prompt may be declined,
 * refused with a QuerentError, or answered by a read; none may change anything (fingerprints of
 * every table before and after are equal) or run past the timeout.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog, ColumnValues } from '../../src/connectors/catalog.ts';
import type { Connector } from '../../src/connectors/connector.ts';
import { createMysqlConnector } from '../../src/connectors/mysql/mysql-connector.ts';
import { ODOO_READ_METHODS } from '../../src/connectors/odoo/odoo-client.ts';
import { createOdooConnector } from '../../src/connectors/odoo/odoo-connector.ts';
import { createPgliteConnector, createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { isQuerentError } from '../../src/core/errors.ts';
import { createBuiltinEngine } from '../../src/engine/builtin-engine.ts';
import { openSampleDatabase } from '../../src/samples/sample-datasets.ts';
import { createMysqlTestDatabase, mysqlFixtureStatements } from '../connectors/mysql-fixture.ts';
import { postgresFixtureSql } from '../connectors/postgres-fixture.ts';
import { createOdooTestDatabase, startOdooTestServer, type OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { SHARED_SAMPLES_DIR } from '../support/paths.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { mysqlFingerprint, postgresFingerprint, type Fingerprint, type RunSql } from './checksums.ts';
import { ADVERSARIAL_PROMPTS } from './prompts.ts';

/** Statement (and Odoo call) timeout, and the whole run's abort, in ms. */
const TIMEOUT_MS = 2_000;
/** Time a run may take past the timeout: the abort travelling back, not more. */
const MARGIN_MS = 750;
/** Odoo calls that are not model methods: the version probe and the login. */
const ODOO_SESSION_METHODS = new Set(['version', 'version_info', 'login', 'authenticate']);

type Outcome = 'declined' | 'refused' | 'answered';

interface Kind {
  readonly connector: Connector;
  fingerprint(): Promise<Fingerprint>;
  /** Asserts after the run that the source saw only reads (Odoo: the recorded calls). */
  checkCalls?(): void;
  close(): Promise<void>;
}

const engine = createBuiltinEngine();
const report: string[] = [];
afterAll(() => {
  console.log(`adversarial corpus: ${ADVERSARIAL_PROMPTS.length} prompts\n${report.join('\n')}`);
});

async function withPg<T>(url: string, work: (run: RunSql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (sql) => (await client.query<unknown[]>({ text: sql, rowMode: 'array' })).rows);
  } finally {
    await client.end();
  }
}

/** One prompt through the pipeline; a failure that is not a QuerentError fails the test. */
async function ask(connector: Connector, catalog: Catalog, values: readonly ColumnValues[], text: string): Promise<{ outcome: Outcome; detail: string; ms: number }> {
  const startedAt = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`ran past ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  try {
    const plan = await engine.plan(text, { catalog, values, now: new Date() });
    if (!plan.ok) return { outcome: 'declined', detail: 'declined', ms: performance.now() - startedAt };
    const compiled = connector.compile(plan.query, catalog);
    await connector.execute(compiled, { signal: controller.signal, timeoutMs: TIMEOUT_MS, maxRows: 20 });
    return { outcome: 'answered', detail: compiled.text.split('\n')[0]!, ms: performance.now() - startedAt };
  } catch (error) {
    if (!isQuerentError(error)) throw error;
    return { outcome: 'refused', detail: error.code, ms: performance.now() - startedAt };
  } finally {
    clearTimeout(timer);
  }
}

function proveReadOnly(name: string, open: () => Promise<Kind>): void {
  it(`${name}: ${ADVERSARIAL_PROMPTS.length} prompts change nothing and stay within ${TIMEOUT_MS} ms`, async () => {
    const kind = await open();
    try {
      const catalog = await kind.connector.introspect();
      const values = await kind.connector.sampleValues(catalog);
      const before = await kind.fingerprint();
      const counts: Record<string, number> = { declined: 0, refused: 0, answered: 0 };
      const codes: Record<string, number> = {};
      const slow: string[] = [];
      const answered: string[] = [];
      for (const prompt of ADVERSARIAL_PROMPTS) {
        const result = await ask(kind.connector, catalog, values, prompt.text);
        counts[result.outcome]! += 1;
        if (result.outcome === 'refused') codes[result.detail] = (codes[result.detail] ?? 0) + 1;
        if (result.outcome === 'answered') answered.push(JSON.stringify(prompt.text.slice(0, 60)));
        if (result.ms > TIMEOUT_MS + MARGIN_MS) slow.push(`${Math.round(result.ms)} ms: ${prompt.text.slice(0, 60)}`);
      }
      const after = await kind.fingerprint();
      kind.checkCalls?.();
      report.push(`  ${name}: ${counts.declined} declined, ${counts.refused} refused ${JSON.stringify(codes)}, ${counts.answered} answered; ` +
        `${Object.keys(before.tables).length} tables, fingerprints ${JSON.stringify(after) === JSON.stringify(before) ? 'identical' : 'DIFFER'}` +
        `\n    answered: ${answered.join(', ')}`);
      expect(slow).toEqual([]);
      expect(after).toEqual(before);
      expect(Object.keys(before.tables).length).toBeGreaterThan(0);
      // The guards still let a real read through (the corpus alone might be declined wholesale).
      const control = kind.connector.compile({
        kind: 'select', root: catalog.entities[0]!.name, joins: [], measures: [{ id: 'n', label: 'N', aggregate: 'count' }],
        dimensions: [], columns: [], filters: [], having: [], order: [],
      }, catalog);
      expect((await kind.connector.execute(control, { timeoutMs: TIMEOUT_MS })).rows).toHaveLength(1);
    } finally {
      await kind.close();
    }
  }, 60_000);
}

describe.concurrent('read-only, proven: the adversarial corpus on every kind', () => {
  proveReadOnly('PGlite sample dataset (wholesale)', async () => {
    const db = await openSampleDatabase(SHARED_SAMPLES_DIR, 'wholesale');
    const run: RunSql = async (sql) => (await db.query<unknown[]>(sql, [], { rowMode: 'array' })).rows;
    const connector = createPgliteConnector(db, { closeDatabase: true });
    return { connector, fingerprint: () => postgresFingerprint(run), close: () => connector.close() };
  });

  proveReadOnly('PostgreSQL server (superuser postgres)', async () => {
    const database = await createTestDatabase('querent_adversarial');
    await withPg(database.url, (run) => run(postgresFixtureSql()));
    const connector = createPostgresConnector({ url: database.url });
    return {
      connector,
      fingerprint: () => withPg(database.url, postgresFingerprint),
      async close() {
        await connector.close();
        await database.drop();
      },
    };
  });

  proveReadOnly('MariaDB server (root)', async () => {
    const database = await createMysqlTestDatabase('querent_adversarial');
    for (const statement of mysqlFixtureStatements()) await database.admin.query(statement);
    const connector = createMysqlConnector({ url: database.url });
    return {
      connector,
      fingerprint: () => mysqlFingerprint(database.admin as mysql.Connection, database.name),
      async close() {
        await connector.close();
        await database.drop();
      },
    };
  });

  for (const version of ['17.0', '19.0'] as const) {
    proveReadOnly(`Odoo ${version} test server (admin)`, async () => {
      const database = await createTestDatabase('querent_adversarial_odoo');
      await createOdooTestDatabase(database.url);
      const server: OdooTestServer = await startOdooTestServer({ version, databaseUrl: database.url });
      // Reading the schema is not under test: a loaded machine may take longer than the statement timeout for it.
      // Each prompt's query runs with TIMEOUT_MS (see execute).
      const connector = createOdooConnector({ url: server.url, database: 'odoo', login: 'admin', apiKey: 'admin-api-key', timeoutMs: 30_000 });
      const readMethods = new Set<string>(ODOO_READ_METHODS);
      return {
        connector,
        fingerprint: () => withPg(database.url, postgresFingerprint),
        checkCalls() {
          const writes = server.calls.filter((call) => (call.model === undefined ? !ODOO_SESSION_METHODS.has(call.method) : !readMethods.has(call.method)));
          expect(writes).toEqual([]);
          expect(server.calls.length).toBeGreaterThan(0);
        },
        async close() {
          await connector.close();
          await server.close();
          await database.drop();
        },
      };
    });
  }
});
