import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';

/**
 * Malformed requests over every endpoint, from a seeded generator (QUERENT_FUZZ_SEED to replay one
 * run, QUERENT_FUZZ_REQUESTS for more): bad JSON, wrong types, NUL and lone surrogates, huge and
 * deeply nested bodies, odd query values, bad keys, path tricks in ids. None may answer 5xx; every
 * error is problem+json with a code; the server stays healthy.
 */
const SEED = Number(process.env.QUERENT_FUZZ_SEED ?? 20_261_124);
const REQUESTS = Number(process.env.QUERENT_FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 12;

/** mulberry32: small, fast, and the same sequence for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number): number => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (probability: number): boolean => next() < probability;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof generator>;

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const ODD_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud800y', '\ud83d\ude00', '%00', '%', '%ZZ', '%E0%A4%A',
  '..', '../..', '..%2F..%2F', '%2e%2e%2f', '/', '//', '\\', '?', '#', '&', '=', '<script>', "' OR 1=1 --", '"; DROP TABLE runs;',
  '1e309', 'NaN', 'Infinity', '-0', '0x10', '٣', 'null', 'true', '[]', '{}', 'x'.repeat(300), 'é', '\u202e', '\u200b', '\r\n',
];
const ODD_NUMBERS = [0, -1, 1.5, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_993, 1e20, -1e20, Number.MAX_VALUE, Number.MIN_VALUE, 1e-7];

function oddValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 4 : 7)) {
    case 0: return random.pick(ODD_STRINGS);
    case 1: return random.pick(ODD_NUMBERS);
    case 2: return random.pick([null, true, false]);
    case 3: return random.pick(ODD_STRINGS) + random.pick(ODD_STRINGS);
    case 4: return [oddValue(random, depth + 1), oddValue(random, depth + 1)];
    case 5: return { [random.pick(ODD_STRINGS)]: oddValue(random, depth + 1) };
    default: return { connectionId: oddValue(random, depth + 1), prompt: oddValue(random, depth + 1) };
  }
}

function nested(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

/** A raw chat body: mostly broken, now and then a valid one. */
function chatBody(random: Random, connectionId: number): string {
  switch (random.int(14)) {
    case 0: return random.pick(['', '{', '}', '{"connectionId":', 'nul', '{"a":1,}', "{'connectionId':1}", '\u0000', '{"prompt":"x"', '[', '"x"', '1', 'null', 'true']);
    case 1: return JSON.stringify(oddValue(random));
    case 2: return `{"connectionId":${connectionId},"prompt":"${random.pick(['a\\u0000b', '\\ud800', 'x\\udfffy', '\\u0000', '\\ud83d', '\\ude00 how many'])}"}`;
    case 3: return JSON.stringify({ connectionId, prompt: 'x'.repeat(random.pick([2_001, 5_000, 17_000])) });
    case 4: return `{"connectionId":${connectionId},"prompt":"how many","extra":${nested(random.pick([100, 1_000, 5_000]), '[', ']')}}`;
    case 5: return `{"connectionId":${connectionId},"prompt":"how many","extra":${nested(2_000, '{"a":', '}').replace(/\}$/, '1}').replace('{"a":}', '{"a":1}')}}`;
    case 6: return `{"__proto__":{"polluted":1},"connectionId":${connectionId},"prompt":"x"}`;
    case 7: return `{"constructor":{"prototype":{"polluted":1}},"connectionId":${connectionId},"prompt":"x"}`;
    case 8: return JSON.stringify({ connectionId: random.pick(ODD_NUMBERS), prompt: random.pick(ODD_STRINGS) });
    case 9: return JSON.stringify({ connectionId: String(connectionId), prompt: 'how many orders' });
    case 10: return JSON.stringify({ connectionId, prompt: 'how many orders', format: random.pick(['csv', 'json', '']) });
    case 11: return `{"connectionId":${connectionId},"connectionId":${connectionId + 1},"prompt":"how many orders"}`;
    case 12: return Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1');
    default: return JSON.stringify({ connectionId, prompt: random.pick(['how many orders', 'top 5 customers by revenue', random.pick(ODD_STRINGS) + ' customers']) });
  }
}

function keyHeaders(random: Random, key: string): Record<string, string> {
  switch (random.int(12)) {
    case 0: return {};
    case 1: return { 'x-api-key': random.pick(['', ' ', 'nonsense', 'qk_', `${key}x`, key.slice(0, -1), key.toUpperCase(), `qk_${'a'.repeat(12)}_${'b'.repeat(32)}`]) };
    case 2: return { authorization: random.pick(['Bearer', 'Bearer ', `Bearer ${key} extra`, `Basic ${key}`, `bearer ${key}`, 'Bearer %00', `Bearer ${'k'.repeat(4_000)}`]) };
    case 3: return { 'x-api-key': 'q'.repeat(random.pick([1_000, 8_000])) };
    case 4: return { 'x-api-key': `${key}\u00e9` };
    case 5: return { 'x-api-key': key, authorization: 'Bearer wrong' };
    default: return random.chance(0.5) ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
  }
}

/** Percent-encodes `text`, a lone surrogate as the bytes it would have in CESU-8 (invalid UTF-8). */
function encodeLoosely(text: string): string {
  return text.isWellFormed() ? encodeURIComponent(text) : encodeURIComponent(text.toWellFormed()).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

function query(random: Random, names: readonly string[]): string {
  if (random.chance(0.3)) return '';
  const parts: string[] = [];
  for (let count = 1 + random.int(3); count > 0; count -= 1) {
    const name = random.chance(0.85) ? random.pick(names) : random.pick(['', '%00', 'a[b]', '__proto__', 'x'.repeat(50)]);
    const raw = random.chance(0.5) ? String(random.pick([...ODD_NUMBERS, 1, 5, 50, 100, 101])) : random.pick(ODD_STRINGS);
    parts.push(`${name}=${random.chance(0.7) ? encodeLoosely(raw) : raw.replace(/[#\s]/g, '')}`);
  }
  return `?${parts.join('&')}`;
}

function runId(random: Random, known: readonly string[]): string {
  switch (random.int(6)) {
    case 0: return random.pick(['%00', 'run_%00', '%ED%A0%80', 'run_%ZZ', '..%2F..%2Fcontext', '%2e%2e', 'RUN_X', 'run_', '%20', 'run_x%2Fy']);
    case 1: return encodeURIComponent(random.pick(ODD_STRINGS).replace(/[\ud800-\udfff]/g, '')) || 'x';
    case 2: return 'run_' + 'a'.repeat(random.pick([10, 64, 65, 500, 999, 1_200]));
    case 3: return known.length > 0 ? random.pick(known) : 'run_none';
    default: return `run_${random.int(1e9).toString(36)}`;
  }
}

function fuzzRequest(random: Random, key: string, connectionId: number, knownRuns: readonly string[]): FuzzRequest {
  const headers = keyHeaders(random, key);
  switch (random.int(12)) {
    case 0: return { method: 'GET', path: `/api/v1/context${query(random, ['x', 'format'])}`, headers };
    case 1: case 2: return { method: 'GET', path: `/api/v1/connections${query(random, ['limit', 'cursor', 'kind'])}`, headers };
    case 3: case 4: case 5: {
      const contentType = random.chance(0.85) ? 'application/json'
        : random.pick(['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '', '*/*']);
      const body = chatBody(random, connectionId);
      return {
        method: random.chance(0.95) ? 'POST' : random.pick(['PUT', 'PATCH', 'DELETE']),
        path: `/api/v1/chat${query(random, ['format'])}`,
        headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}), ...(random.chance(0.1) ? { 'idempotency-key': random.pick(['', 'k', 'x'.repeat(300), `fuzz-${random.int(5)}`]) } : {}) },
        body,
      };
    }
    case 6: case 7: {
      const id = runId(random, knownRuns);
      // Waiting on a real, unfinished run would hold the request; waits go only to made-up ids.
      const names = knownRuns.includes(id) ? ['format'] : ['wait', 'format'];
      return { method: 'GET', path: `/api/v1/runs/${id}${query(random, names)}`, headers };
    }
    case 8: return { method: random.pick(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT']), path: random.pick(['/healthz', '/readyz', '/docs', '/api/v1/openapi.json', '/', '/metrics']), headers };
    case 9: return {
      method: random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']),
      path: random.pick(['/api/v1', '/api/v1/', '/api/v1//context', '/api/v1/context/', '/API/V1/CONTEXT', '/api/v1/%00', '/api/v1/runs', '/api/v1/runs/',
        '/api/v1/connections/1', '/api/v1/chat/..', '/api/v2/context', `/${'a'.repeat(3_000)}`, '/api/v1/runs/%ZZ', '/%2e%2e/%2e%2e/etc/passwd', '/api/v1/context%00']),
      headers,
    };
    default: return { method: random.pick(['GET', 'DELETE', 'PUT']), path: random.pick(['/api/v1/context', '/api/v1/connections', '/api/v1/chat']), headers, ...(random.chance(0.5) ? { body: '{}' } : {}) };
  }
}

describe('fuzzing every endpoint with malformed requests', () => {
  let server: ServerProcess;
  let key: string;
  let connectionId: number;

  beforeAll(async () => {
    server = await startServer({
      env: { QUERENT_RATE_LIMIT: '10000000', QUERENT_AUTH_FAILURE_LIMIT: '10000000', QUERENT_CHAT_WAIT_MS: '0' },
    });
    key = server.apiKey!;
    connectionId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
  });
  afterAll(async () => server?.dispose());

  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx, every error as problem+json`, { timeout: 120_000 }, async () => {
    const random = generator(SEED);
    const requests = Array.from({ length: REQUESTS }, () => random.next());
    const knownRuns: string[] = [];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;

    async function send(request: FuzzRequest): Promise<void> {
      let response: Response;
      try {
        response = await fetch(server.baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body });
      } catch (error) {
        // fetch refuses some inputs itself (a header value it cannot send): not the server's doing.
        if (error instanceof TypeError && !(error.cause as Error | undefined)?.message?.match(/socket|closed|ECONN/i)) return;
        failures.push(`${request.method} ${request.path.slice(0, 120)}: ${String(error)} ${String((error as Error).cause ?? '')}`);
        return;
      }
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const describe = () => `${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request.headers).slice(0, 120)} ${(request.body ?? '').slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
      if (response.status >= 500) failures.push(describe());
      if (response.status === 202) {
        const runId = (JSON.parse(text) as { runId: string }).runId;
        if (knownRuns.length < 50) knownRuns.push(runId);
      }
      if (response.status >= 400 && request.method !== 'HEAD') {
        let body: { code?: unknown } | undefined;
        try {
          body = JSON.parse(text) as { code?: unknown };
        } catch {
          body = undefined;
        }
        if (!/^application\/problem\+json/.test(response.headers.get('content-type') ?? '') || typeof body?.code !== 'string') failures.push(`not problem+json: ${describe()}`);
      }
    }

    const started = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (index < requests.length) {
        const request = fuzzRequest(generator(Math.floor(requests[index++]! * 4_294_967_296)), key, connectionId, knownRuns);
        await send(request);
      }
    }));
    const elapsedMs = Date.now() - started;

    expect(failures.slice(0, 20), `seed ${SEED}, statuses ${JSON.stringify([...statuses])}`).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(REQUESTS * 0.95);
    expect(elapsedMs).toBeLessThan(90_000);
    // Healthy afterwards: alive, and still answering a good key.
    expect((await api(server.baseUrl, '/healthz')).status).toBe(200);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).status).toBe(200);
    const logged = server.output.join('').split('\n').filter((line) => line.startsWith('{"level":50') || line.startsWith('{"level":60'));
    expect(logged.slice(0, 5)).toEqual([]);
  });
});
