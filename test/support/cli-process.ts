import { spawn } from 'node:child_process';
import { QUERENT, SHARED_SAMPLES_DIR } from './paths.ts';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the `querent` CLI as a subprocess, as a user or a script would. */
export function runCli(args: readonly string[], options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  const dataDirArgs = options.dataDir ? ['--data-dir', options.dataDir] : [];
  const child = spawn(QUERENT, [...dataDirArgs, ...args], {
    env: { ...process.env, QUERENT_SAMPLES_DIR: SHARED_SAMPLES_DIR, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs a command with --json and returns the parsed object; throws with stderr when it fails. */
export async function runCliJson<T = Record<string, unknown>>(args: readonly string[], options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<T> {
  const result = await runCli([...args, '--json'], options);
  if (result.code !== 0) throw new Error(`querent ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
