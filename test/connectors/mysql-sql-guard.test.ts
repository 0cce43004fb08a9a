/**
 * The MySQL guard: everything the compiler writes passes; hostile statements, with or without the
 * catalog, never do.
 */
import { describe, expect, it } from 'vitest';
import { compileMysql } from '../../src/connectors/mysql/mysql-compiler.ts';
import { assertSafeMysqlSelect } from '../../src/connectors/mysql/mysql-sql-guard.ts';
import { LEGAL_QUERIES, legalCatalog } from '../adversarial/legal-queries.ts';

const catalog = legalCatalog('shop');

/** Refused even without a catalog: not one plain SELECT, or text whose meaning depends on the server. */
const NEVER_A_SELECT = [
  'SELECT 1; DROP TABLE orders',
  'SELECT 1 /*!; DROP TABLE orders */',
  'SELECT 1 /*!50000 , SLEEP(60) */',
  'SELECT 1 -- ; DELETE FROM orders',
  'SELECT 1 # comment',
  "SELECT 'a\\'; DELETE FROM orders; -- '",
  'SELECT "x"',
  "SELECT * FROM orders INTO OUTFILE '/tmp/x'",
  "SELECT * FROM orders INTO DUMPFILE '/tmp/x'",
  'SELECT id INTO @stolen FROM orders',
  'SELECT * FROM orders FOR UPDATE',
  'SELECT * FROM orders LOCK IN SHARE MODE',
  "LOAD DATA INFILE '/etc/passwd' INTO TABLE orders",
  'DELETE FROM orders',
  "UPDATE orders SET status = 'paid'",
  'INSERT INTO orders (id) VALUES (1)',
  'REPLACE INTO orders (id) VALUES (1)',
  'DROP TABLE orders',
  'TRUNCATE TABLE orders',
  'SET SESSION TRANSACTION READ WRITE',
  'SELECT 1 UNION SELECT 2',
  'SELECT 1\0; DROP TABLE orders',
  "SELECT 'unclosed",
  '',
  // Sub-selects pass the same rules as the statement.
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE EXISTS (SELECT 1 FROM `shop`.`orders` FOR UPDATE)',
  "SELECT * FROM (SELECT * FROM `shop`.`orders` INTO OUTFILE '/tmp/x') AS t0",
  'SELECT * FROM (SELECT 1 UNION SELECT 2) AS t0',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 HAVING COUNT(*) > (SELECT COUNT(*) FROM `shop`.`orders` LOCK IN SHARE MODE)',
];

/** Plain SELECTs that only the catalog-bound rules refuse. */
const NOT_WHAT_THE_COMPILER_WRITES = [
  'SELECT SLEEP(60)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE SLEEP(60) = 0',
  "SELECT BENCHMARK(100000000, MD5('x'))",
  "SELECT LOAD_FILE('/etc/passwd')",
  'SELECT COUNT(*) FROM `shop`.`secrets`',
  'SELECT COUNT(*) FROM `mysql`.`user`',
  'SELECT COUNT(*) FROM `orders`',
  'WITH x AS (SELECT 1) SELECT * FROM x',
  'SELECT COUNT(*) OVER () FROM `shop`.`orders`',
  'SELECT @@version',
  'SELECT CAST(1 AS CHAR)',
  'SELECT `shop`.`f`(1)',
  "SELECT CONVERT(x USING latin1) FROM `shop`.`orders`",
  'SELECT CASE WHEN 1 = 1 THEN 1 END FROM `shop`.`orders`',
  'SELECT COALESCE(CASE WHEN 1 = 1 THEN 1 END, 0) FROM `shop`.`orders`',
  'SELECT SUM(CASE WHEN t0.`status` = ? THEN t0.`total` ELSE 0 END) FROM `shop`.`orders` AS t0',
  'SELECT SUM(CASE t0.`status` WHEN ? THEN t0.`total` END) FROM `shop`.`orders` AS t0',
  'SELECT SUM(CASE WHEN SLEEP(1) = 0 THEN t0.`total` END) FROM `shop`.`orders` AS t0',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE CASE WHEN t0.`id` > 1 THEN 1 END = 1',
  // Sub-selects: only catalog tables, only allowed functions, only where the compiler writes them.
  'SELECT * FROM (SELECT * FROM `mysql`.`user`) AS t0',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE EXISTS (SELECT 1 FROM `mysql`.`user`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE NOT EXISTS (SELECT SLEEP(10))',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE NOT EXISTS (SELECT 1 FROM `shop`.`secrets` AS r0_0 WHERE r0_0.`id` = t0.`id`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE t0.`id` IN (SELECT `id` FROM `shop`.`orders`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE t0.`total` > (SELECT MAX(`authentication_string`) FROM `mysql`.`user`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE t0.`total` > (SELECT SLEEP(10))',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE (SELECT COUNT(*) FROM `mysql`.`user`) > 1',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE (SELECT SLEEP(10)) BETWEEN 1 AND 2',
  'SELECT (SELECT COUNT(*) FROM `shop`.`orders`)',
  'SELECT t0.`id`, (SELECT MAX(`authentication_string`) FROM `mysql`.`user`) AS x FROM `shop`.`orders` AS t0',
  'SELECT t0.`id`, (SELECT MAX(r.`total`) FROM `shop`.`orders` AS r WHERE r.`id` = t0.`id`) AS x FROM `shop`.`orders` AS t0',
  'SELECT t0.`id`, (SELECT COUNT(*) FROM `shop`.`orders` AS r WHERE r.`id` = t0.`id`) + 1 AS x FROM `shop`.`orders` AS t0',
  'SELECT t0.`id`, (SELECT COUNT(*) FROM `shop`.`orders` AS r WHERE r.`id` = t0.`id` GROUP BY r.`id`) AS x FROM `shop`.`orders` AS t0',
  'SELECT t0.`id`, (SELECT COUNT(*) FROM `shop`.`secrets` AS r WHERE r.`id` = t0.`id`) AS x FROM `shop`.`orders` AS t0',
  'SELECT t0.`id`, (SELECT COUNT(*) FROM `shop`.`orders` AS r WHERE r.`id` = t0.`id` AND SLEEP(1) = 0) AS x FROM `shop`.`orders` AS t0',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 HAVING EXISTS (SELECT 1 FROM `shop`.`orders`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 HAVING COUNT(*) > (SELECT COUNT(*) FROM `mysql`.`user`)',
  'SELECT COUNT(*) FROM `shop`.`orders` AS t0 HAVING COUNT(*) > (SELECT BENCHMARK(1000000000, 1))',
  'SELECT * FROM (SELECT 1) AS a JOIN `shop`.`orders` AS t0 ON 1 = 1',
  'SELECT * FROM (WITH x AS (SELECT 1) SELECT * FROM x) AS t0',
  'SELECT * FROM (SELECT * FROM `shop`.`orders`) AS t0 WHERE (SELECT 1) = 1',
  // Windows: only ROW_NUMBER, SUM and LAG, over allowed expressions, with the one frame the compiler writes.
  'SELECT ROW_NUMBER() OVER (ORDER BY SLEEP(1)) FROM `shop`.`orders`',
  'SELECT SUM(`id`) OVER (PARTITION BY CONNECTION_ID()) FROM `shop`.`orders`',
  "SELECT GROUP_CONCAT(`status`) OVER () FROM `shop`.`orders`",
  'SELECT MAX(`id`) OVER () FROM `shop`.`orders`',
  'SELECT LAG(`id`) FROM `shop`.`orders`',
  'SELECT ROW_NUMBER() FROM `shop`.`orders`',
  'SELECT SUM(`id`) OVER w FROM `shop`.`orders` WINDOW w AS (ORDER BY `id`)',
  'SELECT SUM(`id`) OVER (ORDER BY `id` ROWS BETWEEN 5 PRECEDING AND CURRENT ROW) FROM `shop`.`orders`',
  'SELECT SUM(`id`) OVER (ORDER BY `id` ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM `shop`.`orders`',
  // CASE over a derived table only as a change measure writes it.
  'SELECT CASE WHEN 1 = 1 THEN 1 ELSE 0 END FROM (SELECT 1) AS w',
  'SELECT COALESCE(CASE WHEN 1 = 1 THEN 1 END, 0) FROM (SELECT 1) AS w',
];

describe('assertSafeMysqlSelect', () => {
  it.each(LEGAL_QUERIES.map(({ name, query }) => [name, query] as const))('lets compiled output through: %s', (_, query) => {
    const compiled = compileMysql(query, catalog, { maxRows: 1000 });
    expect(() => assertSafeMysqlSelect(compiled.text, catalog)).not.toThrow();
    expect(() => assertSafeMysqlSelect(compiled.text)).not.toThrow();
  });

  it.each(NEVER_A_SELECT)('refuses %j with or without a catalog', (text) => {
    expect(() => assertSafeMysqlSelect(text, catalog)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => assertSafeMysqlSelect(text)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it.each(NOT_WHAT_THE_COMPILER_WRITES)('refuses %j against the catalog', (text) => {
    expect(() => assertSafeMysqlSelect(text, catalog)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('lets a derived table of catalog tables through, as the compiler writes for per-group totals, windows and a limit per group', () => {
    expect(() => assertSafeMysqlSelect('SELECT * FROM (SELECT * FROM `shop`.`orders`) AS t0', catalog)).not.toThrow();
  });

  it('names the reason, not the statement', () => {
    expect(() => assertSafeMysqlSelect('SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE EXISTS (SELECT 1 FROM `mysql`.`user`)', catalog)).toThrow(/reads "mysql.user", which is not in the catalog/);
    expect(() => assertSafeMysqlSelect('SELECT COUNT(*) FROM `shop`.`orders` AS t0 WHERE t0.`id` IN (SELECT `id` FROM `shop`.`orders`)', catalog)).toThrow(/sub-select outside/);
    expect(() => assertSafeMysqlSelect('SELECT GROUP_CONCAT(`status`) OVER () FROM `shop`.`orders`', catalog)).toThrow(/GROUP_CONCAT\(\) as a window function/);
    expect(() => assertSafeMysqlSelect('SELECT SLEEP(60)', catalog)).toThrow(/SLEEP\(\), which is not allowed/);
    expect(() => assertSafeMysqlSelect('SELECT 1 /*! ; DROP TABLE orders */')).toThrow(/comment/);
  });
});
