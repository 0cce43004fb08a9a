/** What the benchmarks share: starting `bin/querent serve` as users do, reading its RSS, loading it with chats. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const QUERENT = path.join(import.meta.dirname, '../bin/querent');

/** Questions the built-in engine answers (a declined question would stop the benchmark). */
export const WHOLESALE_QUESTIONS = [
  'How many customers are there?',
  'how many orders were placed this month',
  'total revenue last quarter',
  'revenue this year',
  'how many customers per segment',
];

export const SAAS_QUESTIONS = [
  'how many accounts are there',
  'how many support tickets are open',
  'number of tickets by priority',
  'number of accounts per industry',
  'how many accounts are there',
];

export interface RunningQuerent {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly baseUrl: string;
  /** The key printed at first start (absent for workers and later starts). */
  readonly apiKey?: string;
  /** Sample connection ids of the first-start workspace: wholesale, then saas. */
  readonly connectionIds: number[];
  /** From spawning to the last banner line and a ready /readyz. */
  readonly readyMs: number;
  stop(): Promise<void>;
}

export async function startQuerent(options: { dataDir: string; env?: Record<string, string>; args?: readonly string[] }): Promise<RunningQuerent> {
  const started = performance.now();
  const child = spawn(QUERENT, ['serve', '--port', '0', '--data-dir', options.dataDir, ...(options.args ?? [])], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let baseUrl: string | undefined;
  let apiKey: string | undefined;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`querent serve exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      baseUrl ??= /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? /health: (http:\/\/\S+)\/healthz/.exec(line)?.[1];
      apiKey ??= /API key \(shown once, keep it secret\): (\S+)/.exec(line)?.[1];
      if (/^\s+-d '\{"connectionId"|QUERENT_API_KEY|Querent worker is running/.test(line)) resolve();
    });
  });
  const ready = await fetch(`${baseUrl}/readyz`);
  if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}`);
  const readyMs = performance.now() - started;
  const connections = apiKey
    ? ((await (await fetch(`${baseUrl}/api/v1/connections`, { headers: { 'x-api-key': apiKey } })).json()) as { data: { id: number }[] }).data
    : [];
  return {
    child, pid: child.pid!, baseUrl: baseUrl!, apiKey, readyMs, connectionIds: connections.map((connection) => connection.id),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process, in bytes (Linux). */
/** Bytes in megabytes (10^6), as every benchmark prints memory. */
export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

export function readRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface LoadResult {
  readonly count: number;
  readonly answersPerSecond: number;
  readonly p50: number;
  readonly p95: number;
}

/** `count` chats (format json) from `concurrency` callers at once, cycling through `questions`. */
export async function chatLoad(
  target: { baseUrl: string; apiKey?: string } | { baseUrls: readonly string[]; apiKey?: string },
  questions: readonly { connectionId: number; prompt: string }[], concurrency: number, count: number,
): Promise<LoadResult> {
  const baseUrls = 'baseUrls' in target ? target.baseUrls : [target.baseUrl];
  const jobs = Array.from({ length: count }, (_, index) => index);
  const latencies: number[] = [];
  const started = performance.now();
  async function caller(): Promise<void> {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
      const question = questions[job % questions.length]!;
      const begun = performance.now();
      const response = await fetch(`${baseUrls[job % baseUrls.length]}/api/v1/chat?format=json`, {
        method: 'POST',
        headers: { 'x-api-key': target.apiKey!, 'content-type': 'application/json' },
        body: JSON.stringify(question),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`chat "${question.prompt}" answered ${response.status}`);
      latencies.push(performance.now() - begun);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, caller));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count, answersPerSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}
