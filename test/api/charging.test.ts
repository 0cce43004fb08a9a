import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';

/** N concurrent chats on a balance of B < N: exactly B answers, the rest 402, never negative. */
describe('prompt charging under concurrency', () => {
  let server: ServerProcess;
  let key: string;
  let sampleId: number;
  const BALANCE = 3;
  const CONCURRENT = 10;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_TRIAL_PROMPTS: String(BALANCE) } });
    key = server.apiKey!;
    sampleId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
  });
  afterAll(async () => server?.dispose());

  it(`answers exactly ${BALANCE} of ${CONCURRENT} concurrent chats and refuses the rest with 402`, async () => {
    const responses = await Promise.all(Array.from({ length: CONCURRENT }, (_, index) =>
      api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: `how many orders ${index % 2 ? '' : 'are there'}` } })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(BALANCE);
    expect(statuses.filter((status) => status === 402)).toHaveLength(CONCURRENT - BALANCE);
    for (const refused of responses.filter((response) => response.status === 402)) {
      expect(refused.body.code).toBe('insufficient_prompts');
    }
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts).toEqual({ remaining: 0, used: BALANCE });
  });

  it('refuses with 402 at zero, and answers again once prompts are granted (the server sees the grant at once)', async () => {
    const refused = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'how many orders' } });
    expect(refused.status).toBe(402);
    const granted = await runCliJson<{ remaining: number }>(['prompts', 'grant', '--workspace', server.workspaceId!, '--amount', '2'], { dataDir: server.dataDir });
    expect(granted).toEqual({ remaining: 2 });
    const answered = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'how many orders' } });
    expect(answered.status).toBe(200);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts).toEqual({ remaining: 1, used: BALANCE + 1 });
  });

  it('does not charge for questions it cannot answer', async () => {
    const declined = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'zzqx blorf wibble' } });
    expect(declined.status).toBe(422);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts.remaining).toBe(1);
  });
});
