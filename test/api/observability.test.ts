import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';

interface Sample { readonly name: string; readonly labels: Record<string, string>; readonly value: number }

/** The sample lines of the Prometheus text format (comments and blank lines skipped). */
function parsePrometheus(text: string): Sample[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!]));
    return { name: match[1]!, labels, value: Number(match[3]) };
  });
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

const PROMPT = 'blorp wibble zzz secret-marker-42';

describe('metrics and run logs', () => {
  let server: ServerProcess;
  let key: string;
  let connectionId: number;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
    key = server.apiKey!;
    connectionId = (await api(server.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
  });
  afterAll(async () => server?.dispose());

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(await response.text());
  }

  it('GET /metrics needs no key and moves its counters with a chat', async () => {
    const before = await scrape();
    const chat = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId, prompt: PROMPT } });
    expect(chat.status).toBe(422);
    await api(server.baseUrl, '/api/v1/runs/run_doesnotexist', { key });
    const after = await scrape();

    const chats = { name: 'querent_http_requests_total', labels: { method: 'POST', route: '/api/v1/chat', status: '422' } };
    expect(valueOf(after, chats.name, chats.labels) - valueOf(before, chats.name, chats.labels)).toBe(1);
    // The route's pattern, not the URL with the id.
    expect(valueOf(after, 'querent_http_requests_total', { route: '/api/v1/runs/:runId', status: '404' })).toBe(1);
    expect(valueOf(after, 'querent_answers_total', { outcome: 'declined' }) - valueOf(before, 'querent_answers_total', { outcome: 'declined' })).toBe(1);
    expect(after.some((sample) => sample.name === 'querent_answers_total' && sample.labels.outcome === 'complete')).toBe(true);
    expect(after.some((sample) => sample.name === 'querent_answers_total' && sample.labels.outcome === 'failed')).toBe(true);
    expect(valueOf(after, 'querent_run_duration_seconds_count', { outcome: 'declined' })
      - valueOf(before, 'querent_run_duration_seconds_count', { outcome: 'declined' })).toBe(1);
    // Declined answers are not charged.
    expect(valueOf(after, 'querent_prompts_charged_total')).toBe(valueOf(before, 'querent_prompts_charged_total'));
    expect(after.some((sample) => sample.name === 'querent_runs_unfinished')).toBe(true);
    expect(valueOf(after, 'querent_runs_unfinished')).toBe(0);
    expect(after.some((sample) => sample.name === 'querent_process_resident_memory_bytes')).toBe(true);
    for (const sample of after) expect(sample.name.startsWith('querent_'), sample.name).toBe(true);
  });

  it('labels carry no workspace ids, keys or raw URLs', async () => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).not.toContain(server.workspaceId!);
    expect(text).not.toContain(key.split('_')[1]!);
    expect(text).not.toContain('run_doesnotexist');
    const labelNames = new Set(parsePrometheus(text).flatMap((sample) => Object.keys(sample.labels)));
    for (const name of labelNames) expect(['method', 'route', 'status', 'outcome', 'le', 'version', 'major', 'minor', 'patch', 'type', 'space', 'kind']).toContain(name);
  });

  it('logs one line per run at info level, without the prompt', async () => {
    const lines = server.output.join('').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const ended = lines.filter((line) => line.msg === 'run ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ level: 30, workspaceId: server.workspaceId, connectionKind: 'postgresql', outcome: 'declined', queryMs: null });
    expect(ended[0]!.runId).toMatch(/^run_/);
    expect(ended[0]!.planningMs).toEqual(expect.any(Number));
    expect(ended[0]!.durationMs).toEqual(expect.any(Number));
    expect(server.output.join('')).not.toContain('secret-marker-42');
  });
});
