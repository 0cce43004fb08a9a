import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCli, runCliJson } from '../support/cli-process.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { postgresFixtureSql } from '../connectors/postgres-fixture.ts';
import { createMysqlTestDatabase, mysqlFixtureStatements, type MysqlTestDatabase } from '../connectors/mysql-fixture.ts';
import { ORDER_COUNT, fixtureRecords } from '../contracts/connector-fixture.ts';

/** A customer's own PostgreSQL and MariaDB databases, added with the CLI and asked over HTTP. */
describe('questions on customer PostgreSQL and MariaDB connections', () => {
  let server: ServerProcess;
  let postgres: Awaited<ReturnType<typeof createTestDatabase>>;
  let mariadb: MysqlTestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    postgres = await createTestDatabase('querent_api');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(postgresFixtureSql());
    await client.end();
    mariadb = await createMysqlTestDatabase('querent_api');
    for (const statement of mysqlFixtureStatements()) await mariadb.admin.query(statement);

    server = await startServer();
    const add = async (kind: string, url: string) => (await runCliJson<{ id: number }>(
      ['connection', 'add', '--workspace', server.workspaceId!, '--kind', kind, '--name', `shop on ${kind}`, '--url', url], { dataDir: server.dataDir })).id;
    ids.postgresql = await add('postgresql', postgres.url);
    ids.mysql = await add('mysql', mariadb.url);
  });
  afterAll(async () => {
    await server?.dispose();
    await postgres?.drop();
    await mariadb?.drop();
  });

  it('tests both connections from the CLI', async () => {
    for (const id of Object.values(ids)) {
      const result = await runCli(['connection', 'test', '--workspace', server.workspaceId!, '--id', String(id)], { dataDir: server.dataDir });
      expect(result.code, result.stderr).toBe(0);
    }
  });

  it.each([
    ['how many customers are there?', fixtureRecords('customers').length],
    ['number of orders', ORDER_COUNT],
  ])('answers "%s" the same on both kinds, from the data', async (prompt, expected) => {
    const answers = await Promise.all(Object.values(ids).map((connectionId) =>
      api(server.baseUrl, '/api/v1/chat?format=json', { key: server.apiKey, body: { connectionId, prompt } })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const [onPostgres, onMariadb] = answers.map((answer) => answer.body.answer);
    expect(onPostgres.tables[0].rows).toEqual([[expected]]);
    expect(onMariadb.tables[0].rows).toEqual(onPostgres.tables[0].rows);
    expect(onPostgres.query.dialect).toBe('postgresql');
    expect(onMariadb.query.dialect).toBe('mysql');
    expect(onMariadb.query.text).toContain('`');
  });
});
