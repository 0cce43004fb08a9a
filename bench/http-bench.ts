/**
 * npm run bench — measured in one run, the server in child processes, the load from this one:
 *  1. GET /api/v1/context requests/s next to a bare Fastify route on the same server (the ratio);
 *  2. `querent serve` (bin/querent, as users start it) on a fresh data directory: seconds to the
 *     printed key and a ready server, its RSS when ready, once idle (sample threads stopped) and
 *     after a round of questions on both samples;
 *  3. chat throughput (answers/s, p50/p95) on both samples at concurrency 1, 8 and 32.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import path from 'node:path';
import autocannon from 'autocannon';
import { chatLoad, mb, readRss, startQuerent, WHOLESALE_QUESTIONS, SAAS_QUESTIONS } from './bench-support.ts';

const here = import.meta.dirname;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const IDLE_S = 5;

async function contextRatio(): Promise<void> {
  const server = spawn(process.execPath, ['--liftoff-only', '--disable-warning=ExperimentalWarning', path.join(here, 'bench-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ baseUrl: string; apiKey: string }>((resolve) => {
    readline.createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
  const requestsPerSecond = async (url: string, headers: Record<string, string>): Promise<number> => {
    const result = await autocannon({ url, connections: 16, duration: DURATION_S, headers });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  try {
    await requestsPerSecond(`${ready.baseUrl}/bare`, {}); // warm-up
    const bare = await requestsPerSecond(`${ready.baseUrl}/bare`, {});
    const context = await requestsPerSecond(`${ready.baseUrl}/api/v1/context`, { 'x-api-key': ready.apiKey });
    console.log(`GET /bare (bare Fastify route)   ${bare.toFixed(0)} req/s`);
    console.log(`GET /api/v1/context             ${context.toFixed(0)} req/s  (${((context / bare) * 100).toFixed(0)}% of bare)`);
  } finally {
    server.kill('SIGTERM');
  }
}


await contextRatio();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'querent-bench-'));
const server = await startQuerent({
  dataDir,
  env: { QUERENT_SAMPLE_IDLE_SECONDS: String(IDLE_S), QUERENT_RATE_LIMIT: '10000000', QUERENT_TRIAL_PROMPTS: '1000000000', LOG_LEVEL: 'warn' },
});
try {
  console.log(`first start (fresh data directory, archives prebuilt by npm ci): key printed and ready in ${(server.readyMs / 1000).toFixed(1)} s`);
  console.log(`RSS when ready (samples warmed)  ${mb(readRss(server.pid))}`);
  await new Promise((resolve) => setTimeout(resolve, (IDLE_S + 3) * 1000));
  console.log(`RSS idle (sample threads stopped after ${IDLE_S} s)  ${mb(readRss(server.pid))}`);
  const questions = [
    ...WHOLESALE_QUESTIONS.map((prompt) => ({ connectionId: server.connectionIds[0]!, prompt })),
    ...SAAS_QUESTIONS.map((prompt) => ({ connectionId: server.connectionIds[1]!, prompt })),
  ];
  await chatLoad(server, questions, 1, questions.length);
  console.log(`RSS after a round of ${questions.length} questions on both samples  ${mb(readRss(server.pid))}`);

  let single = 0;
  for (const concurrency of [1, 8, 32]) {
    const result = await chatLoad(server, questions, concurrency, 200);
    single ||= result.answersPerSecond;
    console.log(`POST /api/v1/chat c=${String(concurrency).padEnd(2)}  ${result.answersPerSecond.toFixed(0).padStart(4)} answers/s (${(result.answersPerSecond / single).toFixed(2)}× c=1)  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  (${result.count} answers, ${questions.length} questions, both samples)`);
  }
  console.log(`RSS after the load  ${mb(readRss(server.pid))}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
