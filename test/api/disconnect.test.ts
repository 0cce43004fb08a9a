import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';
import { openStore } from '../../src/store/open-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a chat and destroys its socket after `afterMs`, before any answer. */
function chatThenDisconnect(server: ServerProcess, body: unknown, afterMs: number, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}/api/v1/chat`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey!, 'content-type': 'application/json', ...headers },
    });
    request.on('error', () => undefined);
    request.on('response', (response) => reject(new Error(`the chat answered ${response.statusCode} before the client went away`)));
    request.end(JSON.stringify(body));
    setTimeout(() => {
      request.destroy();
      resolve();
    }, afterMs);
  });
}

/**
 * A chat whose client goes away before the answer: cancelled and not charged, unless it carries an
 * Idempotency-Key (then it goes on, and the retry replays it). The chat is made slow by the queue:
 * one run at a time per workspace, and that one held by a question on a data source that accepts
 * connections and never answers, until the test lets it fail.
 */
describe('client disconnects during a chat', () => {
  let server: ServerProcess;
  let silent: net.Server;
  const held = new Set<net.Socket>();
  let silentId: number;
  let sampleId: number;
  const balance = async () => (await api(server.baseUrl, '/api/v1/context', { key: server.apiKey })).body.prompts;

  /** Occupies the workspace's one run slot until `release`. */
  async function occupySlot(): Promise<{ release(): Promise<void> }> {
    const occupying = api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body: { connectionId: silentId, prompt: 'how many orders are there' } });
    while (held.size === 0) await sleep(50);
    return {
      async release() {
        for (const socket of held) socket.destroy();
        held.clear();
        expect((await occupying).status).toBeGreaterThanOrEqual(400);
      },
    };
  }

  beforeAll(async () => {
    silent = net.createServer((socket) => held.add(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    server = await startServer({ env: { QUERENT_WORKSPACE_CONCURRENCY: '1' } });
    silentId = (await runCliJson<{ id: number }>(['connection', 'add', '--workspace', server.workspaceId!, '--kind', 'postgresql',
      '--name', 'silent', '--url', `postgresql://reader@127.0.0.1:${port}/shop`, '--no-test'], { dataDir: server.dataDir })).id;
    sampleId = (await api(server.baseUrl, '/api/v1/connections', { key: server.apiKey })).body.data[0].id;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    silent?.close();
    await server?.dispose();
  });

  it('cancels the run and charges nothing when the client goes away without an Idempotency-Key', async () => {
    const before = await balance();
    const slot = await occupySlot();
    await chatThenDisconnect(server, { connectionId: sampleId, prompt: 'how many orders are there' }, 500);
    await sleep(300);
    // The slot frees: the queued run would now run, and be charged if answered, were it not cancelled.
    await slot.release();
    await sleep(1_500);
    expect(await balance()).toEqual(before);
    // A chat whose client stays is still charged when answered.
    const answered = await api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body: { connectionId: sampleId, prompt: 'how many orders are there' } });
    expect(answered.status, answered.text).toBe(200);
    expect((await balance()).used).toBe(before.used + 1);
  });

  it('keeps a run with an Idempotency-Key going: the retry replays it, charged at most once', async () => {
    const before = await balance();
    const body = { connectionId: sampleId, prompt: 'how many customers are there' };
    const slot = await occupySlot();
    await chatThenDisconnect(server, body, 500, { 'idempotency-key': 'disconnect-1' });
    await slot.release();
    const replay = await api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body, headers: { 'idempotency-key': 'disconnect-1' } });
    expect(replay.status, replay.text).toBe(200);
    expect((await balance()).used).toBe(before.used + 1);
    const again = await api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body, headers: { 'idempotency-key': 'disconnect-1' } });
    expect(again.body.runId).toBe(replay.body.runId);
  });

  it('records the disconnected run as cancelled, and only that one', async () => {
    await server.stop();
    const db = await openStore({ dataDir: server.dataDir });
    try {
      const runs = await db.query<{ prompt: string; status: string; code: string | null; idempotency_key: string | null }>(
        "SELECT prompt, status, error->>'code' AS code, idempotency_key FROM runs WHERE connection_id = $1 ORDER BY created_at", [sampleId]);
      const cancelled = runs.filter((run) => run.code === 'run_cancelled');
      expect(cancelled).toEqual([{ prompt: 'how many orders are there', status: 'failed', code: 'run_cancelled', idempotency_key: null }]);
      expect(runs.find((run) => run.idempotency_key === 'disconnect-1')?.status).toBe('complete');
    } finally {
      await db.close();
    }
  });
});
