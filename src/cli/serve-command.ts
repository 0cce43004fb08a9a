import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Querent } from '../querent.ts';
import { createApp } from '../http/app.ts';
import { registerHealthRoutes } from '../http/routes/health-routes.ts';
import { registerMetrics } from '../http/metrics.ts';
import { countWorkspaces } from '../store/workspaces-repository.ts';
import { listConnections } from '../store/connections-repository.ts';
import { SAMPLE_DATASETS } from '../samples/sample-datasets.ts';
import { adminSocketPath, listenAdminSocket } from './admin-socket.ts';
import { createWorkspaceWithKey } from './commands.ts';
import { tryLockStore } from './store-lock.ts';
import { makeDataDirPrivate, narrowDataDir } from '../store/private-data-dir.ts';

type Open = (config: Config, logger: Logger) => Promise<Querent>;

/** After the grace period, how long closing the HTTP server and the stores may take. */
const SHUTDOWN_MARGIN_MS = 15_000;

/**
 * `querent serve`: the API on the configured store; on first start, a demo workspace and key.
 * `--role api` serves HTTP and queues runs; `--role worker` executes runs (and answers health
 * checks); `all` (the default, and the only role of the embedded store) does both.
 */
export async function serve(config: Config, logger: Logger, open: Open, print: (line: string) => void): Promise<() => Promise<void>> {
  if (!config.databaseUrl && config.role !== 'all') {
    throw new Error(`--role ${config.role} needs DATABASE_URL: with the embedded store one process serves and runs everything (--role all).`);
  }
  if (config.role !== 'all' && !config.secretKey) {
    // A key generated into each process's own data directory would leave every other process
    // unable to read the connection credentials it stores.
    throw new Error(`--role ${config.role} needs QUERENT_SECRET_KEY, the same in every process sharing DATABASE_URL.`);
  }
  makeDataDirPrivate(config.dataDir);
  const lock = config.databaseUrl ? undefined : tryLockStore(config.dataDir);
  if (!config.databaseUrl && !lock) {
    throw new Error(`Another process is using the data directory ${config.dataDir}; stop it or choose another --data-dir.`);
  }
  const querent = await open(config, logger);
  narrowDataDir(config.dataDir);
  const serving = config.role !== 'worker';
  const working = config.role !== 'api';
  let ready = false;
  const app = serving
    ? await createApp({
      keys: querent.keys, prompts: querent.prompts, connections: querent.connections, runs: querent.runs,
      ready: async () => ready,
    }, config, logger)
    : healthApp(logger, querent, async () => ready);

  const firstStart = serving && (await countWorkspaces(querent.db)) === 0
    ? await createWorkspaceWithKey(querent, 'Demo workspace', 'owner@example.com')
    : undefined;
  const address = await app.listen({ port: config.port, host: config.host });
  const adminServer = config.databaseUrl ? undefined : await listenAdminSocket(querent, adminSocketPath(config.dataDir));
  if (working) {
    await querent.registry.warmSamples(SAMPLE_DATASETS.map((sample) => sample.slug));
    const recovered = await querent.runs.startWorking();
    if (recovered.resumed > 0) logger.info(recovered, 'runs left by the previous process picked up');
  }
  ready = true;

  const base = address.replace('[::1]', 'localhost');
  if (!serving) {
    print(`Querent worker is running (role worker, ${config.runConcurrency} runs at once); health: ${base}/healthz`);
  } else {
    print(`Querent is listening on ${base} (docs: ${base}/docs)${config.role === 'api' ? ' (role api: runs are executed by worker processes)' : ''}`);
  }
  if (firstStart) {
    const [sample] = await listConnections(querent.db, firstStart.workspaceId, { limit: 1 });
    print(`First start: created workspace ${firstStart.workspaceId} with sample connections.`);
    print(`API key (shown once, keep it secret): ${firstStart.apiKey}`);
    print('Try:');
    print(`  curl -s ${base}/api/v1/context -H 'x-api-key: ${firstStart.apiKey}'`);
    print(`  curl -s '${base}/api/v1/chat?format=text' -H 'x-api-key: ${firstStart.apiKey}' -H 'content-type: application/json' \\`);
    print(`    -d '{"connectionId": ${sample?.id ?? 1}, "prompt": "revenue this year"}'`);
  } else if (serving) {
    print('Call it with the API key printed at first start, or make a new one:');
    print(`  bin/querent key create --workspace <ws_id> --as <owner email>`);
    print(`  curl -s ${base}/api/v1/context -H "x-api-key: $QUERENT_API_KEY"`);
  }

  /** Stops taking requests and runs; running runs get the grace period, then are handed back. */
  return async function stop(): Promise<void> {
    ready = false;
    // Whatever happens below, the process ends: an orchestrator waiting on it must not wait forever.
    setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.stopGraceMs + SHUTDOWN_MARGIN_MS).unref();
    adminServer?.close();
    await Promise.all([app.close(), querent.runs.close(config.stopGraceMs)]);
    await querent.close();
    lock?.release();
  };
}

/** A worker's HTTP face: liveness and readiness for the orchestrator, and its metrics (answers are counted where they run). */
function healthApp(logger: Logger, querent: Querent, ready: () => Promise<boolean>): FastifyInstance {
  const app = Fastify({ loggerInstance: logger as FastifyServerOptions['loggerInstance'], return503OnClosing: true });
  registerHealthRoutes(app, ready);
  registerMetrics(app, querent.runs);
  return app;
}
