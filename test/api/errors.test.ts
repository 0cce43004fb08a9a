import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';
import { expectProblem } from '../support/problem.ts';

/** Every error the API can return, as problem+json, never a 5xx for bad input. */
describe('errors', () => {
  let server: ServerProcess;
  let key: string;
  let sampleId: number;
  const chat = (body: unknown, query = '') => api(server.baseUrl, `/api/v1/chat${query}`, { key, body });

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
    key = server.apiKey!;
    sampleId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
  });
  afterAll(async () => server?.dispose());

  it('401 missing_api_key without a key, on every endpoint', async () => {
    for (const path of ['/api/v1/context', '/api/v1/connections', '/api/v1/runs/run_x']) {
      expectProblem(await api(server.baseUrl, path), 401, 'missing_api_key');
    }
    expectProblem(await api(server.baseUrl, '/api/v1/chat', { body: { connectionId: sampleId, prompt: 'x' } }), 401, 'missing_api_key');
    expectProblem(await api(server.baseUrl, '/api/v1/context', { headers: { authorization: 'Basic abc' } }), 401, 'missing_api_key');
  });

  it('401 invalid_api_key for malformed, unknown and tampered keys', async () => {
    const tampered = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    for (const bad of ['nonsense', 'qk_aaaaaaaaaaaa_' + 'b'.repeat(32), tampered]) {
      expectProblem(await api(server.baseUrl, '/api/v1/context', { key: bad }), 401, 'invalid_api_key');
      expectProblem(await api(server.baseUrl, '/api/v1/context', { bearer: bad }), 401, 'invalid_api_key');
    }
  });

  it('400 invalid_request for malformed bodies, with the offending paths', async () => {
    const raw = (rawBody: string) => api(server.baseUrl, '/api/v1/chat', { key, rawBody, headers: { 'content-type': 'application/json' } });
    expectProblem(await raw('{"connectionId": 1, "prompt": '), 400, 'invalid_request');
    expectProblem(await raw(''), 400, 'invalid_request');
    expectProblem(await raw('[1,2]'), 400, 'invalid_request');
    expectProblem(await raw('null'), 400, 'invalid_request');
    for (const body of [
      {}, { prompt: 'how many orders' }, { connectionId: sampleId }, { connectionId: String(sampleId), prompt: 'how many orders' },
      { connectionId: 1.5, prompt: 'x' }, { connectionId: -1, prompt: 'x' }, { connectionId: sampleId, prompt: 42 },
      { connectionId: sampleId, prompt: '   ' }, { connectionId: sampleId, prompt: 'x'.repeat(2001) }, { connectionId: 1e20, prompt: 'x' },
    ]) {
      const response = await chat(body);
      expectProblem(response, 400, 'invalid_request');
      expect(response.body.errors?.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('400 invalid_request for bad query parameters', async () => {
    for (const path of ['/api/v1/connections?limit=0', '/api/v1/connections?limit=101', '/api/v1/connections?limit=abc',
      '/api/v1/connections?cursor=%%%', '/api/v1/connections?kind=oracle']) {
      expectProblem(await api(server.baseUrl, path, { key }), 400, 'invalid_request');
    }
  });

  it('400 unsupported_format for an unknown format', async () => {
    expectProblem(await chat({ connectionId: sampleId, prompt: 'how many orders' }, '?format=pdf'), 400, 'unsupported_format');
  });

  it('404 connection_not_found for unknown connection ids', async () => {
    expectProblem(await chat({ connectionId: 999_999, prompt: 'how many orders' }), 404, 'connection_not_found');
  });

  it('404 run_not_found and not_found', async () => {
    expectProblem(await api(server.baseUrl, '/api/v1/runs/run_doesnotexist', { key }), 404, 'run_not_found');
    expectProblem(await api(server.baseUrl, `/api/v1/runs/${'x'.repeat(500)}`, { key }), 404, 'run_not_found');
    expectProblem(await api(server.baseUrl, `/api/v1/runs/${'x'.repeat(5000)}`, { key }), 400, 'invalid_request');
    expectProblem(await api(server.baseUrl, '/api/v1/nothing-here', { key }), 404, 'not_found');
  });

  it('413 payload_too_large above 16 KiB', async () => {
    expectProblem(await chat({ connectionId: sampleId, prompt: 'x', padding: 'y'.repeat(20_000) }), 413, 'payload_too_large');
  });

  it('415 unsupported_media_type for anything but JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      expectProblem(await api(server.baseUrl, '/api/v1/chat', { key, rawBody: 'connectionId=1', headers: { 'content-type': type } }), 415, 'unsupported_media_type');
    }
  });

  it('422 question_not_understood with suggestions, uncharged', async () => {
    const before = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    const response = await chat({ connectionId: sampleId, prompt: 'please sing me a song about the moon' });
    expectProblem(response, 422, 'question_not_understood');
    expect(response.body.suggestions.length).toBeGreaterThan(0);
    expect(response.body.runId).toMatch(/^run_/);
    const after = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    expect(after).toEqual(before);
    const run = await api(server.baseUrl, `/api/v1/runs/${response.body.runId}`, { key });
    expect(run.body).toMatchObject({ status: 'failed', error: { code: 'question_not_understood' } });
  });

  it('502 connection_unavailable with a safe message, uncharged, and no secret in any output', async () => {
    const { id } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', server.workspaceId!, '--kind', 'postgresql',
      '--name', 'unreachable', '--url', 'postgresql://reader:hunter2secret@127.0.0.1:1/erp', '--no-test'], { dataDir: server.dataDir });
    const before = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    const response = await chat({ connectionId: id, prompt: 'how many orders' });
    expectProblem(response, 502, 'connection_unavailable');
    expect(response.text).not.toContain('hunter2secret');
    const listed = await api(server.baseUrl, '/api/v1/connections', { key });
    expect(listed.text).not.toContain('hunter2secret');
    expect(listed.text).not.toContain('127.0.0.1:1');
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts).toEqual(before);
    // The log lines (JSON); the first-start banner that shows the key once is not a log line.
    const log = server.output.join('').split('\n').filter((line) => line.startsWith('{')).join('\n');
    expect(log).toContain('"statusCode":502');
    expect(log).not.toContain('hunter2secret');
    expect(log).not.toContain(key);
  });
});
