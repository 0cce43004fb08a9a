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
