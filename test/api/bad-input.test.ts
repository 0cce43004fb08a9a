import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';
import { expectProblem } from '../support/problem.ts';
import { tempDir } from '../support/paths.ts';
import { looseModes } from '../support/file-modes.ts';

/** Input no store can keep (NUL, lone surrogates) and numbers past a column's range: 4xx, never 500. */
describe('bad input', () => {
  let server: ServerProcess;
  let key: string;
  const root = tempDir('bad-input');
  const dataDir = path.join(root, 'data');
  const connectionIds: number[] = [];

  beforeAll(async () => {
    // A data directory an older version left readable by others.
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'left-over'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'left-over'), 0o666);
    server = await startServer({ dataDir });
    key = server.apiKey!;
    const listed = await api(server.baseUrl, '/api/v1/connections', { key });
    connectionIds.push(listed.body.data[0].id);
    const add = (kind: string, url: string, more: string[] = []) => runCliJson<{ id: number }>(
      ['connection', 'add', '--workspace', server.workspaceId!, '--kind', kind, '--name', kind, '--url', url, '--no-test', ...more], { dataDir });
    connectionIds.push((await add('mysql', 'mysql://reader@127.0.0.1:1/shop')).id);
    connectionIds.push((await add('odoo', 'http://127.0.0.1:1', ['--database', 'odoo', '--login', 'bot', '--api-key', 'k'])).id);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('400 invalid_request for a prompt with NUL or a lone surrogate, on every connection kind', async () => {
    for (const connectionId of connectionIds) {
      for (const rawBody of [
        '{"connectionId":%ID%,"prompt":"a\\u0000b"}',
        '{"connectionId":%ID%,"prompt":"how many \\ud800 customers"}',
        '{"connectionId":%ID%,"prompt":"how many customers \\udfff"}',
      ]) {
        const response = await api(server.baseUrl, '/api/v1/chat', {
          key, rawBody: rawBody.replace('%ID%', String(connectionId)), headers: { 'content-type': 'application/json' },
        });
        expectProblem(response, 400, 'invalid_request');
        expect(response.body.errors).toEqual([{ path: 'body.prompt', message: expect.stringMatching(/NUL/) }]);
      }
    }
    // A paired surrogate (an emoji) is ordinary text.
    const emoji = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: connectionIds[0], prompt: 'how many customers 📦' } });
    expect(emoji.status, emoji.text).toBe(200);
  });

  it('404 run_not_found for run ids with NUL, lone surrogates or odd characters', async () => {
    for (const runId of ['%00', 'run_%00', 'run_abc%00def', '%ED%A0%80', 'run_%F0%9F%93%A6', '..%2F..%2Fcontext', 'RUN_ABC', 'run_']) {
      const response = await api(server.baseUrl, `/api/v1/runs/${runId}`, { key });
      expect(response.status, `${runId}: ${response.text}`).toBeLessThan(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(['run_not_found', 'invalid_request']).toContain(response.body.code);
    }
    expectProblem(await api(server.baseUrl, '/api/v1/runs/%00', { key }), 404, 'run_not_found');
  });

  it('400 invalid_request for a cursor past the integer range', async () => {
    for (const id of ['2147483648', '9999999999']) {
      const cursor = Buffer.from(`c:${id}`).toString('base64url');
      expectProblem(await api(server.baseUrl, `/api/v1/connections?cursor=${cursor}`, { key }), 400, 'invalid_request');
    }
    const last = Buffer.from('c:2147483647').toString('base64url');
    const response = await api(server.baseUrl, `/api/v1/connections?cursor=${last}`, { key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], nextCursor: null });
  });

  it('keeps the data directory private: the directory and every directory in it 0700, files 0600', async () => {
    expect(looseModes(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'store')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'left-over')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'store', 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });
});
