import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';

/** QUERENT_CHAT_WAIT_MS=0: every chat answers 202 at once and the answer is read through /runs. */
describe('runs: 202 then poll', () => {
  let server: ServerProcess;
  let key: string;
  let sampleId: number;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CHAT_WAIT_MS: '0' } });
    key = server.apiKey!;
    sampleId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
  });
  afterAll(async () => server?.dispose());

  it('returns 202 with runId, Location and Retry-After, then the answer through GET /runs/{id}?wait', async () => {
    const accepted = await api(server.baseUrl, '/api/v1/chat?format=json', { key, body: { connectionId: sampleId, prompt: 'how many orders are there' } });
    expect(accepted.status, accepted.text).toBe(202);
    const { runId, status, poll } = accepted.body;
    expect(runId).toMatch(/^run_/);
    expect(['queued', 'running']).toContain(status);
    expect(poll).toBe(`/api/v1/runs/${runId}?wait=30`);
    expect(accepted.headers.get('location')).toBe(`/api/v1/runs/${runId}`);
    expect(Number(accepted.headers.get('retry-after'))).toBeGreaterThan(0);

    const started = Date.now();
    let run = (await api(server.baseUrl, poll, { key })).body;
    while (run.status !== 'complete' && run.status !== 'failed') run = (await api(server.baseUrl, poll, { key })).body;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run).toMatchObject({ runId, status: 'complete', connectionId: sampleId, format: 'json', prompt: 'how many orders are there' });
    expect(run.answer.tables[0].rows[0][0]).toBeGreaterThan(0);
  });

  it('re-renders a complete answer in another format for free', async () => {
    const accepted = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'how many customers' } });
    const done = await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?wait=30`, { key });
    expect(done.body.status).toBe('complete');
    const before = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts.remaining;
    const asText = await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?format=text`, { key });
    expect(asText.body.format).toBe('text');
    expect(Object.keys(asText.body.answer)).toEqual(['text']);
    expect(asText.body.answer.text).toBe(done.body.answer.text);
    const asEmail = await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?format=email`, { key });
    expect(asEmail.body.answer.mime).toContain('Content-Type: multipart/');
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts.remaining).toBe(before);
    expect((await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?format=pdf`, { key })).body.code).toBe('unsupported_format');
  });

  it('rejects wait outside 0–60 seconds', async () => {
    const accepted = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: sampleId, prompt: 'how many customers' } });
    for (const wait of ['61', '-1', 'soon']) {
      const response = await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?wait=${wait}`, { key });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
    }
    // Ended before the next test reads the balance, which must not see this run's charge land.
    expect((await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?wait=30`, { key })).body.status).toBe('complete');
  });

  it('treats a retry with the same Idempotency-Key and body as the same run, charged once', async () => {
    const headers = { 'idempotency-key': `test-${Date.now()}` };
    const before = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    const first = await api(server.baseUrl, '/api/v1/chat', { key, headers, body: { connectionId: sampleId, prompt: 'how many products' } });
    const second = await api(server.baseUrl, '/api/v1/chat', { key, headers, body: { connectionId: sampleId, prompt: 'how many products' } });
    expect(second.body.runId).toBe(first.body.runId);
    await api(server.baseUrl, `/api/v1/runs/${first.body.runId}?wait=30`, { key });
    const third = await api(server.baseUrl, '/api/v1/chat', { key, headers, body: { connectionId: sampleId, prompt: 'how many products' } });
    expect(third.status).toBe(200);
    expect(third.body.runId).toBe(first.body.runId);
    const after = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    expect(after.used).toBe(before.used + 1);
    const different = await api(server.baseUrl, '/api/v1/chat', { key, headers, body: { connectionId: sampleId, prompt: 'how many orders' } });
    expect(different.status).toBe(400);
    expect(different.body.code).toBe('invalid_request');
  });
});
