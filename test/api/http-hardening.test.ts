import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { rawRequest, type RawResponse } from '../support/raw-http.ts';

const REQUEST_TIMEOUT_MS = 1_000;

function expectRawProblem(response: RawResponse, status: number, code: string): void {
  expect(response.status, response.raw).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  expect(body.requestId).toMatch(/^req_/);
  expect(response.closed).toBe(true);
}

/** What Node's HTTP layer refuses, and slow clients, answered as problem+json; security headers. */
describe('HTTP hardening', () => {
  let server: ServerProcess;
  let key: string;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
    key = server.apiKey!;
  });
  afterAll(async () => server?.dispose());

  it('408 request_timeout, then closes, when a body promised 1000 bytes and sent 18', async () => {
    const head = `POST /api/v1/chat HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`;
    const response = await rawRequest(server.baseUrl, [head, '{"connectionId": 1'], 10_000);
    expectRawProblem(response, 408, 'request_timeout');
    expect(response.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
  });

  it('408 request_timeout when the headers never end', async () => {
    const response = await rawRequest(server.baseUrl, ['GET /api/v1/context HTTP/1.1\r\nHost: localhost\r\n'], 10_000);
    expectRawProblem(response, 408, 'request_timeout');
  });

  it('400 invalid_request for framing Node refuses: bad chunk size, two Content-Lengths, both framings', async () => {
    const start = `POST /api/v1/chat HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\n`;
    for (const request of [
      `${start}transfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `${start}content-length: 2\r\ncontent-length: 3\r\n\r\n{}`,
      `${start}content-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      `${start}content-length: -1\r\n\r\n{}`,
      'GET /api/v1/context HTTP/1.1\r\nHost: localhost\r\nbad header\r\n\r\n',
      'NOT-A-METHOD\r\n\r\n',
    ]) {
      expectRawProblem(await rawRequest(server.baseUrl, [request]), 400, 'invalid_request');
    }
  });

  it('431 headers_too_large past the header size limit', async () => {
    const response = await rawRequest(server.baseUrl, [`GET /api/v1/context HTTP/1.1\r\nHost: localhost\r\nx-padding: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expectRawProblem(response, 431, 'headers_too_large');
  });

  it('400 invalid_request for an HTTP/1.1 request without Host; HTTP/1.0 needs none', async () => {
    const missing = await rawRequest(server.baseUrl, ['GET /api/v1/context HTTP/1.1\r\nconnection: close\r\n\r\n']);
    expect(missing.status, missing.raw).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'invalid_request', detail: expect.stringMatching(/Host/) });
    const old = await rawRequest(server.baseUrl, ['GET /healthz HTTP/1.0\r\n\r\n']);
    expect(old.status, old.raw).toBe(200);
  });

  it('keeps serving after all of that', async () => {
    expect((await api(server.baseUrl, '/healthz')).status).toBe(200);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).status).toBe(200);
  });

  it('Cache-Control: no-store on every /api/v1 answer, nosniff everywhere', async () => {
    for (const response of [
      await api(server.baseUrl, '/api/v1/context', { key }),
      await api(server.baseUrl, '/api/v1/connections', { key }),
      await api(server.baseUrl, '/api/v1/context'),
      await api(server.baseUrl, '/api/v1/runs/run_nothing', { key }),
      await api(server.baseUrl, '/api/v1/nothing-here', { key }),
      await api(server.baseUrl, '/api/v1/openapi.json'),
    ]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const path of ['/healthz', '/readyz', '/docs', '/docs/static/index.html', '/nothing']) {
      expect((await api(server.baseUrl, path)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('a Content-Security-Policy on /docs that allows only its own scripts and this origin', async () => {
    const docs = await api(server.baseUrl, '/docs/static/index.html');
    const policy = docs.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).headers.get('content-security-policy')).toBeNull();
  });
});
