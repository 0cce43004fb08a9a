import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';

/** A workspace never sees another's connections, runs or balance; foreign ids answer 404. */
describe('workspace isolation', () => {
  let server: ServerProcess;
  let keyA: string;
  let keyB: string;
  let connectionsA: number[];
  let connectionsB: number[];

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CHAT_WAIT_MS: '0' } });
    keyA = server.apiKey!;
    const { id: workspaceB } = await runCliJson<{ id: string }>(['workspace', 'create', '--name', 'Beta', '--owner', 'b@beta.test'], { dataDir: server.dataDir });
    ({ apiKey: keyB } = await runCliJson<{ apiKey: string }>(['key', 'create', '--workspace', workspaceB, '--as', 'b@beta.test'], { dataDir: server.dataDir }));
    connectionsA = (await api(server.baseUrl, '/api/v1/connections', { key: keyA })).body.data.map((c: { id: number }) => c.id);
    connectionsB = (await api(server.baseUrl, '/api/v1/connections', { key: keyB })).body.data.map((c: { id: number }) => c.id);
  });
  afterAll(async () => server?.dispose());

  it('gives each workspace its own connection records, samples included', () => {
    expect(connectionsA).toHaveLength(2);
    expect(connectionsB).toHaveLength(2);
    expect(connectionsA.filter((id) => connectionsB.includes(id))).toEqual([]);
  });

  it("answers 404 for another workspace's connection, run and never shows its balance", async () => {
    const chatA = await api(server.baseUrl, '/api/v1/chat', { key: keyA, body: { connectionId: connectionsA[0], prompt: 'how many orders' } });
    expect(chatA.status).toBe(202);
    const foreignRun = await api(server.baseUrl, `/api/v1/runs/${chatA.body.runId}`, { key: keyB });
    expect(foreignRun.status).toBe(404);
    expect(foreignRun.body.code).toBe('run_not_found');
    const unknownRun = await api(server.baseUrl, '/api/v1/runs/run_aaaaaaaaaaaaaaaaaaaa', { key: keyB });
    expect(foreignRun.body.detail.replace(chatA.body.runId, 'X')).toBe(unknownRun.body.detail.replace('run_aaaaaaaaaaaaaaaaaaaa', 'X'));

    const foreignConnection = await api(server.baseUrl, '/api/v1/chat', { key: keyB, body: { connectionId: connectionsA[0], prompt: 'how many orders' } });
    expect(foreignConnection.status).toBe(404);
    expect(foreignConnection.body.code).toBe('connection_not_found');

    await api(server.baseUrl, `/api/v1/runs/${chatA.body.runId}?wait=30`, { key: keyA });
    const contextA = (await api(server.baseUrl, '/api/v1/context', { key: keyA })).body;
    const contextB = (await api(server.baseUrl, '/api/v1/context', { key: keyB })).body;
    expect(contextA.prompts.used).toBe(1);
    expect(contextB.prompts).toEqual({ remaining: 100, used: 0 });
    expect(contextB.workspace.name).toBe('Beta');
  });
});
