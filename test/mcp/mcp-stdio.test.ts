import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { QUERENT, SHARED_SAMPLES_DIR, tempDir } from '../support/paths.ts';
import { runCli, runCliJson } from '../support/cli-process.ts';
import { ANSWERED, DECLINED, callTool, expectAnswered, expectDeclined, problemOf, texts, wholesaleId } from './mcp-checks.ts';

/** `querent mcp` as an assistant starts it: the SDK's stdio client spawning bin/querent with the key in its environment. */
async function connectStdio(dataDir: string, env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'querent-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: QUERENT, args: ['--data-dir', dataDir, 'mcp'], stderr: 'pipe',
    env: { ...(process.env as Record<string, string>), QUERENT_SAMPLES_DIR: SHARED_SAMPLES_DIR, LOG_LEVEL: 'warn', ...env },
  }));
  return client;
}

describe('querent mcp (stdio), holding the embedded store itself', () => {
  let dataDir: string;
  let workspaceId: string;
  let apiKey: string;
  let client: Client;
  let connectionId: number;

  beforeAll(async () => {
    dataDir = tempDir('mcp-stdio');
    ({ workspaceId, apiKey } = await runCliJson<{ workspaceId: string; apiKey: string }>(['init'], { dataDir }));
    client = await connectStdio(dataDir, { QUERENT_API_KEY: apiKey });
    connectionId = await wholesaleId(client);
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'get_context', 'get_run', 'list_connections']);
  });

  it('list_connections shows the sample connections', async () => {
    const { data } = (await callTool(client, 'list_connections')).structuredContent as { data: { sample: boolean }[] };
    expect(data.filter((connection) => connection.sample)).toHaveLength(2);
  });

  it('ask answers with the table as structured content, and get_run returns the run', async () => {
    const answered = await callTool(client, 'ask', { connectionId, prompt: ANSWERED, format: 'json' });
    expectAnswered(answered);
    const { runId } = answered.structuredContent as { runId: string };
    expectAnswered(await callTool(client, 'get_run', { runId, wait: 5 }));
  });

  it('a declined question is an error result with suggestions', async () => {
    expectDeclined(await callTool(client, 'ask', { connectionId, prompt: DECLINED }));
  });

  it('get_context shows the prompts; a grant made with the CLI meanwhile shows at once', async () => {
    const before = (await callTool(client, 'get_context')).structuredContent as { prompts: { remaining: number; used: number } };
    expect(before.prompts).toEqual({ remaining: 99, used: 1 });
    // The CLI finds the store held by `querent mcp` and has it carry out the grant.
    await runCliJson(['prompts', 'grant', '--workspace', workspaceId, '--amount', '5'], { dataDir });
    const after = (await callTool(client, 'get_context')).structuredContent as { prompts: { remaining: number } };
    expect(after.prompts.remaining).toBe(104);
  });

  it('a second querent mcp on the same data directory works through the first; a wrong key is an invalid_api_key error', async () => {
    const wrongKey = await connectStdio(dataDir, { QUERENT_API_KEY: 'qk_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' });
    try {
      const result = await callTool(wrongKey, 'get_context');
      expect(problemOf(result).code).toBe('invalid_api_key');
      expect(texts(result)[0]).toMatch(/^invalid_api_key \(401\)/);
    } finally {
      await wrongKey.close();
    }
  });

  it('refuses to start without QUERENT_API_KEY', async () => {
    const { QUERENT_API_KEY: _unset, ...env } = process.env;
    const result = await runCli(['mcp'], { dataDir, env: env as Record<string, string> });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/QUERENT_API_KEY/);
  });
});

describe('querent mcp (stdio) when the answer takes longer than the chat window', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    dataDir = tempDir('mcp-stdio-wait');
    const { apiKey } = await runCliJson<{ apiKey: string }>(['init'], { dataDir });
    client = await connectStdio(dataDir, { QUERENT_API_KEY: apiKey, QUERENT_CHAT_WAIT_MS: '0' });
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ask returns the run id to poll, and get_run with wait returns the answer', async () => {
    const connectionId = await wholesaleId(client);
    const pending = await callTool(client, 'ask', { connectionId, prompt: ANSWERED });
    expect(pending.isError ?? false).toBe(false);
    const { runId, status } = pending.structuredContent as { runId: string; status: string };
    expect(['queued', 'running']).toContain(status);
    expect(texts(pending)[0]).toContain(`get_run with runId "${runId}"`);
    expectAnswered(await callTool(client, 'get_run', { runId, wait: 30 }));
  });
});
