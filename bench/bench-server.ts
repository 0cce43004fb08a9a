/**
 * The benchmark's server process: the real app on a fresh data directory, plus a bare Fastify
 * route on the same instance, so that the two are measured under the same conditions.
 * Prints one JSON line { baseUrl, apiKey, connectionIds } when ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/core/logger.ts';
import { openQuerent } from '../src/main.ts';
import { createApp } from '../src/http/app.ts';
import { createWorkspaceWithKey } from '../src/cli/commands.ts';
import { SAMPLE_DATASETS } from '../src/samples/sample-datasets.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'querent-bench-'));
// The sample archives are kept between runs (as the tests do), so that a run measures serving, not generating.
const samplesDir = process.env.QUERENT_SAMPLES_DIR ?? path.join(import.meta.dirname, '../.tmp/samples');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', QUERENT_RATE_LIMIT: '10000000', QUERENT_TRIAL_PROMPTS: '1000000000', QUERENT_SAMPLES_DIR: samplesDir }, { dataDir });
const logger = createLogger('warn');
const querent = await openQuerent(config, logger);
const app = await createApp({ ...querent, ready: async () => true }, config, logger);
app.get('/bare', async () => ({ workspace: { id: 'ws_bare', name: 'Bare' }, prompts: { remaining: 1, used: 0 }, key: { id: 'k', name: 'n' } }));
const { workspaceId, apiKey } = await createWorkspaceWithKey(querent, 'Bench', 'bench@example.com');
await querent.registry.warmSamples(SAMPLE_DATASETS.map((sample) => sample.slug));
await querent.runs.startWorking();
const connections = await querent.connections.list(workspaceId, { limit: 10 });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ baseUrl, apiKey, connectionIds: connections.data.map((connection) => connection.id) }));

process.once('SIGTERM', async () => {
  await app.close();
  await querent.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
