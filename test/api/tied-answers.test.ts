import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { createMysqlTestDatabase, type MysqlTestDatabase } from '../connectors/mysql-fixture.ts';

/**
 * "Which occupation is the most common?" when two occupations have the most members: a limit that
 * cuts through tied rows would name one of them by the tie-break alone. The run declines it,
 * uncharged, naming the tied rows; a cut between different values is answered. On PostgreSQL and
 * MariaDB, over HTTP.
 */
const MEMBERS: readonly [number, string, string][] = [
  [1, 'Ada Park', 'Student'], [2, 'Ben Ruiz', 'Retired'], [3, 'Cleo Nash', 'Student'],
  [4, 'Dev Shah', 'Retired'], [5, 'Eli Stone', 'Pilot'], [6, 'Fay Lund', 'Nurse'], [7, 'Gus Hale', 'Nurse'],
];
const TABLE = 'CREATE TABLE club_member (member_id integer PRIMARY KEY, full_name varchar(60) NOT NULL, occupation varchar(40) NOT NULL)';
const INSERT = `INSERT INTO club_member VALUES ${MEMBERS.map(([id, name, occupation]) => `(${id}, '${name}', '${occupation}')`).join(', ')}`;

describe('a limit that cuts through tied rows', () => {
  let server: ServerProcess;
  let postgres: Awaited<ReturnType<typeof createTestDatabase>>;
  let mariadb: MysqlTestDatabase;
  const ids: number[] = [];

  beforeAll(async () => {
    postgres = await createTestDatabase('querent_ties');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(TABLE);
    await client.query(INSERT);
    await client.end();
    mariadb = await createMysqlTestDatabase('querent_ties');
    await mariadb.admin.query(TABLE);
    await mariadb.admin.query(INSERT);
    server = await startServer();
    for (const [kind, url] of [['postgresql', postgres.url], ['mysql', mariadb.url]] as const) {
      ids.push((await runCliJson<{ id: number }>(['connection', 'add', '--workspace', server.workspaceId!, '--kind', kind, '--name', `club on ${kind}`, '--url', url], { dataDir: server.dataDir })).id);
    }
  });
  afterAll(async () => {
    await server?.dispose();
    await postgres?.drop();
    await mariadb?.drop();
  });

  const chat = (connectionId: number, prompt: string) => api(server.baseUrl, '/api/v1/chat?format=json', { key: server.apiKey, body: { connectionId, prompt } });

  it('is declined with the tied rows named, and not charged', async () => {
    const before = (await api(server.baseUrl, '/api/v1/context', { key: server.apiKey })).body.prompts;
    for (const connectionId of ids) {
      const response = await chat(connectionId, 'which occupation is the most common among club members?');
      expect(response.status, response.text).toBe(422);
      expect(response.body).toMatchObject({ code: 'question_not_understood', reason: 'tied_at_cut' });
      expect(response.body.detail).toContain('"Retired"');
      expect(response.body.detail).toContain('"Student"');
    }
    expect((await api(server.baseUrl, '/api/v1/context', { key: server.apiKey })).body.prompts).toEqual(before);
  });

  it('is answered when the rows cut are not tied with the ones kept', async () => {
    for (const connectionId of ids) {
      const response = await chat(connectionId, 'which occupation is the least common among club members?');
      expect(response.status, response.text).toBe(200);
      expect(response.body.answer.tables[0].rows[0][0]).toBe('Pilot');
    }
  });
});
