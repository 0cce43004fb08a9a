/**
 * The composition root: the one file that wires config, store, services, engine, runs and HTTP.
 * Run directly, it is the `querent` CLI (`bin/querent`, `npm start` = `querent serve`).
 */
import pino from 'pino';
import type { Config } from './config/config.ts';
import type { Querent } from './querent.ts';
import { createLogger, type Logger } from './core/logger.ts';
import { openStore } from './store/open-store.ts';
import { createLocalChangeFeed, createPostgresChangeFeed } from './store/change-feed.ts';
import { createSecretBox, loadSecretKey } from './services/secret-box.ts';
import { createConnectorRegistry } from './services/connector-registry.ts';
import { createWorkspaceService } from './services/workspace-service.ts';
import { createKeyService } from './services/key-service.ts';
import { createPromptService } from './services/prompt-service.ts';
import { createConnectionService } from './services/connection-service.ts';
import { createRunService } from './runs/run-service.ts';
import { createLocalRunQueue } from './runs/run-queue.ts';
import { createPgBossRunQueue } from './runs/pg-boss-run-queue.ts';
import { createBuiltinEngine } from './engine/builtin-engine.ts';
import { runCli } from './cli/cli.ts';

export async function openQuerent(config: Config, logger: Logger): Promise<Querent> {
  const db = await openStore(config);
  const changes = config.databaseUrl ? await createPostgresChangeFeed(config.databaseUrl) : createLocalChangeFeed();
  const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  const registry = createConnectorRegistry({
    samplesDir: config.samplesDir, dataDir: config.dataDir, sampleIdleMs: config.sampleIdleMs, secrets, maxRows: config.maxRows,
  });
  const workspaces = createWorkspaceService(db, { trialPrompts: config.trialPrompts });
  const keys = createKeyService(db, changes);
  const prompts = createPromptService(db, changes);
  const connections = createConnectionService(db, registry, secrets, changes);
  const limits = { concurrency: config.runConcurrency, perWorkspace: config.workspaceConcurrency, logger };
  // With PostgreSQL, runs are pg-boss jobs any worker process takes; embedded, this process runs them.
  const queue = config.databaseUrl ? await createPgBossRunQueue({ url: config.databaseUrl, ...limits }) : createLocalRunQueue(limits);
  const runs = createRunService({
    db, changes, connections, logger, queue, promptMaxChars: config.promptMaxChars,
    answer: { engine: createBuiltinEngine(), registry, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows },
  });
  return {
    config, logger, db, changes, workspaces, keys, prompts, connections, registry, runs,
    async close() {
      await runs.close(0);
      await keys.close();
      prompts.close();
      await registry.close();
      await changes.close();
      await db.close();
    },
  };
}

if (import.meta.main) {
  const exitCode = await runCli(process.argv.slice(2), {
    open: openQuerent,
    logger: (level, toStderr) => (toStderr ? createLogger(level, pino.destination(2)) : createLogger(level)),
  });
  process.exitCode = exitCode;
}
