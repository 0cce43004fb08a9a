import type { Config } from '../config/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Querent } from '../querent.ts';
import { createApp } from '../http/app.ts';
import { countWorkspaces } from '../store/workspaces-repository.ts';
import { listConnections } from '../store/connections-repository.ts';
import { SAMPLE_DATASETS } from '../samples/sample-datasets.ts';
import { adminSocketPath, listenAdminSocket } from './admin-socket.ts';
import { createWorkspaceWithKey } from './commands.ts';
import { tryLockStore } from './store-lock.ts';

type Open = (config: Config, logger: Logger) => Promise<Querent>;

/** `querent serve`: the API on the configured store; on first start, a demo workspace and key. */
export async function serve(config: Config, logger: Logger, open: Open, print: (line: string) => void): Promise<() => Promise<void>> {
  const lock = config.databaseUrl ? undefined : tryLockStore(config.dataDir);
  if (!config.databaseUrl && !lock) {
    throw new Error(`Another process is using the data directory ${config.dataDir}; stop it or choose another --data-dir.`);
  }
  const querent = await open(config, logger);
  let ready = false;
  const app = await createApp({
    keys: querent.keys, prompts: querent.prompts, connections: querent.connections, runs: querent.runs,
    ready: async () => ready,
  }, config, logger);

  const firstStart = (await countWorkspaces(querent.db)) === 0
    ? await createWorkspaceWithKey(querent, 'Demo workspace', 'owner@example.com')
    : undefined;
  const address = await app.listen({ port: config.port, host: config.host });
  const adminServer = config.databaseUrl ? undefined : await listenAdminSocket(querent, adminSocketPath(config.dataDir));
  await querent.registry.warmSamples(SAMPLE_DATASETS.map((sample) => sample.slug));
  const recovered = await querent.runs.resumeUnfinished();
  if (recovered.resumed + recovered.failed > 0) logger.info(recovered, 'runs left by the previous process picked up');
  ready = true;

  const base = address.replace('[::1]', 'localhost');
  print(`Querent is listening on ${base} (docs: ${base}/docs)`);
  if (firstStart) {
    const [sample] = await listConnections(querent.db, firstStart.workspaceId, { limit: 1 });
    print(`First start: created workspace ${firstStart.workspaceId} with sample connections.`);
    print(`API key (shown once, keep it secret): ${firstStart.apiKey}`);
    print('Try:');
    print(`  curl -s ${base}/api/v1/context -H 'x-api-key: ${firstStart.apiKey}'`);
    print(`  curl -s '${base}/api/v1/chat?format=text' -H 'x-api-key: ${firstStart.apiKey}' -H 'content-type: application/json' \\`);
    print(`    -d '{"connectionId": ${sample?.id ?? 1}, "prompt": "top 5 customers by revenue"}'`);
  } else {
    print('Call it with the API key printed at first start, or make a new one:');
    print(`  bin/querent key create --workspace <ws_id> --as <owner email>`);
    print(`  curl -s ${base}/api/v1/context -H "x-api-key: $QUERENT_API_KEY"`);
  }

  return async function stop(): Promise<void> {
    ready = false;
    adminServer?.close();
    await app.close();
    await querent.close();
    lock?.release();
  };
}
