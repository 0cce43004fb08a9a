/**
 * The two PostgresClients side by side: the same statements, the same text values, the same
 * read-only transaction. (The connector contract covers the rest through `execute`.)
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgPoolClient } from '../../src/connectors/postgres/pg-pool-client.ts';
import { createPgliteClient } from '../../src/connectors/postgres/pglite-client.ts';
import type { PostgresClient } from '../../src/connectors/postgres/postgres-client.ts';
import { createConnectorOnClient } from '../../src/connectors/postgres/postgres-connector.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

const SETUP_SQL = `
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE DOMAIN price AS numeric(10, 2) CHECK (VALUE >= 0);
CREATE TABLE things (id int8 PRIMARY KEY, mood mood, price price, seen_at timestamptz, born date);
INSERT INTO things VALUES (1, 'happy', 12.50, '2024-03-01 10:00:00.5+02', '1999-12-31'), (2, NULL, NULL, NULL, NULL);
`;

const VALUES_SQL = `SELECT 1::int2 AS a, 2::int4 AS b, 9007199254740991::int8 AS c, 1.50::numeric AS d, 0.1::float8 AS e, 0.1::float4 AS f,
  'x'::text AS g, 'y'::varchar(3) AS h, 'z'::char(3) AS i, true AS j, '2024-02-29'::date AS k,
  '2024-02-29 13:14:15.123456'::timestamp AS l, '2024-02-29 13:14:15+03'::timestamptz AS m,
  '{"a": 1}'::jsonb AS n, ARRAY[1, 2] AS o, interval '1 day 2 hours' AS p, NULL::text AS q,
  '00000000-0000-0000-0000-000000000001'::uuid AS r, $1::text AS s, $2::int AS t`;

describe('PostgreSQL clients', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  let lite: PGlite;
  const clients: Record<'pg' | 'pglite', PostgresClient> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase('querent_test');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(SETUP_SQL);
    lite = await PGlite.create();
    await lite.exec(SETUP_SQL);
    clients.pg = createPgPoolClient({ connection: { connectionString: database.url }, maxConnections: 2 });
    clients.pglite = createPgliteClient(lite);
  });

  afterAll(async () => {
    await clients.pg?.close();
    await admin?.end();
    await database?.drop();
    await lite?.close();
  });

  it('return the same text for every type, and the same field types', async () => {
    const [server, embedded] = await Promise.all([clients.pg.query(VALUES_SQL, ['param', 7]), clients.pglite.query(VALUES_SQL, ['param', 7])]);
    expect(server.rows).toEqual(embedded.rows);
    expect(server.fields).toEqual(embedded.fields);
    expect(server.rows[0]).toEqual([
      '1', '2', '9007199254740991', '1.50', '0.1', '0.1', 'x', 'y', 'z  ', 't', '2024-02-29',
      '2024-02-29 13:14:15.123456', '2024-02-29 10:14:15+00', '{"a": 1}', '{1,2}', '1 day 02:00:00', null,
      '00000000-0000-0000-0000-000000000001', 'param', '7',
    ]);
  });

  for (const kind of ['pg', 'pglite'] as const) {
    describe(kind, () => {
      it('runs inside a read-only transaction with pinned settings', async () => {
        const result = await clients[kind].query(
          `SELECT current_setting('transaction_read_only'), current_setting('search_path'), current_setting('statement_timeout'), current_setting('TimeZone'), current_setting('DateStyle')`,
          [],
          { timeoutMs: 1234 },
        );
        expect(result.rows).toEqual([['on', 'pg_catalog, public, pg_temp', '1234ms', 'UTC', 'ISO, YMD']]);
      });

      it('refuses a hand-made INSERT inside the read-only transaction; the table is unchanged', async () => {
        await expect(clients[kind].query(`INSERT INTO things (id) VALUES (3)`, [])).rejects.toMatchObject({ code: 'invalid_request' });
        await expect(clients[kind].query(`UPDATE things SET born = NULL`, [])).rejects.toMatchObject({ code: 'invalid_request' });
        await expect(clients[kind].query(`CREATE TABLE intruder (id int)`, [])).rejects.toMatchObject({ code: 'invalid_request' });
        const count = await clients[kind].query('SELECT count(*) FROM things', []);
        expect(count.rows).toEqual([['2']]);
      });

      it('runs one statement only, so a write cannot follow a COMMIT', async () => {
        await expect(clients[kind].query(`COMMIT; INSERT INTO things (id) VALUES (4)`, [])).rejects.toThrow();
        await clients[kind].query(`SET TRANSACTION READ WRITE`, []).catch(() => undefined);
        await expect(clients[kind].query(`INSERT INTO things (id) VALUES (4)`, [])).rejects.toMatchObject({ code: 'invalid_request' });
        expect((await clients[kind].query('SELECT count(*) FROM things', [])).rows).toEqual([['2']]);
      });

      it('turns a statement past its timeout into query_timeout', async () => {
        await expect(clients[kind].query('SELECT pg_sleep(1)', [], { timeoutMs: 200 })).rejects.toMatchObject({ code: 'query_timeout' });
      });

      it('decodes enums and domains through the connector by their base types', async () => {
        const connector = createConnectorOnClient(clients[kind]);
        const result = await connector.execute({ language: 'sql', dialect: 'postgresql', text: 'SELECT id, mood, price, seen_at, born FROM things ORDER BY id', params: [] });
        expect(result.columns).toEqual([
          { name: 'id', type: 'integer' },
          { name: 'mood', type: 'text' },
          { name: 'price', type: 'number' },
          { name: 'seen_at', type: 'timestamp' },
          { name: 'born', type: 'date' },
        ]);
        expect(result.rows).toEqual([[1, 'happy', 12.5, '2024-03-01T08:00:00.5Z', '1999-12-31'], [2, null, null, null, null]]);
      });
    });
  }

  it('pg: an abort while waiting for a pooled connection rejects at once', async () => {
    const client = createPgPoolClient({ connection: { connectionString: database.url }, maxConnections: 1 });
    try {
      const busy = client.query('SELECT pg_sleep(1)', []);
      const controller = new AbortController();
      const waiting = client.query('SELECT 1', [], { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('gave up')), 100);
      const startedAt = Date.now();
      await expect(waiting).rejects.toThrow('gave up');
      expect(Date.now() - startedAt).toBeLessThan(800);
      await busy;
      expect((await client.query('SELECT 1', [])).rows).toEqual([['1']]);
    } finally {
      await client.close();
    }
  });

  it('pg: a cancelled statement leaves no session behind in a transaction', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 200);
    await expect(clients.pg.query(`SELECT pg_sleep(10), 'client_abort_marker'`, [], { signal: controller.signal })).rejects.toThrow('stop');
    const activity = await admin.query<{ state: string }>(
      `SELECT state FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'querent' AND pid <> pg_backend_pid()`,
    );
    expect(activity.rows.every((row) => row.state === 'idle')).toBe(true);
  });
});
