import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCli, runCliJson } from '../support/cli-process.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { postgresFixtureSql } from '../connectors/postgres-fixture.ts';
import { fixtureRecords } from '../contracts/connector-fixture.ts';

/** A TCP proxy to the real PostgreSQL server, on a port of its own, that can be switched on and off. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startProxy(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1');
    for (const socket of [client, upstream]) { sockets.add(socket); socket.on('error', () => undefined); }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({
    close: () => new Promise((done) => { for (const socket of sockets) socket.destroy(); server.close(() => done()); }),
  })));
}

/** A customer database that is down answers 502, and works again once it is back, without a restart. */
describe('a connection that comes back', () => {
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let port: number;
  let connectionId: number;

  beforeAll(async () => {
    database = await createTestDatabase('querent_recovery');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(postgresFixtureSql());
    await client.end();
    port = await freePort();
    server = await startServer();
    const url = new URL(database.url);
    url.port = String(port);
    ({ id: connectionId } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', server.workspaceId!, '--kind', 'postgresql',
      '--name', 'flaky', '--url', url.toString(), '--no-test'], { dataDir: server.dataDir }));
  });
  afterAll(async () => {
    await server?.dispose();
    await database?.drop();
  });

  it('answers 502 while the database is unreachable and 200 once it answers again', async () => {
    const ask = () => api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body: { connectionId, prompt: 'how many customers are there?' } });
    const down = await ask();
    expect(down.status).toBe(502);
    expect(down.body.code).toBe('connection_unavailable');
    const test = await runCli(['connection', 'test', '--workspace', server.workspaceId!, '--id', String(connectionId)], { dataDir: server.dataDir });
    expect(test.code).not.toBe(0);
    expect(test.stderr).toMatch(/refused|unreachable|not reachable/i);

    const proxy = await startProxy(port);
    try {
      const up = await ask();
      expect(up.status, up.text).toBe(200);
      expect(up.body.answer.tables[0].rows).toEqual([[fixtureRecords('customers').length]]);
    } finally {
      await proxy.close();
    }
    expect((await ask()).status).toBe(502);
  });
});
