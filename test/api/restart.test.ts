import net from 'node:net';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';
import { tempDir } from '../support/paths.ts';

/** A TCP server that accepts connections and never answers: a data source that hangs. */
async function startBlackhole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => { sockets.add(socket); socket.on('error', () => undefined); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => { for (const socket of sockets) socket.destroy(); server.close(() => resolve()); }),
  };
}

/** After SIGKILL and restart, no run stays queued or running: each is resumed or ends failed. */
describe('restart recovery after SIGKILL', () => {
  const dataDir = tempDir('restart');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes queued runs and fails interrupted ones that cannot finish, charging only answers', async () => {
    const env = { QUERENT_CHAT_WAIT_MS: '0', QUERENT_WORKSPACE_CONCURRENCY: '1' };
    const blackhole = await startBlackhole();
    server = await startServer({ dataDir, env });
    const key = server.apiKey!;
    const sampleId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
    const { id: hangingId } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', server.workspaceId!, '--kind', 'postgresql',
      '--name', 'hangs', '--url', `postgresql://reader@127.0.0.1:${blackhole.port}/erp`, '--no-test'], { dataDir });

    const hanging = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: hangingId, prompt: 'how many orders' } });
    const queued = await Promise.all([1, 2].map(() =>
      api(server!.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'how many customers' } })));
    expect([hanging, ...queued].map((response) => response.status)).toEqual([202, 202, 202]);
    const beforeKill = await api(server.baseUrl, `/api/v1/runs/${hanging.body.runId}`, { key });
    expect(beforeKill.body.status).toBe('running');
    expect((await api(server.baseUrl, `/api/v1/runs/${queued[1]!.body.runId}`, { key })).body.status).toBe('queued');

    await server.kill();
    await blackhole.close();
    server = await startServer({ dataDir, env });
    expect(server.apiKey).toBeUndefined();

    const ended = await Promise.all([hanging, ...queued].map(async (response) => {
      let run = (await api(server!.baseUrl, `/api/v1/runs/${response.body.runId}?wait=30`, { key })).body;
      for (let attempt = 0; attempt < 5 && (run.status === 'queued' || run.status === 'running'); attempt += 1) {
        run = (await api(server!.baseUrl, `/api/v1/runs/${response.body.runId}?wait=30`, { key })).body;
      }
      return run;
    }));
    expect(ended[0]).toMatchObject({ status: 'failed', error: { code: 'connection_unavailable' } });
    expect(ended.slice(1).map((run) => run.status)).toEqual(['complete', 'complete']);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts).toEqual({ remaining: 98, used: 2 });
  });
});
