import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { QUERENT, SHARED_SAMPLES_DIR } from '../support/paths.ts';
import { ANSWERED, DECLINED, callTool, expectAnswered, expectDeclined, problemOf, texts, wholesaleId } from './mcp-checks.ts';

const TRIAL_PROMPTS = 3;
const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

describe('POST /mcp (Streamable HTTP, stateless)', () => {
  let server: ServerProcess;
  let client: Client;
  let connectionId: number;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_TRIAL_PROMPTS: String(TRIAL_PROMPTS) } });
    client = new Client({ name: 'querent-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${server.apiKey}` } },
    }));
    connectionId = await wholesaleId(client);
  });
  afterAll(async () => {
    await client?.close();
    await server?.dispose();
  });

  it('refuses a request without a key, or with a wrong one, with 401 problem+json', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await missing.json()) as { code: string }).code).toBe('missing_api_key');
    const wrong = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST', headers: { ...headers, 'x-api-key': 'qk_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }, body: JSON.stringify(INITIALIZE),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('invalid_api_key');
  });

  it('initializes with the x-api-key header too (as the README curl does)', async () => {
    const response = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': server.apiKey! },
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { result: { serverInfo: { name: string }; capabilities: { tools?: object } } };
    expect(body.result.serverInfo.name).toBe('querent');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('lists the four tools, each with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'get_context', 'get_run', 'list_connections']);
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it('list_connections shows the sample connections', async () => {
    const result = await callTool(client, 'list_connections');
    const { data } = result.structuredContent as { data: { id: number; sample: boolean; kind: string }[] };
    expect(data.filter((connection) => connection.sample)).toHaveLength(2);
    expect(texts(result)[0]).toMatch(/sample data/);
  });

  it('ask answers with the text as content and the table as structured content; get_run reads the run again', async () => {
    const answered = await callTool(client, 'ask', { connectionId, prompt: ANSWERED });
    expectAnswered(answered);
    const { runId } = answered.structuredContent as { runId: string };
    const run = await callTool(client, 'get_run', { runId });
    expectAnswered(run);
    const asText = await callTool(client, 'get_run', { runId, format: 'text' });
    expect((asText.structuredContent as { format: string; answer: { text: string } }).answer.text).toMatch(/Retail/);
  });

  it('a question it cannot read is an error result with the reason and suggestions, and costs nothing', async () => {
    expectDeclined(await callTool(client, 'ask', { connectionId, prompt: DECLINED }));
    const context = await callTool(client, 'get_context');
    expect((context.structuredContent as { prompts: unknown }).prompts).toEqual({ remaining: TRIAL_PROMPTS - 1, used: 1 });
    expect(texts(context)[0]).toMatch(/2 prompt\(s\) remaining/);
  });

  it('invalid arguments, an unknown run and an unknown connection are error results naming the problem', async () => {
    expect(problemOf(await callTool(client, 'ask', { connectionId: 'one', prompt: ANSWERED })).code).toBe('invalid_request');
    expect(problemOf(await callTool(client, 'get_run', { runId: 'run_doesnotexist0000000' })).code).toBe('run_not_found');
    expect(problemOf(await callTool(client, 'ask', { connectionId: 999_999, prompt: ANSWERED })).code).toBe('connection_not_found');
    // The run service refuses what no store can keep, whatever the way in.
    expect(problemOf(await callTool(client, 'ask', { connectionId, prompt: 'a\u0000b' })).code).toBe('invalid_request');
  });

  it('ask follows up an earlier run with previousRunId', async () => {
    const first = await callTool(client, 'ask', { connectionId, prompt: 'revenue this year' });
    expect(first.isError, texts(first).join('\n')).toBeFalsy();
    const { runId } = first.structuredContent as { runId: string };
    const followUp = await callTool(client, 'ask', { connectionId, prompt: 'and last year?', previousRunId: runId });
    expect(followUp.isError, texts(followUp).join('\n')).toBeFalsy();
    const envelope = followUp.structuredContent as { status: string; previousRunId: string; answer: { assumptions: string[] } };
    expect(envelope.status).toBe('complete');
    expect(envelope.previousRunId).toBe(runId);
    expect(envelope.answer.assumptions[0]).toContain('"revenue last year"');
  });

  it('with the prompt budget spent, ask is an insufficient_prompts error result', async () => {
    let result = await callTool(client, 'ask', { connectionId, prompt: 'number of employees per office' });
    for (let spent = 0; !result.isError && spent < TRIAL_PROMPTS; spent += 1) {
      result = await callTool(client, 'ask', { connectionId, prompt: 'number of employees per office' });
    }
    const problem = problemOf(result);
    expect(problem.code).toBe('insufficient_prompts');
    expect(problem.status).toBe(402);
    expect(texts(result)[0]).toMatch(/run out of prompts/);
  });

  it('querent mcp (stdio) on the data directory of a running server hands its calls to the server', async () => {
    const stdio = new Client({ name: 'querent-test', version: '1.0.0' });
    await stdio.connect(new StdioClientTransport({
      command: QUERENT, args: ['--data-dir', server.dataDir, 'mcp'], stderr: 'pipe',
      env: { ...process.env as Record<string, string>, QUERENT_SAMPLES_DIR: SHARED_SAMPLES_DIR, QUERENT_API_KEY: server.apiKey! },
    }));
    try {
      const context = await callTool(stdio, 'get_context');
      expect((context.structuredContent as { workspace: { id: string } }).workspace.id).toBe(server.workspaceId);
      expect(problemOf(await callTool(stdio, 'ask', { connectionId, prompt: ANSWERED })).code).toBe('insufficient_prompts');
    } finally {
      await stdio.close();
    }
  });
});
