/**
 * The MySQL client on the MariaDB test server: flavour, read-only transaction, timeout, KILL QUERY
 * on abort, and the values of every common column type. (The connector contract covers the rest.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMysqlClient, sessionSettingsSql, type MysqlClient } from '../../src/connectors/mysql/mysql-client.ts';
import { createMysqlConnector } from '../../src/connectors/mysql/mysql-connector.ts';
import { parseMysqlUrl } from '../../src/connectors/mysql/mysql-url.ts';
import type { Connector } from '../../src/connectors/connector.ts';
import { createMysqlTestDatabase, type MysqlTestDatabase } from './mysql-fixture.ts';

const SETUP = [
  `CREATE TABLE things (id BIGINT PRIMARY KEY, mood ENUM('happy','sad'), price DECIMAL(10,2), seen_at TIMESTAMP NULL,
    made_at DATETIME(3), born DATE, ok BOOLEAN, raw VARBINARY(4), doc JSON, ratio DOUBLE, label VARCHAR(20))`,
  `INSERT INTO things VALUES (1, 'happy', 12.50, '2024-03-01 10:00:00', '2024-03-01 10:00:00.500', '1999-12-31', TRUE, 0x0102, '{"a": 1}', 0.1, 'Paris'),
    (9007199254740991, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
];

describe('MySQL client on MariaDB', () => {
  let database: MysqlTestDatabase;
  let client: MysqlClient;
  let connector: Connector;
  const sql = (text: string) => ({ language: 'sql' as const, dialect: 'mysql', text, params: [] });
  const running = async (marker: string) => {
    const [rows] = await database.admin.query({ sql: `SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND INFO LIKE '%${marker}%'`, rowsAsArray: true });
    return Number((rows as unknown[][])[0]![0]);
  };

  beforeAll(async () => {
    database = await createMysqlTestDatabase();
    for (const statement of SETUP) await database.admin.query(statement);
    client = createMysqlClient({ connection: parseMysqlUrl(database.url).connection, maxConnections: 2 });
    connector = createMysqlConnector({ url: database.url, maxConnections: 2 });
  });
  afterAll(async () => {
    await client?.close();
    await connector?.close();
    await database?.drop();
  });

  it('detects the flavour from SELECT VERSION()', async () => {
    expect(await client.flavour()).toBe('mariadb');
  });

  it('sets each flavour\'s timeout in its unit', () => {
    expect(sessionSettingsSql('mariadb', 500)).toBe("SET SESSION max_statement_time = 0.5, div_precision_increment = 30, time_zone = '+00:00'");
    expect(sessionSettingsSql('mysql', 500)).toBe("SET SESSION max_execution_time = 500, div_precision_increment = 30, time_zone = '+00:00'");
  });

  it('decodes every common type as the PostgreSQL connector would', async () => {
    const result = await connector.execute(sql('SELECT id, mood, price, seen_at, made_at, born, ok, raw, doc, ratio, label, COUNT(*) OVER () AS n FROM things ORDER BY id'));
    expect(result.columns.map((column) => column.type)).toEqual(['integer', 'text', 'number', 'timestamp', 'timestamp', 'date', 'boolean', 'other', 'text', 'number', 'text', 'integer']);
    expect(result.rows).toEqual([
      [1, 'happy', 12.5, '2024-03-01T10:00:00Z', '2024-03-01T10:00:00.500', '1999-12-31', true, '\\x0102', '{"a": 1}', 0.1, 'Paris', 2],
      [9007199254740991, null, null, null, null, null, null, null, null, null, null, 2],
    ]);
  });

  it('refuses INSERT and UPDATE inside the read-only transaction; the table is unchanged', async () => {
    for (const statement of ["INSERT INTO things (id) VALUES (3)", "UPDATE things SET label = 'Lyon'", 'DELETE FROM things']) {
      await expect(connector.execute(sql(statement)), statement).rejects.toMatchObject({ code: 'invalid_request' });
    }
    const [rows] = await database.admin.query({ sql: 'SELECT COUNT(*), MAX(label) FROM things', rowsAsArray: true });
    expect(rows).toEqual([['2', 'Paris']]);
  });

  it('stops SLEEP(5) after a 500 ms timeout with query_timeout', async () => {
    const startedAt = Date.now();
    await expect(connector.execute(sql("SELECT SLEEP(5), 'client_timeout_marker'"), { timeoutMs: 500 })).rejects.toMatchObject({ code: 'query_timeout' });
    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(await running('client_timeout_marker')).toBe(0);
  });

  it('kills the statement on abort (KILL QUERY): it is gone from the process list, the pool still works', async () => {
    const marker = `client_abort_${Date.now()}`;
    const controller = new AbortController();
    const pending = connector.execute(sql(`SELECT SLEEP(5), '${marker}'`), { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await running(marker)).toBe(1);
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toThrow('run cancelled');
    expect(await running(marker)).toBe(0);
    expect((await connector.execute(sql('SELECT 1 AS one'))).rows).toEqual([[1]]);
  });

  it('runs one statement only, also without parameters', async () => {
    await expect(connector.execute(sql('SELECT 1; SELECT 2'))).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a compiled query of another dialect', async () => {
    await expect(connector.execute({ ...sql('SELECT 1'), dialect: 'postgresql' })).rejects.toMatchObject({ code: 'internal_error' });
  });

  it('samples enum values of big tables from their declared values; skips JSON (LONGTEXT on MariaDB)', async () => {
    const catalog = await connector.introspect();
    const big = { entities: catalog.entities.map((entity) => ({ ...entity, rowCount: 10_000_000 })) };
    expect(await connector.sampleValues(big)).toEqual([{ entity: 'things', column: 'mood', values: ['happy', 'sad'] }]);
    const sampled = await connector.sampleValues(catalog);
    expect(sampled.sort((left, right) => left.column.localeCompare(right.column))).toEqual([
      { entity: 'things', column: 'label', values: ['Paris'] },
      { entity: 'things', column: 'mood', values: ['happy'] },
    ]);
  });
});
