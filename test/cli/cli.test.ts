import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson } from '../support/cli-process.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { tempDir } from '../support/paths.ts';
import { looseModes } from '../support/file-modes.ts';

describe('CLI on the embedded store, no server running', () => {
  const dataDir = tempDir('cli');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('init creates the first workspace and prints a key once; a second init is refused', async () => {
    const first = await runCliJson<{ workspaceId: string; apiKey: string }>(['init', '--name', 'Acme', '--owner', 'ceo@acme.test'], { dataDir });
    expect(first.workspaceId).toMatch(/^ws_/);
    expect(first.apiKey).toMatch(/^qk_/);
    const again = await runCli(['init'], { dataDir });
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/already initialised/i);
  });

  it('leaves nothing in the data directory readable by others, PGlite\'s own files included', () => {
    expect(looseModes(dataDir)).toEqual([]);
  });

  it('manages workspaces, members, keys, connections and prompts with --json output', async () => {
    const { id: workspace } = await runCliJson<{ id: string }>(['workspace', 'create', '--name', 'Ops', '--owner', 'owner@ops.test'], { dataDir });
    await runCliJson(['member', 'add', '--workspace', workspace, '--email', 'admin@ops.test', '--role', 'admin'], { dataDir });
    await runCliJson(['member', 'add', '--workspace', workspace, '--email', 'intern@ops.test', '--role', 'member'], { dataDir });

    const byAdmin = await runCliJson<{ id: string; apiKey: string }>(['key', 'create', '--workspace', workspace, '--as', 'admin@ops.test', '--name', 'ci'], { dataDir });
    expect(byAdmin.apiKey).toContain(byAdmin.id);
    const byMember = await runCli(['key', 'create', '--workspace', workspace, '--as', 'intern@ops.test'], { dataDir });
    expect(byMember.code).not.toBe(0);
    expect(byMember.stderr).toMatch(/only owners and admins/);

    const listed = await runCliJson<{ data: Array<Record<string, unknown>> }>(['key', 'list', '--workspace', workspace], { dataDir });
    expect(listed.data).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(byAdmin.apiKey.split('_')[2]);
    expect(listed.data[0]).toMatchObject({ id: byAdmin.id, name: 'ci', createdBy: 'admin@ops.test', revokedAt: null });

    const { id: connectionId } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', workspace, '--kind', 'postgresql',
      '--name', 'warehouse', '--url', 'postgresql://reader:pw@127.0.0.1:5432/postgres', '--no-test'], { dataDir });
    expect(connectionId).toEqual(expect.any(Number));
    expect(await runCliJson(['connection', 'refresh', '--workspace', workspace, '--id', String(connectionId)], { dataDir }))
      .toEqual({ id: connectionId, refreshed: true });
    const foreign = await runCli(['connection', 'refresh', '--workspace', workspace, '--id', '999999'], { dataDir });
    expect(foreign.code).not.toBe(0);
    const badKind = await runCli(['connection', 'add', '--workspace', workspace, '--kind', 'oracle', '--name', 'x', '--url', 'oracle://x'], { dataDir });
    expect(badKind.code).not.toBe(0);
    expect(badKind.stderr).toMatch(/Unknown kind "oracle"/);

    expect(await runCliJson(['prompts', 'grant', '--workspace', workspace, '--amount', '50'], { dataDir })).toEqual({ remaining: 150 });
    const badAmount = await runCli(['prompts', 'grant', '--workspace', workspace, '--amount', 'lots'], { dataDir });
    expect(badAmount.code).not.toBe(0);

    await runCliJson(['key', 'revoke', '--workspace', workspace, '--id', byAdmin.id], { dataDir });
    const afterRevoke = await runCliJson<{ data: Array<{ revokedAt: string | null }> }>(['key', 'list', '--workspace', workspace], { dataDir });
    expect(afterRevoke.data[0]!.revokedAt).toEqual(expect.any(String));
  });

  it('asks a question on a sample connection and prints the answer', async () => {
    const { id: workspace } = await runCliJson<{ id: string }>(['workspace', 'create', '--name', 'Asker', '--owner', 'a@ask.test'], { dataDir });
    const connections = await runCliJson<{ data: Array<{ id: number; sample: boolean }> }>(['connection', 'list', '--workspace', workspace], { dataDir });
    const sample = connections.data.find((connection) => connection.sample)!;
    const text = await runCli(['ask', '--workspace', workspace, '--connection', String(sample.id), 'how many customers are there?'], { dataDir });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\d/);
    const envelope = await runCliJson<{ status: string; answer: { tables: unknown[] } }>(
      ['ask', '--workspace', workspace, '--connection', String(sample.id), '--format', 'json', 'how many orders this month'], { dataDir });
    expect(envelope.status).toBe('complete');
    expect(envelope.answer.tables).toHaveLength(1);
    const declined = await runCli(['ask', '--workspace', workspace, '--connection', String(sample.id), 'blorp wibble zzz'], { dataDir });
    expect(declined.code).not.toBe(0);
    expect(declined.stderr).toMatch(/question_not_understood/);
  });

  it('ask --after RUNID asks a follow-up of an earlier run; a run of another connection is refused as not found', async () => {
    const { id: workspace } = await runCliJson<{ id: string }>(['workspace', 'create', '--name', 'Follower', '--owner', 'f@ask.test'], { dataDir });
    const connections = await runCliJson<{ data: Array<{ id: number; name: string; sample: boolean }> }>(['connection', 'list', '--workspace', workspace], { dataDir });
    const wholesale = connections.data.find((connection) => /wholesale/i.test(connection.name))!;
    const other = connections.data.find((connection) => connection.sample && connection.id !== wholesale.id)!;
    const ask = (connection: number, question: string, ...more: string[]) =>
      ['ask', '--workspace', workspace, '--connection', String(connection), '--format', 'json', question, ...more];
    const first = await runCliJson<{ runId: string; status: string; previousRunId: string | null }>(ask(wholesale.id, 'how many customers per segment'), { dataDir });
    expect(first).toMatchObject({ status: 'complete', previousRunId: null });
    const followUp = await runCliJson<{ status: string; previousRunId: string }>(
      ask(wholesale.id, 'number of employees per office', '--after', first.runId), { dataDir });
    expect(followUp).toMatchObject({ status: 'complete', previousRunId: first.runId });
    const elsewhere = await runCli(ask(other.id, 'how many customers', '--after', first.runId), { dataDir });
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.stderr).toMatch(/run_not_found|No run/);
  });
});

describe('CLI: versions, help, workspaces, connection tests and removal, declined questions', () => {
  const dataDir = tempDir('cli-reach');
  let workspace: string;
  let sampleId: number;
  beforeAll(async () => {
    workspace = (await runCliJson<{ workspaceId: string }>(['init', '--name', 'Reach', '--owner', 'o@reach.test'], { dataDir })).workspaceId;
    const connections = await runCliJson<{ data: Array<{ id: number; sample: boolean }> }>(['connection', 'list', '--workspace', workspace], { dataDir });
    sampleId = connections.data.find((connection) => connection.sample)!.id;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints its version', async () => {
    const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('describes every command in --help', async () => {
    for (const args of [['--help'], ['workspace', '--help'], ['member', '--help'], ['key', '--help'], ['connection', '--help'], ['prompts', '--help'], ['ask', '--help']]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(0);
      const [, usage = '', commands = ''] = /^Usage: .*\n\n(.*?)\n\nOptions:[\s\S]*?(?:\nCommands:\n([\s\S]*))?$/s.exec(result.stdout) ?? [];
      expect(usage.trim(), `${args.join(' ')} has a description`).not.toBe('');
      for (const line of commands.split('\n').filter((line) => /^  \S/.test(line))) {
        expect(line.trim(), `${args.join(' ')}: "${line.trim()}" has a description`).toMatch(/^\S+(?: \S+)*\s{2,}\S/);
      }
    }
    expect((await runCli(['connection', '--help'])).stdout).toMatch(/remove \[options\]\s+remove a connection/);
  });

  it('lists workspaces', async () => {
    const { id: other } = await runCliJson<{ id: string }>(['workspace', 'create', '--name', 'Other', '--owner', 'x@other.test'], { dataDir });
    const listed = await runCliJson<{ data: Array<{ id: string; name: string; createdAt: string }> }>(['workspace', 'list'], { dataDir });
    expect(listed.data.map((entry) => [entry.id, entry.name])).toEqual([[workspace, 'Reach'], [other, 'Other']]);
    const text = await runCli(['workspace', 'list'], { dataDir });
    expect(text.stdout).toContain(`${other}  Other`);
  });

  it('tests a connection before adding it; --no-test skips the test; remove deletes it', async () => {
    const count = async () => (await runCliJson<{ data: unknown[] }>(['connection', 'list', '--workspace', workspace], { dataDir })).data.length;
    const before = await count();
    const refused = await runCli(['connection', 'add', '--workspace', workspace, '--kind', 'postgresql', '--name', 'nowhere',
      '--url', 'postgresql://reader:pw@127.0.0.1:1/shop'], { dataDir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/^querent: Connection test failed: .+/);
    expect(refused.stderr).not.toContain('pw@');
    expect(await count()).toBe(before);

    const { id: tested } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', workspace, '--kind', 'postgresql',
      '--name', 'local', '--url', 'postgresql://postgres@127.0.0.1:5432/postgres'], { dataDir });
    const { id: untested } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', workspace, '--kind', 'postgresql',
      '--name', 'later', '--url', 'postgresql://reader:pw@127.0.0.1:1/shop', '--no-test'], { dataDir });
    expect(await count()).toBe(before + 2);

    for (const id of [tested, untested]) {
      expect(await runCliJson(['connection', 'remove', '--workspace', workspace, '--id', String(id)], { dataDir })).toEqual({ id, removed: true });
    }
    expect(await count()).toBe(before);
    const again = await runCli(['connection', 'remove', '--workspace', workspace, '--id', String(tested)], { dataDir });
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/No connection with id/);
  });

  it('ask --json prints the problem object on stdout when the question is declined', async () => {
    for (const format of ['text', 'csv']) {
      const declined = await runCli(['ask', '--workspace', workspace, '--connection', String(sampleId), '--format', format, 'blorp wibble zzz', '--json'], { dataDir });
      expect(declined.code).not.toBe(0);
      expect(declined.stderr.trim().split('\n')).toHaveLength(1);
      expect(declined.stderr).toMatch(/question_not_understood/);
      const problem = JSON.parse(declined.stdout);
      expect(problem).toMatchObject({ status: 422, code: 'question_not_understood', title: 'Question not understood' });
      expect(problem.suggestions).toEqual(expect.any(Array));
      expect(problem.reason).toEqual(expect.any(String));
      expect(problem.runId).toMatch(/^run_/);
    }
    const xlsx = await runCli(['ask', '--workspace', workspace, '--connection', String(sampleId), '--format', 'xlsx', 'how many orders'], { dataDir });
    expect(xlsx.code).not.toBe(0);
    expect(xlsx.stderr).toMatch(/Unknown format "xlsx"; use one of json, text, email, csv/);
  });
});

describe('CLI beside a running server on the same data directory', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => server?.dispose());

  it('takes effect in the server at once: a revoked key stops working immediately', async () => {
    const { id, apiKey } = await runCliJson<{ id: string; apiKey: string }>(
      ['key', 'create', '--workspace', server.workspaceId!, '--as', 'owner@example.com', '--name', 'temp'], { dataDir: server.dataDir });
    expect((await api(server.baseUrl, '/api/v1/context', { key: apiKey })).status).toBe(200);
    await runCliJson(['key', 'revoke', '--workspace', server.workspaceId!, '--id', id], { dataDir: server.dataDir });
    const refused = await api(server.baseUrl, '/api/v1/context', { key: apiKey });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_api_key');
  });

  it('keeps lastUsedAt for keys', async () => {
    await api(server.baseUrl, '/api/v1/context', { key: server.apiKey });
    // The server records uses in the store once a second: the CLI, another process, sees them then.
    let lastUsedAt: string | null = null;
    for (let attempt = 0; attempt < 10 && lastUsedAt === null; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      const listed = await runCliJson<{ data: Array<{ id: string; lastUsedAt: string | null }> }>(
        ['key', 'list', '--workspace', server.workspaceId!], { dataDir: server.dataDir });
      lastUsedAt = listed.data.find((key) => server.apiKey!.includes(key.id))!.lastUsedAt;
    }
    expect(Date.now() - Date.parse(lastUsedAt!)).toBeLessThan(60_000);
  });

  it('a refused command exits non-zero with a one-line reason', async () => {
    const result = await runCli(['key', 'revoke', '--workspace', server.workspaceId!, '--id', 'nosuchkey'], { dataDir: server.dataDir });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a second server on the same data directory', async () => {
    await expect(startServer({ dataDir: server.dataDir })).rejects.toThrow(/Another process is using the data directory/);
  });
});
