import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { loadConfig } from '../../src/config/config.ts';

const ALLOWED = 'https://app.example.com';

function preflight(baseUrl: string, origin: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/chat`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' },
  });
}

describe('CORS with QUERENT_CORS_ORIGINS', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CORS_ORIGINS: `${ALLOWED}, http://localhost:3000` } });
  });
  afterAll(async () => server?.dispose());

  it('answers a preflight from an allowed origin with the CORS headers', async () => {
    const response = await preflight(server.baseUrl, ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('adds the headers to actual responses (errors included) for an allowed origin', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/context`, { headers: { origin: 'http://localhost:3000' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it('gives a disallowed origin no CORS headers', async () => {
    for (const response of [await preflight(server.baseUrl, 'https://evil.example.net'),
      await fetch(`${server.baseUrl}/api/v1/context`, { headers: { origin: 'https://evil.example.net' } })]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-headers')).toBeNull();
    }
  });
});

describe('CORS off by default', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CORS_ORIGINS: '' } });
  });
  afterAll(async () => server?.dispose());

  it('sends no CORS headers, even to a preflight', async () => {
    const response = await preflight(server.baseUrl, ALLOWED);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const context = await fetch(`${server.baseUrl}/api/v1/context`, { headers: { origin: ALLOWED } });
    expect([...context.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('QUERENT_CORS_ORIGINS', () => {
  it('takes origins and refuses anything else', () => {
    expect(loadConfig({ QUERENT_CORS_ORIGINS: ' https://A.example.com ,http://localhost:3000,' }).corsOrigins)
      .toEqual(['https://a.example.com', 'http://localhost:3000']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ QUERENT_CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(/QUERENT_CORS_ORIGINS/);
    expect(() => loadConfig({ QUERENT_CORS_ORIGINS: 'app.example.com' })).toThrow(/QUERENT_CORS_ORIGINS/);
  });
});
