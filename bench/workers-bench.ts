/**
 * npm run bench:workers — answers/s through one `serve --role api` process on a fresh PostgreSQL
 * database (the test server on 127.0.0.1:5432), with 1 and then 2 `serve --role worker` processes.
 * Chats on both samples at concurrency 16; each worker has its own sample databases.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatLoad, startQuerent, WHOLESALE_QUESTIONS, SAAS_QUESTIONS, type RunningQuerent } from './bench-support.ts';
import { createTestDatabase } from '../test/support/postgres-server.ts';

const CONCURRENCY = 16;
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 300);

const database = await createTestDatabase('querent_bench_workers');
const env = {
  DATABASE_URL: database.url,
  QUERENT_SECRET_KEY: crypto.randomBytes(32).toString('hex'),
  QUERENT_RATE_LIMIT: '10000000',
  QUERENT_TRIAL_PROMPTS: '1000000000',
  LOG_LEVEL: 'warn',
};
const processes: RunningQuerent[] = [];
const dataDirs: string[] = [];
const start = async (role: 'api' | 'worker'): Promise<RunningQuerent> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `querent-bench-${role}-`));
  dataDirs.push(dataDir);
  const started = await startQuerent({ dataDir, env, args: ['--role', role] });
  processes.push(started);
  return started;
};

try {
  const api = await start('api');
  const questions = [
    ...WHOLESALE_QUESTIONS.map((prompt) => ({ connectionId: api.connectionIds[0]!, prompt })),
    ...SAAS_QUESTIONS.map((prompt) => ({ connectionId: api.connectionIds[1]!, prompt })),
  ];
  const target = { baseUrl: api.baseUrl, apiKey: api.apiKey! };
  let single = 0;
  for (const workers of [1, 2]) {
    await start('worker');
    await chatLoad(target, questions, CONCURRENCY, 2 * questions.length); // warm the new worker's catalogs
    const result = await chatLoad(target, questions, CONCURRENCY, ANSWERS);
    single ||= result.answersPerSecond;
    console.log(`${workers} worker${workers > 1 ? 's' : ' '}  ${result.answersPerSecond.toFixed(1).padStart(6)} answers/s (${(result.answersPerSecond / single).toFixed(2)}× 1 worker)  p50 ${result.p50.toFixed(0)} ms  p95 ${result.p95.toFixed(0)} ms  (${result.count} answers at concurrency ${CONCURRENCY}, 1 API process)`);
  }
} finally {
  await Promise.all(processes.map((started) => started.stop()));
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
