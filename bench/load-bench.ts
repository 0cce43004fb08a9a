/**
 * `npm run bench:load [-- --seconds 60 --concurrency 32]`: a sustained load on `bin/querent serve`
 * (the embedded default, on a fresh data directory) — `concurrency` callers asking sample questions
 * that answer, back to back, for `seconds` — with `/healthz` probed alongside, one request at a
 * time. Prints chat latency (p50/p95/p99 of the answered chats), errors by status, answers/s, the
 * server's RSS at start, middle and end and its growth over the second half, and /healthz p50/p99.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mb, percentile, readRss, startQuerent } from './bench-support.ts';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '32' },
  },
});
const SECONDS = positive(options.seconds, '--seconds');
const CONCURRENCY = positive(options.concurrency, '--concurrency');
/** Pause between two /healthz probes, ms: the probe measures the event loop, it does not load it. */
const HEALTH_PAUSE_MS = 20;

/** Sample questions the built-in engine answers; checked once before the load, and dropped if declined. */
const QUESTIONS: Record<'wholesale' | 'saas', readonly string[]> = {
  wholesale: [
    'How many customers are there?', 'how many customers per segment', 'number of employees per office',
    'how many orders this month', 'Number of products', 'how many orders were placed this month',
  ],
  saas: ['how many accounts are there', 'how many support tickets are open', 'number of tickets by priority'],
};

/** Rounded to a tenth, for the JSON line; undefined stays undefined (no sample). */
function tenth(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value * 10) / 10;
}

function positive(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'querent-load-'));
const server = await startQuerent({
  dataDir,
  env: { QUERENT_RATE_LIMIT: '10000000', QUERENT_TRIAL_PROMPTS: '1000000000', LOG_LEVEL: 'warn' },
});

async function chat(question: { connectionId: number; prompt: string }): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/v1/chat?format=json`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey!, 'content-type': 'application/json' },
    body: JSON.stringify(question),
  });
  await response.arrayBuffer();
  return response.status;
}

try {
  const [wholesaleId, saasId] = server.connectionIds;
  const candidates = [
    ...QUESTIONS.wholesale.map((prompt) => ({ connectionId: wholesaleId!, prompt })),
    ...QUESTIONS.saas.map((prompt) => ({ connectionId: saasId!, prompt })),
  ];
  // Also the warm-up: each sample's catalog and values are read by its first question.
  const questions: typeof candidates = [];
  for (const question of candidates) {
    const status = await chat(question);
    if (status === 200) questions.push(question);
    else console.log(`dropped (answered ${status}): "${question.prompt}"`);
  }
  if (questions.length === 0) throw new Error('no sample question answered; nothing to load the server with');

  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const healthLatencies: number[] = [];
  const rss = { start: readRss(server.pid), middle: 0, end: 0 };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const middle = setTimeout(() => (rss.middle = readRss(server.pid)), (SECONDS * 1000) / 2);
  let next = 0;

  async function caller(): Promise<void> {
    while (performance.now() < deadline) {
      const question = questions[next++ % questions.length]!;
      const begun = performance.now();
      let status: string;
      try {
        status = String(await chat(question));
      } catch (error) {
        status = `network (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
      }
      if (status === '200') latencies.push(performance.now() - begun);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  async function healthProbe(): Promise<void> {
    while (performance.now() < deadline) {
      const begun = performance.now();
      const response = await fetch(`${server.baseUrl}/healthz`);
      await response.arrayBuffer();
      if (response.ok) healthLatencies.push(performance.now() - begun);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_PAUSE_MS));
    }
  }
  await Promise.all([...Array.from({ length: CONCURRENCY }, caller), healthProbe()]);
  const elapsed = (performance.now() - started) / 1000;
  clearTimeout(middle);
  rss.end = readRss(server.pid);

  latencies.sort((a, b) => a - b);
  healthLatencies.sort((a, b) => a - b);
  const answered = statuses.get('200') ?? 0;
  const errors = [...statuses].filter(([status]) => status !== '200');
  const ms = (value: number | undefined): string => (value === undefined ? '—' : `${value.toFixed(1)} ms`);
  const growth = rss.middle > 0 ? ((rss.end - rss.middle) / rss.middle) * 100 : Number.NaN;
  const figures = {
    seconds: Number(elapsed.toFixed(1)), concurrency: CONCURRENCY, questions: questions.length, cpus: os.cpus().length,
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(1))),
    answered, answersPerSecond: Number((answered / elapsed).toFixed(1)),
    chatMs: { p50: tenth(percentile(latencies, 50)), p95: tenth(percentile(latencies, 95)), p99: tenth(percentile(latencies, 99)) },
    errorsByStatus: Object.fromEntries(errors),
    rssMb: { start: tenth(rss.start / 1e6), middle: tenth(rss.middle / 1e6), end: tenth(rss.end / 1e6) },
    rssGrowthSecondHalfPercent: Number(growth.toFixed(1)),
    healthz: { count: healthLatencies.length, p50: tenth(percentile(healthLatencies, 50)), p99: tenth(percentile(healthLatencies, 99)) },
  };

  console.log(`\nload: ${CONCURRENCY} callers for ${elapsed.toFixed(1)} s on ${questions.length} sample questions (format=json), `
    + `${os.cpus().length} CPUs, load average ${figures.loadAverage.join(' / ')}`);
  console.log(`  answers            ${answered} (${figures.answersPerSecond} answers/s)`);
  console.log(`  chat latency       p50 ${ms(figures.chatMs.p50)}, p95 ${ms(figures.chatMs.p95)}, p99 ${ms(figures.chatMs.p99)} (answered chats)`);
  console.log(`  errors by status   ${errors.length === 0 ? 'none' : errors.map(([status, count]) => `${status}: ${count}`).join(', ')}`);
  console.log(`  server RSS         start ${mb(rss.start)}, middle ${mb(rss.middle)}, end ${mb(rss.end)}; `
    + `second half ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %`);
  console.log(`  /healthz alongside p50 ${ms(figures.healthz.p50)}, p99 ${ms(figures.healthz.p99)} (${healthLatencies.length} probes)`);
  console.log(JSON.stringify(figures));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
