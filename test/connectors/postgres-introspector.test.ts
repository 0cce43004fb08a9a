import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { createPgPoolClient } from '../../src/connectors/postgres/pg-pool-client.ts';
import { createPgliteClient } from '../../src/connectors/postgres/pglite-client.ts';
import type { PostgresClient } from '../../src/connectors/postgres/postgres-client.ts';
import { createPgliteConnector, createPostgresConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { introspectPostgres } from '../../src/connectors/postgres/postgres-introspector.ts';
import { currencyIn } from '../../src/connectors/sql/currency-unit.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

const SCHEMA_SQL = `
CREATE SCHEMA sales;
CREATE SCHEMA hr;
CREATE TYPE sales.stage AS ENUM ('lead', 'won', 'lost');
CREATE DOMAIN positive_amount AS numeric(12, 2) NOT NULL CHECK (VALUE > 0);
CREATE TABLE public.orders (id int PRIMARY KEY, note text);
CREATE TABLE sales.orders (id int PRIMARY KEY, stage sales.stage, amount positive_amount, owner_id int);
CREATE TABLE sales.invoices (
  id bigint PRIMARY KEY, order_id int REFERENCES sales.orders (id), total money, issued_on date,
  paid_at timestamptz, is_paid boolean, ref uuid, payload jsonb);
COMMENT ON COLUMN sales.invoices.total IS 'Total, in US dollars';
CREATE TABLE hr.people (id int PRIMARY KEY, name citext);
ALTER TABLE sales.orders ADD FOREIGN KEY (owner_id) REFERENCES hr.people (id);
CREATE VIEW sales.big_orders AS SELECT id, amount FROM sales.orders WHERE amount > 100;
COMMENT ON VIEW sales.big_orders IS 'Orders above 100';
CREATE TABLE public.events (id int, happened_on date NOT NULL, kind text) PARTITION BY RANGE (happened_on);
CREATE TABLE public.events_2024 PARTITION OF public.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE public.events_2025 PARTITION OF public.events FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
INSERT INTO public.events VALUES (1, '2024-05-01', 'a'), (2, '2025-05-01', 'b');
ALTER TABLE public.orders DROP COLUMN note;
ALTER TABLE public.orders ADD COLUMN label text;
INSERT INTO public.orders SELECT g, 'order ' || g FROM generate_series(1, 30) AS g;
`;

function expectCatalog(catalog: Catalog): void {
  const entity = (name: string) => catalog.entities.find((candidate) => candidate.name === name);
  expect(catalog.entities.map((candidate) => candidate.name).sort()).toEqual(['big_orders', 'events', 'invoices', 'orders', 'people', 'sales.orders']);

  // Names: bare in public or when unique; schema-qualified when another schema has the same table.
  expect(entity('orders')).toMatchObject({ schema: 'public', table: 'orders', rowCount: 30, primaryKey: ['id'] });
  expect(entity('orders')!.columns.map((column) => column.name)).toEqual(['id', 'label']);
  expect(entity('sales.orders')).toMatchObject({ schema: 'sales', table: 'orders' });
  expect(entity('invoices')).toMatchObject({ schema: 'sales', table: 'invoices' });

  // Types, including enums and domains through their base types.
  expect(entity('sales.orders')!.columns).toEqual([
    { name: 'id', type: 'integer', nativeType: 'integer', nullable: false },
    { name: 'stage', type: 'text', nativeType: 'sales.stage', nullable: true },
    { name: 'amount', type: 'number', nativeType: 'positive_amount', nullable: false },
    { name: 'owner_id', type: 'integer', nativeType: 'integer', nullable: true },
  ]);
  expect(entity('invoices')!.columns.map((column) => [column.name, column.type])).toEqual([
    ['id', 'integer'], ['order_id', 'integer'], ['total', 'number'], ['issued_on', 'date'],
    ['paid_at', 'timestamp'], ['is_paid', 'boolean'], ['ref', 'text'], ['payload', 'other'],
  ]);
  expect(entity('invoices')!.columns.find((column) => column.name === 'total')).toMatchObject({ unit: 'USD', description: 'Total, in US dollars' });
  expect(entity('people')!.columns[1]).toMatchObject({ name: 'name', type: 'text' });

  // Keys point at entity names.
  expect(entity('invoices')!.foreignKeys).toEqual([{ columns: ['order_id'], refEntity: 'sales.orders', refColumns: ['id'] }]);
  expect(entity('sales.orders')!.foreignKeys).toEqual([{ columns: ['owner_id'], refEntity: 'people', refColumns: ['id'] }]);

  // Views, and partitioned tables standing for their partitions.
  expect(entity('big_orders')).toMatchObject({ isView: true, description: 'Orders above 100', primaryKey: [] });
  expect(entity('events')).toMatchObject({ isView: false });
}

describe('introspectPostgres', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  let lite: PGlite;
  const clients: Record<'pg' | 'pglite', PostgresClient> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase('querent_test');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE EXTENSION citext; ${SCHEMA_SQL}`);
    lite = await PGlite.create({ extensions: { citext: (await import('@electric-sql/pglite/contrib/citext')).citext } });
    await lite.exec(`CREATE EXTENSION citext; ${SCHEMA_SQL}`);
    clients.pg = createPgPoolClient({ connection: { connectionString: database.url } });
    clients.pglite = createPgliteClient(lite);
  });

  afterAll(async () => {
    await clients.pg?.close();
    await admin?.end();
    await database?.drop();
    await lite?.close();
  });

  for (const kind of ['pg', 'pglite'] as const) {
    it(`${kind}: reads tables, views, columns, keys and comments in all readable schemas`, async () => {
      expectCatalog(await introspectPostgres(clients[kind]));
    });

    it(`${kind}: exposes only the schemas asked for, dropping keys that leave them`, async () => {
      const catalog = await introspectPostgres(clients[kind], { schemas: ['sales'] });
      expect(catalog.entities.map((entity) => entity.name).sort()).toEqual(['big_orders', 'invoices', 'orders']);
      expect(catalog.entities.find((entity) => entity.name === 'orders')).toMatchObject({ schema: 'sales', foreignKeys: [] });
    });
  }

  it('pg: uses planner estimates once analysed, and sums them for partitioned tables', async () => {
    await admin.query('ANALYZE');
    const catalog = await introspectPostgres(clients.pg);
    expect(catalog.entities.find((entity) => entity.name === 'events')!.rowCount).toBe(2);
    expect(catalog.entities.find((entity) => entity.name === 'orders')!.rowCount).toBe(30);
    expect(catalog.entities.find((entity) => entity.name === 'big_orders')!.rowCount).toBe(-1);
  });

  it('pg: takes the exposed schemas from the URL, hiding what the user cannot read', async () => {
    await admin.query(`DROP ROLE IF EXISTS querent_reader_${database.name}`).catch(() => undefined);
    const role = `querent_reader_${database.name}`;
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    try {
      await admin.query(`GRANT USAGE ON SCHEMA sales TO ${role}; GRANT SELECT ON sales.invoices TO ${role}; GRANT SELECT (id, stage) ON sales.orders TO ${role}`);
      const url = new URL(database.url);
      url.username = role;
      url.searchParams.set('schema', 'sales,hr');
      const connector = createPostgresConnector({ url: url.toString() });
      try {
        const catalog = await connector.introspect();
        expect(catalog.entities.map((entity) => entity.name).sort()).toEqual(['invoices', 'orders']);
        expect(catalog.entities.find((entity) => entity.name === 'orders')!.columns.map((column) => column.name)).toEqual(['id', 'stage']);
      } finally {
        await connector.close();
      }
    } finally {
      await admin.query(`DROP OWNED BY ${role}; DROP ROLE ${role}`);
    }
  });

  it('pglite: the connector introspects through the same code', async () => {
    const connector = createPgliteConnector(lite, { schemas: ['hr'] });
    expect((await connector.introspect()).entities.map((entity) => entity.name)).toEqual(['people']);
    await connector.close();
    expect(lite.closed).toBe(false);
  });

  it('reads one currency from a comment, and none when several are named', () => {
    expect(currencyIn('Amount in EUR')).toBe('EUR');
    expect(currencyIn('Prix TTC (€)')).toBe('EUR');
    expect(currencyIn('Net price, $')).toBe('USD');
    expect(currencyIn('Fee in pounds sterling')).toBe('GBP');
    expect(currencyIn('EUR or USD')).toBeUndefined();
    expect(currencyIn('Number of items')).toBeUndefined();
  });
});
