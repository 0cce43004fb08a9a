/**
 * Many processes on one PostgreSQL store: 2 API processes and 2 workers (`serve --role api|worker`),
 * each with its own data directory, sharing DATABASE_URL and QUERENT_SECRET_KEY. A worker killed
 * with SIGKILL in the middle of a burst: its runs are taken up by the other, each run ends exactly
 * once (one NOTIFY each) and the ledger holds exactly one charge per answer. A worker stopped with
 * SIGTERM (no grace) hands its running runs back and exits cleanly.
 *
 * The data source is a real PostgreSQL database reached through a proxy that delays every packet
 * from the server, so that runs are still running when a worker is stopped.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCli, runCliJson } from '../support/cli-process.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

const RUNS_AT_ONCE = 3;

/** A TCP proxy to PostgreSQL that holds each packet from the server for `delayMs`, in order. */
async function startSlowProxy(delayMs: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1');
    sockets.add(client).add(upstream);
    let last = Promise.resolve();
    upstream.on('data', (chunk) => {
      last = last.then(() => new Promise((resolve) => setTimeout(resolve, delayMs))).then(() => void client.write(chunk));
    });
    client.pipe(upstream);
    const end = (): void => { client.destroy(); upstream.destroy(); };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', () => void last.then(end));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => { for (const socket of sockets) socket.destroy(); server.close(() => resolve()); }),
  };
}

async function scalar<T>(client: pg.Client, sql: string): Promise<T> {
  const { rows } = await client.query(sql);
  return Object.values(rows[0] as Record<string, T>)[0]!;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('2 API processes and 2 workers on one PostgreSQL', () => {
  const processes: ServerProcess[] = [];
  let meta: Awaited<ReturnType<typeof createTestDatabase>>;
  let shop: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startSlowProxy>>;
  let db: pg.Client;
  let env: Record<string, string>;
  let apis: ServerProcess[];
  let key: string;
  let connectionId: number;
  const endings = new Map<string, number>();

  const start = async (role: 'api' | 'worker', extra: Record<string, string> = {}): Promise<ServerProcess> => {
    const server = await startServer({ env: { ...env, ...extra }, args: ['--role', role] });
    processes.push(server);
    return server;
  };

  /** Sends `count` chats round-robin over the API processes; each answers 202 (chat window 0). */
  async function burst(count: number): Promise<string[]> {
    const responses = await Promise.all(Array.from({ length: count }, (_, index) =>
      api(apis[index % apis.length]!.baseUrl, '/api/v1/chat', { key, body: { connectionId, prompt: 'how many orders are there' } })));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 202));
    return responses.map((response) => response.body.runId as string);
  }

  /** Reads every run through alternating API processes, waiting (?wait=) until each has ended. */
  async function awaitAll(runIds: readonly string[]): Promise<any[]> {
    return Promise.all(runIds.map(async (runId, index) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const { body } = await api(apis[(index + attempt) % apis.length]!.baseUrl, `/api/v1/runs/${runId}?wait=30`, { key });
        if (body.status === 'complete' || body.status === 'failed') return body;
      }
      throw new Error(`run ${runId} did not end`);
    }));
  }

  beforeAll(async () => {
    meta = await createTestDatabase('querent_scale');
    shop = await createTestDatabase('querent_scale_shop');
    const shopClient = new pg.Client({ connectionString: shop.url });
    await shopClient.connect();
    await shopClient.query(`CREATE TABLE orders (id integer PRIMARY KEY, amount numeric(10, 2) NOT NULL, placed_on date NOT NULL);
      INSERT INTO orders SELECT n, n * 1.5, DATE '2026-01-01' + n FROM generate_series(1, 120) AS n;`);
    await shopClient.end();
    proxy = await startSlowProxy(150);

    env = {
      DATABASE_URL: meta.url,
      QUERENT_SECRET_KEY: crypto.randomBytes(32).toString('hex'),
      QUERENT_CHAT_WAIT_MS: '0',
      QUERENT_RUN_CONCURRENCY: String(RUNS_AT_ONCE),
      QUERENT_WORKSPACE_CONCURRENCY: String(RUNS_AT_ONCE),
      QUERENT_TRIAL_PROMPTS: '1000',
    };
    const first = await start('api');
    key = first.apiKey!;
    apis = [first, await start('api')];
    expect(apis[1]!.apiKey).toBeUndefined();
    ({ id: connectionId } = await runCliJson<{ id: number }>(['connection', 'add', '--workspace', first.workspaceId!, '--kind', 'postgresql',
      '--name', 'shop', '--url', `postgresql://postgres@127.0.0.1:${proxy.port}/${shop.name}?sslmode=disable`], { env }));

    db = new pg.Client({ connectionString: meta.url });
    await db.connect();
    db.on('notification', (message) => {
      const change = JSON.parse(message.payload!) as { type: string; runId?: string };
      if (change.type === 'run_ended') endings.set(change.runId!, (endings.get(change.runId!) ?? 0) + 1);
    });
    await db.query('LISTEN querent_changes');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.dispose()));
    await db?.end();
    await proxy?.close();
    await meta?.drop();
    await shop?.drop();
  });

  it('refuses --role api or worker without DATABASE_URL or without a shared secret key, with a clear reason', async () => {
    const embedded = await runCli(['serve', '--port', '0', '--role', 'worker']);
    expect(embedded.code).not.toBe(0);
    expect(embedded.stderr).toContain('--role worker needs DATABASE_URL');
    const keyless = await runCli(['serve', '--port', '0', '--role', 'api'], { env: { DATABASE_URL: meta.url } });
    expect(keyless.code).not.toBe(0);
    expect(keyless.stderr).toContain('--role api needs QUERENT_SECRET_KEY');
  });

  it('takes up the runs of a worker killed mid-run: every run completes once, charged once', async () => {
    const doomed = await start('worker');
    const survivor = await start('worker');
    const runIds = await burst(4 * RUNS_AT_ONCE);

    // More runs running than one worker may hold: the doomed worker holds some of them.
    await until(async () => Number(await scalar(db, "SELECT count(*) FROM runs WHERE status = 'running'")) > RUNS_AT_ONCE,
      60_000, 'both workers to be running runs');
    await doomed.kill();
    const killedAt = Date.now();

    const runs = await awaitAll(runIds);
    expect(runs.map((run) => run.status)).toEqual(runIds.map(() => 'complete'));
    expect(runs.every((run) => run.answer.text.includes('120'))).toBe(true);
    // Picked up within seconds: one heartbeat (10 s) and a monitor pass, not a job expiry.
    expect(Date.now() - killedAt).toBeLessThan(45_000);
    const retried = Number(await scalar(db, `SELECT count(*) FROM runs WHERE attempts > 1 AND id IN (${runIds.map((id) => `'${id}'`).join(', ')})`));
    expect(retried).toBeGreaterThanOrEqual(1);

    // Exactly once: one end announced per run, one charge per run, the balance derived from both.
    await until(async () => runIds.every((id) => endings.has(id)), 5_000, 'every end to be announced');
    expect(runIds.map((id) => endings.get(id))).toEqual(runIds.map(() => 1));
    const charges = await db.query<{ run_id: string; n: number }>(
      `SELECT run_id, count(*)::int AS n FROM prompt_ledger WHERE reason = 'charge' GROUP BY run_id`);
    expect(charges.rows.filter((row) => runIds.includes(row.run_id)).map((row) => row.n)).toEqual(runIds.map(() => 1));
    const context = await api(apis[1]!.baseUrl, '/api/v1/context', { key });
    expect(context.body.prompts).toEqual({ remaining: 1000 - runIds.length, used: runIds.length });
    expect(survivor.child.exitCode).toBeNull();
  }, 180_000);

  it('a worker stopped with SIGTERM hands its running runs back and exits 0; another finishes them', async () => {
    const stopping = await start('worker', { QUERENT_STOP_GRACE_SECONDS: '0' });
    const [before] = (await db.query<{ used: number }>(
      "SELECT count(*)::int AS used FROM prompt_ledger WHERE reason = 'charge'")).rows;
    const workers = processes.filter((server) => server.child.exitCode === null && server.child.signalCode === null && !apis.includes(server));
    expect(workers).toHaveLength(2);
    const runIds = await burst(4 * RUNS_AT_ONCE);
    await until(async () => Number(await scalar(db, "SELECT count(*) FROM runs WHERE status = 'running'")) > RUNS_AT_ONCE,
      60_000, 'both workers to be running runs');
    const stopped = Date.now();
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);

    const runs = await awaitAll(runIds);
    expect(runs.map((run) => run.status)).toEqual(runIds.map(() => 'complete'));
    const handedBack = Number(await scalar(db, `SELECT count(*) FROM runs WHERE attempts > 1 AND id IN (${runIds.map((id) => `'${id}'`).join(', ')})`));
    expect(handedBack).toBeGreaterThanOrEqual(1);
    await until(async () => runIds.every((id) => endings.has(id)), 5_000, 'every end to be announced');
    expect(runIds.map((id) => endings.get(id))).toEqual(runIds.map(() => 1));
    const [after] = (await db.query<{ used: number }>(
      "SELECT count(*)::int AS used FROM prompt_ledger WHERE reason = 'charge'")).rows;
    expect(after!.used - before!.used).toBe(runIds.length);
  }, 180_000);
});
