import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';

interface Connection { id: number; name: string; sample: boolean }

/** POST /chat with previousRunId: a follow-up of a complete run of the same workspace and connection. */
describe('follow-up questions (previousRunId)', () => {
  let server: ServerProcess;
  let key: string;
  let otherKey: string;
  let wholesale: number;
  let otherSample: number;
  let otherWorkspaceWholesale: number;
  let answeredRunId: string;

  const chat = (body: Record<string, unknown>, options: { key?: string; headers?: Record<string, string> } = {}) =>
    api(server.baseUrl, '/api/v1/chat', { key: options.key ?? key, body, headers: options.headers });
  const used = async (): Promise<number> => (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts.used;

  beforeAll(async () => {
    server = await startServer();
    key = server.apiKey!;
    const mine: Connection[] = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data;
    wholesale = mine.find((connection) => /wholesale/i.test(connection.name))!.id;
    otherSample = mine.find((connection) => connection.sample && connection.id !== wholesale)!.id;
    const { id: otherWorkspace } = await runCliJson<{ id: string }>(
      ['workspace', 'create', '--name', 'Other', '--owner', 'o@other.test'], { dataDir: server.dataDir });
    ({ apiKey: otherKey } = await runCliJson<{ apiKey: string }>(
      ['key', 'create', '--workspace', otherWorkspace, '--as', 'o@other.test'], { dataDir: server.dataDir }));
    const theirs: Connection[] = (await api(server.baseUrl, '/api/v1/connections', { key: otherKey })).body.data;
    otherWorkspaceWholesale = theirs.find((connection) => /wholesale/i.test(connection.name))!.id;

    const answered = await chat({ connectionId: wholesale, prompt: 'how many customers per segment' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    answeredRunId = answered.body.runId;
  });
  afterAll(async () => server?.dispose());

  it('accepts a follow-up of a complete run, charges one prompt and shows previousRunId in the envelope', async () => {
    const before = await used();
    const followUp = await chat({ connectionId: wholesale, prompt: 'number of employees per office', previousRunId: answeredRunId });
    expect(followUp.status, JSON.stringify(followUp.body)).toBe(200);
    expect(followUp.body).toMatchObject({ status: 'complete', previousRunId: answeredRunId });
    expect(await used()).toBe(before + 1);
    const read = await api(server.baseUrl, `/api/v1/runs/${followUp.body.runId}`, { key });
    expect(read.body.previousRunId).toBe(answeredRunId);
    const first = await api(server.baseUrl, `/api/v1/runs/${answeredRunId}`, { key });
    expect(first.body.previousRunId).toBeNull();
  });

  it("answers 404 run_not_found for another workspace's run, exactly as for a run that does not exist", async () => {
    const foreign = await chat({ connectionId: otherWorkspaceWholesale, prompt: 'how many orders this month', previousRunId: answeredRunId },
      { key: otherKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('run_not_found');
    const unknownId = 'run_aaaaaaaaaaaaaaaaaaaa';
    const unknown = await chat({ connectionId: otherWorkspaceWholesale, prompt: 'how many orders this month', previousRunId: unknownId },
      { key: otherKey });
    expect(unknown.status).toBe(404);
    expect(foreign.body.detail.replace(answeredRunId, 'X')).toBe(unknown.body.detail.replace(unknownId, 'X'));
    expect((await api(server.baseUrl, '/api/v1/context', { key: otherKey })).body.prompts.used).toBe(0);
  });

  it("answers 404 run_not_found for a run of another connection in the same workspace", async () => {
    const before = await used();
    const otherConnection = await chat({ connectionId: otherSample, prompt: 'how many customers', previousRunId: answeredRunId });
    expect(otherConnection.status).toBe(404);
    expect(otherConnection.body.code).toBe('run_not_found');
    expect(await used()).toBe(before);
  });

  it('answers 400 invalid_request for a declined run, saying why', async () => {
    const declined = await chat({ connectionId: wholesale, prompt: 'what is the weather' });
    expect(declined.status).toBe(422);
    const followUp = await chat({ connectionId: wholesale, prompt: 'how many orders this month', previousRunId: declined.body.runId });
    expect(followUp.status).toBe(400);
    expect(followUp.body.code).toBe('invalid_request');
    expect(followUp.body.detail).toMatch(/was declined.*only a complete run/);
  });

  it('counts previousRunId in the body an Idempotency-Key replay is compared with', async () => {
    const headers = { 'idempotency-key': 'follow-up-replay' };
    const body = { connectionId: wholesale, prompt: 'how many orders this month', previousRunId: answeredRunId };
    const first = await chat(body, { headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await used();
    const replay = await chat(body, { headers });
    expect(replay.body.runId).toBe(first.body.runId);
    expect(await used()).toBe(before);
    const withoutPrevious = await chat({ connectionId: wholesale, prompt: 'how many orders this month' }, { headers });
    expect(withoutPrevious.status).toBe(400);
    expect(withoutPrevious.body.detail).toMatch(/Idempotency-Key was already used/);
  });
});
