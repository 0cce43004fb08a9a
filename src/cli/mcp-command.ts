import type http from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '../config/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Querent } from '../querent.ts';
import { QuerentError } from '../core/errors.ts';
import { sleep } from '../core/abort.ts';
import { createMcpServer, type CallTool } from '../mcp/mcp-server.ts';
import { callMcpToolWithKey, problemResult } from '../mcp/mcp-tools.ts';
import { makeDataDirPrivate, narrowDataDir } from '../store/private-data-dir.ts';
import { adminSocketPath, listenAdminSocket, sendAdminCommand } from './admin-socket.ts';
import { mcpServices } from './commands.ts';
import { tryLockStore, type StoreLock } from './store-lock.ts';

type Open = (config: Config, logger: Logger) => Promise<Querent>;

/** How long a tool call waits for another process to release the embedded store. */
const LOCK_WAIT_MS = 15_000;

/** The store opened by this process: the services, and what to undo when it stops. */
interface LocalStore {
  readonly querent: Querent;
  readonly lock?: StoreLock;
  readonly adminServer?: http.Server;
}

/**
 * `querent mcp`: MCP over stdio (stdout carries the protocol; logs go to stderr), calling tools as
 * the key in QUERENT_API_KEY, on the same store as every other command:
 * - with DATABASE_URL, the services run in this process (it also executes runs, as `querent ask` does);
 * - on the embedded store, while `querent serve` holds the data directory, each tool call is carried
 *   out by the server (over its admin socket); otherwise this process opens the store at the first
 *   call and holds it until it ends, executing runs and taking other commands over the admin socket
 *   as a server does (so `querent serve` on the same data directory waits for it to end).
 * Resolves when the client closes stdin or the process is told to stop.
 */
export async function serveMcpOverStdio(config: Config, logger: Logger, open: Open, apiKey: string): Promise<void> {
  let local: Promise<LocalStore> | undefined;

  async function openHere(lock: StoreLock | undefined): Promise<LocalStore> {
    try {
      if (lock) makeDataDirPrivate(config.dataDir);
      const querent = await open(config, logger);
      if (lock) narrowDataDir(config.dataDir);
      await querent.runs.startWorking();
      const adminServer = lock ? await listenAdminSocket(querent, adminSocketPath(config.dataDir)) : undefined;
      return { querent, lock, adminServer };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  /** A store that failed to open is tried again at the next call. */
  function forgetOnFailure(opening: Promise<LocalStore>): Promise<LocalStore> {
    opening.catch(() => {
      if (local === opening) local = undefined;
    });
    return opening;
  }

  async function forward(name: string, args: unknown): Promise<CallToolResult | undefined> {
    const forwarded = await sendAdminCommand(adminSocketPath(config.dataDir), 'mcp call', {
      'api-key': apiKey, tool: name, arguments: JSON.stringify(args ?? {}),
    });
    return forwarded?.json as CallToolResult | undefined;
  }

  const call: CallTool = async (name, args, signal) => {
    try {
      const deadline = Date.now() + LOCK_WAIT_MS;
      for (;;) {
        if (config.databaseUrl && !local) local = forgetOnFailure(openHere(undefined));
        if (local) return await callMcpToolWithKey(mcpServices((await local).querent), apiKey, name, args, signal);
        const forwarded = await forward(name, args);
        if (forwarded) return forwarded;
        // No server holds the store: open it here (taking the lock and opening are one synchronous step).
        const lock = local ? undefined : tryLockStore(config.dataDir);
        if (lock) local = forgetOnFailure(openHere(lock));
        if (local) continue;
        if (Date.now() > deadline) {
          throw new QuerentError('internal_error', `The data directory ${config.dataDir} is busy (another querent process holds it).`);
        }
        await sleep(200);
      }
    } catch (error) {
      logger.error({ err: error, tool: name }, 'MCP tool call failed');
      const detail = error instanceof QuerentError ? error.detail : 'The tool call failed; see the log on stderr.';
      return problemResult(new QuerentError('internal_error', detail));
    }
  };

  /** Calls not yet answered: the client may close stdin right after sending one, and still wants the answer. */
  const inFlight = new Set<Promise<CallToolResult>>();
  const server = createMcpServer((name, args, signal) => {
    const answering = call(name, args, signal);
    inFlight.add(answering);
    void answering.finally(() => inFlight.delete(answering));
    return answering;
  });
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.connect(new StdioServerTransport());
  await stopped;
  // Messages read just before stdin ended are handled on later turns of the event loop.
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  do {
    await nextTurn();
    await Promise.allSettled(inFlight);
  } while (inFlight.size > 0);
  await nextTurn();
  await server.close();
  if (local) {
    const store = await local.catch(() => undefined);
    store?.adminServer?.close();
    await store?.querent.close();
    store?.lock?.release();
  }
}

/** The key `querent mcp` calls with; refused at start when absent. */
export function mcpApiKey(env: NodeJS.ProcessEnv): string {
  const key = env.QUERENT_API_KEY?.trim();
  if (!key) throw new QuerentError('missing_api_key', 'Set QUERENT_API_KEY to an API key of the workspace the assistant may ask about.');
  return key;
}
