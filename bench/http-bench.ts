/**
 * npm run bench — measured in one run, server in a child process, load from this one:
 *  1. GET /api/v1/context requests/s next to a bare Fastify route on the same server (the ratio);
 *  2. chat latency p50/p95 for five sample questions at concurrency 1 and 8.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const QUESTIONS = [
  'How many customers are there?',
  'top 5 customers by revenue',
  'top 5 products by quantity sold',
  'number of orders per month in 2025',
  'average invoice amount by status',
];

const server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(here, 'bench-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ baseUrl: string; apiKey: string; connectionIds: number[] }>((resolve) => {
  readline.createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
});

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function chatLatencies(concurrency: number, rounds: number): Promise<number[]> {
  const jobs = Array.from({ length: rounds }, (_, index) => QUESTIONS[index % QUESTIONS.length]!);
  const latencies: number[] = [];
  async function worker(): Promise<void> {
    for (let question = jobs.shift(); question; question = jobs.shift()) {
      const started = performance.now();
      const response = await fetch(`${ready.baseUrl}/api/v1/chat?format=json`, {
        method: 'POST',
        headers: { 'x-api-key': ready.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ connectionId: ready.connectionIds[0], prompt: question }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`chat "${question}" answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}

try {
  const auth = { 'x-api-key': ready.apiKey };
  await requestsPerSecond(`${ready.baseUrl}/bare`, {}); // warm-up
  const bare = await requestsPerSecond(`${ready.baseUrl}/bare`, {});
  const context = await requestsPerSecond(`${ready.baseUrl}/api/v1/context`, auth);
  console.log(`GET /bare (bare Fastify route)  ${bare.toFixed(0)} req/s`);
  console.log(`GET /api/v1/context            ${context.toFixed(0)} req/s  (${((context / bare) * 100).toFixed(0)}% of bare)`);

  await chatLatencies(1, QUESTIONS.length); // warm caches (catalog, value index)
  for (const concurrency of [1, 8]) {
    const latencies = await chatLatencies(concurrency, 100);
    console.log(`POST /api/v1/chat c=${concurrency}  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  (${latencies.length} answers, 5 questions)`);
  }
} finally {
  server.kill('SIGTERM');
}
