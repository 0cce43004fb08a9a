import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import type { Connector } from '../../src/connectors/connector.ts';
import { createPgliteClient } from '../../src/connectors/postgres/pglite-client.ts';
import { createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { samplePostgresValues } from '../../src/connectors/postgres/postgres-sample-values.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

const SETUP_SQL = `
CREATE TABLE big (id int PRIMARY KEY, status text, code text);
INSERT INTO big SELECT g, (ARRAY['open', 'closed', 'pending'])[g % 3 + 1], 'C' || g FROM generate_series(1, 250000) AS g;
CREATE TABLE small (id int PRIMARY KEY, colour varchar(10), essay text, ref uuid, size int);
INSERT INTO small SELECT g, (ARRAY['red', 'green', NULL])[g % 3 + 1], repeat('lorem ipsum ', 10) || g, gen_random_uuid(), g FROM generate_series(1, 50) AS g;
CREATE VIEW warm_colours AS SELECT id, colour FROM small WHERE colour = 'red';
ANALYZE;
-- After ANALYZE: a value the statistics do not know, to tell reading from statistics apart.
INSERT INTO big VALUES (300001, 'added later', 'X');
`;

describe('sampleValues on a PostgreSQL server', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let connector: Connector;

  beforeAll(async () => {
    database = await createTestDatabase('querent_test');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(SETUP_SQL);
    await admin.end();
    connector = createPostgresConnector({ url: database.url });
  });

  afterAll(async () => {
    await connector?.close();
    await database?.drop();
  });

  it('reads small tables and views, takes big tables from complete statistics, and skips the rest', async () => {
    const catalog = await connector.introspect();
    const values = await connector.sampleValues(catalog, { maxValuesPerColumn: 10 });
    const sorted = [...values].sort((left, right) => `${left.entity}.${left.column}`.localeCompare(`${right.entity}.${right.column}`));
    expect(sorted).toEqual([
      { entity: 'big', column: 'status', values: ['closed', 'open', 'pending'] },
      { entity: 'small', column: 'colour', values: ['green', 'red'] },
      { entity: 'warm_colours', column: 'colour', values: ['red'] },
    ]);
  });

  it('skips columns with more distinct values than asked for', async () => {
    const catalog = await connector.introspect();
    const values = await connector.sampleValues(catalog, { maxValuesPerColumn: 1 });
    expect(values).toEqual([{ entity: 'warm_colours', column: 'colour', values: ['red'] }]);
  });

  it('stops when aborted', async () => {
    const catalog = await connector.introspect();
    const controller = new AbortController();
    controller.abort(new Error('enough'));
    await expect(connector.sampleValues(catalog, { signal: controller.signal })).rejects.toThrow('enough');
  });
});

describe('sampleValues of a table named without its schema', () => {
  it('takes a big table\'s statistics from the table the search path finds', async () => {
    const db = await PGlite.create();
    try {
      await db.exec(`CREATE SCHEMA other; CREATE TABLE other.tickets (id int PRIMARY KEY, status text);
        INSERT INTO other.tickets SELECT g, (ARRAY['open', 'closed'])[g % 2 + 1] FROM generate_series(1, 100) AS g;
        CREATE TABLE public.tickets (id int PRIMARY KEY, status text); INSERT INTO public.tickets VALUES (1, 'elsewhere');
        ANALYZE;`);
      // Big by the catalog's estimate, so only statistics are asked.
      const catalog: Catalog = { entities: [{
        name: 'tickets', table: 'tickets', isView: false, rowCount: 500_000, primaryKey: ['id'], foreignKeys: [],
        columns: [{ name: 'status', type: 'text', nativeType: 'text', nullable: true }],
      }] };
      const values = await samplePostgresValues(createPgliteClient(db, { schema: 'other' }), catalog);
      expect(values).toEqual([{ entity: 'tickets', column: 'status', values: expect.arrayContaining(['open', 'closed']) }]);
      expect(values[0]!.values).toHaveLength(2);
    } finally {
      await db.close();
    }
  });
});
