import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../support/paths.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { QuerentClient, QuerentProblemError } from '../../packages/sdk/src/index.ts';

const ANSWERED = 'how many customers per segment';
const DECLINED = 'what is the weather';

/** A fetch that records every request and lets a test fail one on purpose. */
function recordingFetch(inject?: (url: string, init: RequestInit, attempt: number) => Promise<Response | undefined> | Response | undefined) {
  const requests: { url: string; method: string; headers: Record<string, string> }[] = [];
  const wrapped: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    requests.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
    const injected = await inject?.(url, init, requests.length);
    return injected ?? fetch(input, init);
  };
  return { fetch: wrapped, requests };
}

async function wholesaleId(client: QuerentClient): Promise<number> {
  const { data } = await client.connections();
  return data.find((connection) => connection.sample && /wholesale/i.test(connection.name))!.id;
}

describe('the SDK types', () => {
  it('are current: npm run sdk:types writes the committed file again', () => {
    const directory = tempDir('sdk-types');
    const output = path.join(directory, 'openapi-types.ts');
    const result = spawnSync(NODE, [path.join(ROOT, 'packages/sdk/scripts/generate-types.ts'), output], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    const generated = fs.readFileSync(output, 'utf8');
    fs.rmSync(directory, { recursive: true, force: true });
    expect(generated, 'run npm run sdk:types and commit packages/sdk/src/openapi-types.ts')
      .toBe(fs.readFileSync(path.join(ROOT, 'packages/sdk/src/openapi-types.ts'), 'utf8'));
  });
});

describe('QuerentClient against a running server', () => {
  let server: ServerProcess;
  let client: QuerentClient;
  let connectionId: number;

  beforeAll(async () => {
    server = await startServer();
    client = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl });
    connectionId = await wholesaleId(client);
  });
  afterAll(async () => server?.dispose());

  it('ask answers with the typed json answer (text, table, figure, query); run() reads it again in another form', async () => {
    const run = await client.ask({ connectionId, prompt: ANSWERED });
    expect(run.status).toBe('complete');
    expect(run.answer.text).toMatch(/Retail/);
    const [table] = run.answer.tables;
    expect(table!.columns.map((column) => column.name)).toContain('segment');
    expect(table!.rows.length).toBeGreaterThanOrEqual(4);
    expect(run.answer.figures[0]!.vegaLite).toHaveProperty('$schema');
    expect(run.answer.query.language).toBe('sql');
    const asEmail = await client.run(run.runId, { format: 'email' });
    expect(asEmail.answer).toHaveProperty('mime');
    const asText = await client.ask({ connectionId, prompt: 'number of employees per office', format: 'text' });
    expect(asText.answer.text).toMatch(/Rotterdam/);
  });

  it('ask follows up an earlier run with previousRunId', async () => {
    const first = await client.ask({ connectionId, prompt: 'revenue this year' });
    const followUp = await client.ask({ connectionId, prompt: 'and last year?', previousRunId: first.runId });
    expect(followUp.status).toBe('complete');
    expect(followUp.previousRunId).toBe(first.runId);
    expect(followUp.answer.assumptions?.[0]).toContain('"revenue last year"');
  });

  it("runs the README's example as it is (the package imported from this checkout)", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = /## TypeScript SDK[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    const sdk = pathToFileURL(path.join(ROOT, 'packages/sdk/src/index.ts')).href;
    const directory = tempDir('sdk-example');
    fs.writeFileSync(path.join(directory, 'example.ts'), example.replace("'@querent/client'", `'${sdk}'`));
    const result = spawnSync(NODE, [path.join(directory, 'example.ts')], {
      env: { ...process.env, QUERENT_API_KEY: server.apiKey!, QUERENT_URL: server.baseUrl }, encoding: 'utf8', timeout: 60_000,
    });
    fs.rmSync(directory, { recursive: true, force: true });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Number of customers by segment: Retail \(238\)/);
    expect(result.stdout).toMatch(/remaining: \d+, used: \d+/);
  });

  it('connections() lists the samples and context() the prompts', async () => {
    const { data, nextCursor } = await client.connections({ limit: 100 });
    expect(data.filter((connection) => connection.sample)).toHaveLength(2);
    expect(nextCursor).toBeNull();
    const context = await client.context();
    expect(context.workspace.id).toBe(server.workspaceId);
    expect(context.prompts.used).toBeGreaterThanOrEqual(2);
  });

  it('a declined question throws QuerentProblemError with the reason and suggestions', async () => {
    const error = await client.ask({ connectionId, prompt: DECLINED }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuerentProblemError);
    const problem = error as QuerentProblemError;
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('question_not_understood');
    expect(problem.reason).toBeTruthy();
    expect(problem.suggestions.length).toBeGreaterThan(0);
    expect(problem.runId).toMatch(/^run_/);
  });

  it('a bad key throws 401 invalid_api_key; an unknown run 404 run_not_found', async () => {
    const stranger = new QuerentClient({ apiKey: 'qk_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', baseUrl: server.baseUrl });
    await expect(stranger.context()).rejects.toMatchObject({ name: 'QuerentProblemError', status: 401, code: 'invalid_api_key' });
    await expect(client.run('run_doesnotexist00000000')).rejects.toMatchObject({ status: 404, code: 'run_not_found' });
  });

  it('after a network error, retries the chat with the same Idempotency-Key: the same run, charged once', async () => {
    const before = (await client.context()).prompts.used;
    let firstRunId: string | undefined;
    // The first attempt reaches the server, then its answer is lost on the way back.
    const { fetch, requests } = recordingFetch(async (url, init, attempt) => {
      if (attempt !== 1) return undefined;
      firstRunId = ((await (await globalThis.fetch(url, init)).json()) as { runId: string }).runId;
      throw new TypeError('fetch failed');
    });
    const retrying = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl, fetch, retryDelayMs: 10 });
    const run = await retrying.ask({ connectionId, prompt: 'number of products' });
    expect(requests).toHaveLength(2);
    expect(requests[0]!.headers['idempotency-key']).toBeTruthy();
    expect(requests[1]!.headers['idempotency-key']).toBe(requests[0]!.headers['idempotency-key']);
    expect(run.runId).toBe(firstRunId);
    expect((await client.context()).prompts.used).toBe(before + 1);
  });

  it('retries 503 and 429 (after Retry-After), and gives up after the configured retries', async () => {
    const busy = (status: number) => new Response(JSON.stringify({ code: 'rate_limited', status, detail: 'busy', title: 't', type: 't', requestId: 'r' }), {
      status, headers: { 'content-type': 'application/problem+json', 'retry-after': '0' },
    });
    const flaky = recordingFetch((_url, _init, attempt) => (attempt === 1 ? busy(503) : attempt === 2 ? busy(429) : undefined));
    const patient = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl, fetch: flaky.fetch, retryDelayMs: 10 });
    expect((await patient.context()).workspace.id).toBe(server.workspaceId);
    expect(flaky.requests).toHaveLength(3);

    const down = recordingFetch(() => busy(503));
    const impatient = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl, fetch: down.fetch, retries: 2, retryDelayMs: 10 });
    await expect(impatient.context()).rejects.toMatchObject({ status: 503 });
    expect(down.requests).toHaveLength(3);
  });
});

describe('QuerentClient when every chat answers 202 (QUERENT_CHAT_WAIT_MS=0)', () => {
  let server: ServerProcess;
  let connectionId: number;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CHAT_WAIT_MS: '0' } });
    connectionId = await wholesaleId(new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl }));
  });
  afterAll(async () => server?.dispose());

  it('follows the 202 by long-polling the run until it ends', async () => {
    const { fetch, requests } = recordingFetch();
    const client = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl, fetch });
    const run = await client.ask({ connectionId, prompt: ANSWERED });
    expect(run.status).toBe('complete');
    expect(run.answer.tables[0]!.rows.length).toBeGreaterThanOrEqual(4);
    expect(requests[0]!.url).toMatch(/\/api\/v1\/chat\?format=json$/);
    expect(requests[1]!.url).toContain(`/api/v1/runs/${run.runId}?wait=30&format=json`);
  });

  it('a question declined after the 202 throws QuerentProblemError with suggestions', async () => {
    const client = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl });
    await expect(client.ask({ connectionId, prompt: DECLINED })).rejects.toMatchObject({
      name: 'QuerentProblemError', status: 422, code: 'question_not_understood', suggestions: expect.arrayContaining([expect.any(String)]),
    });
  });

  it('abort cancels: the ask rejects with the abort reason and stops polling', async () => {
    const controller = new AbortController();
    // Aborts as the first poll starts: the chat was accepted (202), the wait is cut short.
    const { fetch, requests } = recordingFetch((url) => {
      if (url.includes('/api/v1/runs/')) controller.abort();
      return undefined;
    });
    const client = new QuerentClient({ apiKey: server.apiKey!, baseUrl: server.baseUrl, fetch });
    await expect(client.ask({ connectionId, prompt: 'how many orders this month', signal: controller.signal }))
      .rejects.toMatchObject({ name: 'AbortError' });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'GET']);
    await expect(client.ask({ connectionId, prompt: ANSWERED, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(2);
  });
});
