import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';

describe('rate limits per key', () => {
  let server: ServerProcess;
  const LIMIT = 5;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => server?.dispose());

  it('answers 429 rate_limited with Retry-After past the limit, counting each key on its own', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT + 2; index += 1) {
      const response = await api(server.baseUrl, '/api/v1/context', { key: server.apiKey });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.code).toBe('rate_limited');
        expect(response.headers.get('content-type')).toMatch(/problem\+json/);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);

    const { apiKey } = await runCliJson<{ apiKey: string }>(
      ['key', 'create', '--workspace', server.workspaceId!, '--as', 'owner@example.com'], { dataDir: server.dataDir });
    expect((await api(server.baseUrl, '/api/v1/context', { key: apiKey })).status).toBe(200);
  });
});

describe('rate limit per client address for requests without a valid key', () => {
  let server: ServerProcess;
  const LIMIT = 5;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_AUTH_FAILURE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => server?.dispose());

  it('refuses a key revoked after this process accepted it (the memory check honours revocation)', async () => {
    const { id, apiKey } = await runCliJson<{ id: string; apiKey: string }>(
      ['key', 'create', '--workspace', server.workspaceId!, '--as', 'owner@example.com'], { dataDir: server.dataDir });
    expect((await api(server.baseUrl, '/api/v1/context', { key: apiKey })).status).toBe(200);
    await runCliJson(['key', 'revoke', '--workspace', server.workspaceId!, '--id', id], { dataDir: server.dataDir });
    const response = await api(server.baseUrl, '/api/v1/context', { key: apiKey });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_api_key');
  });

  it('answers 429 rate_limited with Retry-After past the limit of failed attempts, while a key in use keeps working', async () => {
    const good = server.apiKey!;
    expect((await api(server.baseUrl, '/api/v1/context', { key: good })).status).toBe(200);
    const wrong = (index: number) => `qk_${'a'.repeat(12)}_${String(index).padStart(32, 'b')}`;
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT + 3; index += 1) {
      const response = await api(server.baseUrl, '/api/v1/context', index % 2 ? { key: wrong(index) } : { bearer: wrong(index) });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.code).toBe('rate_limited');
        expect(response.headers.get('content-type')).toMatch(/problem\+json/);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // The revoked key of the test before was one failure already.
    expect(statuses).toEqual([...Array(LIMIT - 1).fill(401), 429, 429, 429, 429]);
    // Missing keys count too, and are refused the same way once the address is over its limit.
    expect((await api(server.baseUrl, '/api/v1/connections')).status).toBe(429);

    // The key this process already accepted needs no look-up: it keeps working from this address.
    for (const path of ['/api/v1/context', '/api/v1/connections']) {
      expect((await api(server.baseUrl, path, { key: good })).status).toBe(200);
      expect((await api(server.baseUrl, path, { bearer: good })).status).toBe(200);
    }
    // A key it has not seen yet would need the store: refused like the others until the window ends.
    const { apiKey: fresh } = await runCliJson<{ apiKey: string }>(
      ['key', 'create', '--workspace', server.workspaceId!, '--as', 'owner@example.com'], { dataDir: server.dataDir });
    expect((await api(server.baseUrl, '/api/v1/context', { key: fresh })).status).toBe(429);
    // Unauthenticated probes are not API calls and are never limited.
    expect((await api(server.baseUrl, '/healthz')).status).toBe(200);
  });

});
