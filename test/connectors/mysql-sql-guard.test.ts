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
  'SELECT * FROM (SELECT * FROM `shop`.`orders`) AS t0',
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

  it('names the reason, not the statement', () => {
    expect(() => assertSafeMysqlSelect('SELECT SLEEP(60)', catalog)).toThrow(/SLEEP\(\), which is not allowed/);
    expect(() => assertSafeMysqlSelect('SELECT 1 /*! ; DROP TABLE orders */')).toThrow(/comment/);
  });
});
