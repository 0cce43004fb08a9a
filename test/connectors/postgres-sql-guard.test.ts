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
  // Sub-selects pass the same rules as the statement.
  'SELECT count(*) FROM orders AS t0 WHERE EXISTS (SELECT 1 FROM orders FOR UPDATE)',
  'SELECT count(*) FROM orders AS t0 WHERE EXISTS (WITH gone AS (DELETE FROM orders RETURNING id) SELECT 1 FROM gone)',
  'SELECT * FROM (WITH gone AS (DELETE FROM orders RETURNING id) SELECT id FROM gone) AS t0',
  'SELECT * FROM (SELECT 1 UNION SELECT 2) AS t0',
  'SELECT * FROM (VALUES (1)) AS t0',
  'SELECT count(*) FROM orders HAVING count(*) > (SELECT count(*) FROM orders FOR SHARE)',
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
  // Sub-selects: only catalog tables, only allowed functions, only where the compiler writes them.
  'SELECT * FROM (SELECT * FROM pg_shadow) AS t0',
  'SELECT * FROM (SELECT * FROM pg_catalog.pg_authid) AS t0',
  'SELECT count(*) FROM orders AS t0 WHERE EXISTS (SELECT 1 FROM pg_shadow)',
  'SELECT count(*) FROM orders AS t0 WHERE NOT EXISTS (SELECT pg_sleep(10))',
  'SELECT count(*) FROM orders AS t0 WHERE (SELECT count(*) FROM pg_shadow) > 1',
  'SELECT count(*) FROM orders AS t0 WHERE (SELECT pg_sleep(10)) BETWEEN 1 AND 2',
  'SELECT count(*) FROM orders AS t0 WHERE NOT EXISTS (SELECT 1 FROM secrets AS r0_0 WHERE r0_0.id = t0.id)',
  'SELECT count(*) FROM orders AS t0 WHERE t0.id IN (SELECT id FROM orders)',
  'SELECT count(*) FROM orders AS t0 WHERE t0.total > (SELECT max(passwd) FROM pg_shadow)',
  'SELECT count(*) FROM orders AS t0 WHERE t0.total > (SELECT pg_sleep(10))',
  'SELECT count(*) FROM orders AS t0 WHERE t0.total > ALL (SELECT total FROM orders)',
  'SELECT t0.id, (SELECT max(passwd) FROM pg_shadow) AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT max(r.total) FROM orders AS r WHERE r.id = t0.id) AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT count(*) FROM orders AS r WHERE r.id = t0.id) + 1 AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT count(*) FROM orders AS r WHERE r.id = t0.id GROUP BY r.id) AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT count(DISTINCT r.id + 1) FROM orders AS r WHERE r.id = t0.id) AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT count(DISTINCT r.id) FROM orders AS r) AS x FROM orders AS t0',
  'SELECT t0.id, (SELECT count(*) FROM secrets AS r WHERE r.id = t0.id) AS x FROM orders AS t0',
  'SELECT t0.id FROM orders AS t0 WHERE t0.id = (SELECT count(*) FROM orders AS r WHERE r.id = t0.id AND pg_sleep(1) IS NULL)',
  'SELECT count(*) FROM orders AS t0 HAVING EXISTS (SELECT 1 FROM orders)',
  'SELECT count(*) FROM orders AS t0 HAVING count(*) > (SELECT count(*) FROM pg_shadow)',
  "SELECT count(*) FROM orders AS t0 HAVING count(*) > (SELECT pg_read_file('/etc/passwd')::int8)",
  'SELECT count(*) FROM orders AS t0 GROUP BY t0.id HAVING count(*) > (SELECT count(*) FROM (SELECT usename FROM pg_user) AS s)',
  'SELECT * FROM orders AS t0, LATERAL (SELECT t0.id) AS x',
  'SELECT * FROM (SELECT 1) AS t0 JOIN pg_shadow ON true',
  'SELECT * FROM (SELECT * FROM generate_series(1, 10)) AS t0',
  'SELECT * FROM (SELECT * FROM orders) AS t0 ORDER BY (SELECT 1)',
  // Windows: only row_number, sum and lag, over allowed expressions, without named windows.
  'SELECT row_number() OVER (ORDER BY pg_sleep(1)) FROM orders',
  'SELECT sum(id) OVER (PARTITION BY pg_backend_pid()) FROM orders',
  'SELECT pg_sleep(1) OVER () FROM orders',
  "SELECT string_agg(status, ',') OVER () FROM orders",
  'SELECT lag(id) FROM orders',
  'SELECT row_number() FROM orders',
  'SELECT sum(id) OVER w FROM orders WINDOW w AS (ORDER BY id)',
  'SELECT sum(id) OVER (w) FROM orders WINDOW w AS (ORDER BY id)',
  'SELECT lag(id, 1, pg_sleep(1)::int4) OVER () FROM orders',
  // CASE over a derived table only as a change measure writes it.
  'SELECT CASE WHEN true THEN 1 ELSE 0 END FROM (SELECT 1) AS w',
  'SELECT coalesce(CASE WHEN true THEN 1 END, 0) FROM (SELECT 1) AS w',
  'SELECT CASE WHEN true THEN 1 END FROM orders AS t0, (SELECT 1) AS w',
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

  it('lets a derived table of catalog tables through, as the compiler writes for per-group totals, windows and a limit per group', async () => {
    await expect(assertSafePostgresSelect('SELECT * FROM (SELECT * FROM orders) AS t0', catalog)).resolves.toBeUndefined();
  });

  it('names the reason, not the statement', async () => {
    await expect(assertSafePostgresSelect('SELECT count(*) FROM orders AS t0 WHERE EXISTS (SELECT 1 FROM pg_shadow)', catalog)).rejects.toThrow(/"pg_shadow"/);
    await expect(assertSafePostgresSelect('SELECT count(*) FROM orders AS t0 WHERE t0.id IN (SELECT id FROM orders)', catalog)).rejects.toThrow(/ANY_SUBLINK sub-select in WHERE/);
    await expect(assertSafePostgresSelect("SELECT string_agg(status, ',') OVER () FROM orders", catalog)).rejects.toThrow(/string_agg\(\) as a window function/);
    await expect(assertSafePostgresSelect('SELECT pg_sleep(60)', catalog)).rejects.toThrow(/pg_sleep\(\), which is not allowed/);
    await expect(assertSafePostgresSelect('SELECT 1; SELECT 2')).rejects.toThrow(/2 statements/);
  });
});
