import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { QUERENT, SHARED_SAMPLES_DIR, tempDir } from './paths.ts';

export interface ServerProcess {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The key printed at first start (absent when the data dir was already initialised). */
  readonly apiKey?: string;
  readonly workspaceId?: string;
  readonly output: string[];
  readonly child: ChildProcess;
  /** Graceful stop (SIGTERM), waiting for exit. */
  stop(): Promise<void>;
  /** SIGKILL, waiting for exit. */
  kill(): Promise<void>;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  readonly exited: Promise<number | null>;
  /** Stops and removes the data directory. */
  dispose(): Promise<void>;
}

export interface StartOptions {
  readonly dataDir?: string;
  readonly env?: Record<string, string>;
  /** More `serve` arguments, e.g. `['--role', 'worker']`. */
  readonly args?: readonly string[];
}

/** Starts `querent serve` as users do, on a free port, and waits until it is ready. */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? tempDir('server');
  const child = spawn(QUERENT, ['serve', '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])], {
    env: { ...process.env, QUERENT_SAMPLES_DIR: SHARED_SAMPLES_DIR, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = readline.createInterface({ input: child.stdout! });
  let baseUrl: string | undefined;
  let apiKey: string | undefined;
  let workspaceId: string | undefined;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output.join('')}`)); });
    lines.on('line', (line) => {
      output.push(line + '\n');
      baseUrl ??= /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? /health: (http:\/\/\S+)\/healthz/.exec(line)?.[1];
      apiKey ??= /API key \(shown once, keep it secret\): (\S+)/.exec(line)?.[1];
      workspaceId ??= /created workspace (ws_\w+)/.exec(line)?.[1];
      // The last line of the banner: the chat example (first start), the context example (later
      // starts) or a worker's only line.
      if (/^\s+-d '\{"connectionId"|QUERENT_API_KEY|Querent worker is running/.test(line)) { clearTimeout(timer); resolve(); }
    });
  });

  const signal = async (name: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    baseUrl: baseUrl!, dataDir, apiKey, workspaceId, output, child, exited,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    async dispose() {
      await signal('SIGTERM');
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
