/**
 * The PostgreSQL guard: everything the compiler writes passes; hostile statements, with or without
 * the catalog, never do.
 */
import { describe, expect, it } from 'vitest';
import { compilePostgres } from '../../src/connectors/postgres/postgres-compiler.ts';
import { assertSafePostgresSelect } from '../../src/connectors/postgres/postgres-sql-guard.ts';
import { LEGAL_QUERIES, legalCatalog } from '../adversarial/legal-queries.ts';

const catalog = legalCatalog('public');

/** Refused even without a catalog: not one plain SELECT. */
const NEVER_A_SELECT = [
  'SELECT 1; DROP TABLE orders',
  'SELECT 1; -- harmless\nDELETE FROM orders',
  'SELECT 1 /* ; */; DELETE FROM orders',
  "COPY orders TO PROGRAM 'rm -rf /'",
  "COPY (SELECT 1) TO '/tmp/x'",
  'DELETE FROM orders',
  "UPDATE orders SET status = 'paid'",
  'INSERT INTO orders (id) VALUES (1)',
  'TRUNCATE orders',
  'DROP TABLE orders',
  'ALTER TABLE orders ADD COLUMN x int',
  'GRANT ALL ON orders TO public',
  "SET default_transaction_read_only = off",
  'BEGIN READ WRITE',
  'COMMIT',
  'SELECT * INTO stolen FROM orders',
  'SELECT * FROM orders FOR UPDATE',
  'SELECT * FROM orders FOR SHARE SKIP LOCKED',
  'WITH gone AS (DELETE FROM orders RETURNING *) SELECT * FROM gone',
  'WITH changed AS (UPDATE orders SET total = 0 RETURNING id) SELECT count(*) FROM changed',
  'SELECT 1 UNION SELECT 2',
  'VALUES (1)',
  'EXPLAIN ANALYZE DELETE FROM orders',
  "DO $$ BEGIN DELETE FROM orders; END $$",
  'SELECT 1\0; DROP TABLE orders',
  '',
  'not sql at all',
];

/** Plain SELECTs that only the catalog-bound rules refuse. */
const NOT_WHAT_THE_COMPILER_WRITES = [
  'SELECT pg_sleep(60)',
  'SELECT count(*) FROM orders WHERE pg_sleep(60) IS NOT NULL',
  "SELECT pg_read_file('/etc/passwd')",
  "SELECT lo_import('/etc/passwd')",
  "SELECT * FROM dblink('host=evil', 'DELETE FROM orders') AS t(x int)",
  "SELECT set_config('default_transaction_read_only', 'off', false)",
  "SELECT pg_catalog.pg_sleep(1)",
  "SELECT public.count(*) FROM orders",
  'SELECT count(*) FROM secrets',
  'SELECT count(*) FROM pg_shadow',
  'SELECT count(*) FROM pg_things',
  'SELECT count(*) FROM other_schema.orders',
  'SELECT count(*) FROM otherdb.public.orders',
  'SELECT * FROM (SELECT * FROM orders) AS t0',
  'SELECT (SELECT count(*) FROM orders)',
  'SELECT * FROM generate_series(1, 10)',
  'WITH x AS (SELECT 1) SELECT * FROM x',
  'SELECT count(*) OVER () FROM orders',
  "SELECT 'pg_sleep'::regproc",
  "SELECT '1'::my_type",
  'SELECT id FROM orders WHERE id OPERATOR(public.=) 1',
  "SELECT CASE WHEN true THEN 1 END FROM orders",
  'SELECT coalesce(CASE WHEN true THEN 1 END, 0) FROM orders',
  'SELECT sum(CASE WHEN status = $1 THEN total ELSE 0 END) FROM orders',
  'SELECT sum(CASE status WHEN $1 THEN total END) FROM orders',
  'SELECT sum(CASE WHEN pg_sleep(1) IS NULL THEN total END) FROM orders',
  'SELECT sum(total) FILTER (WHERE CASE WHEN true THEN true END) FROM orders',
  'SELECT count(*) FROM orders WHERE CASE WHEN id > 1 THEN true END',
  'SELECT ARRAY[1]',
  "SELECT current_setting('data_directory')",
  "SELECT txid_current()",
];

describe('assertSafePostgresSelect', () => {
  it.each(LEGAL_QUERIES.map(({ name, query }) => [name, query] as const))('lets compiled output through: %s', async (_, query) => {
    const compiled = compilePostgres(query, catalog, { maxRows: 1000 });
    await expect(assertSafePostgresSelect(compiled.text, catalog)).resolves.toBeUndefined();
    await expect(assertSafePostgresSelect(compiled.text)).resolves.toBeUndefined();
  });

  it.each(NEVER_A_SELECT)('refuses %j with or without a catalog', async (text) => {
    await expect(assertSafePostgresSelect(text, catalog)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(assertSafePostgresSelect(text)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it.each(NOT_WHAT_THE_COMPILER_WRITES)('refuses %j against the catalog', async (text) => {
    await expect(assertSafePostgresSelect(text, catalog)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('names the reason, not the statement', async () => {
    await expect(assertSafePostgresSelect('SELECT pg_sleep(60)', catalog)).rejects.toThrow(/pg_sleep\(\), which is not allowed/);
    await expect(assertSafePostgresSelect('SELECT 1; SELECT 2')).rejects.toThrow(/2 statements/);
  });
});
