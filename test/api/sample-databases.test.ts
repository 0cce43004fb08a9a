/**
 * The sample datasets as `querent serve` serves them: one database holding both, unpacked into the
 * server's own data directory (from the archive npm ci prebuilds), anchored at the current month,
 * and answering again after their thread stopped for being idle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { SCHEMA_VERSION } from '../../src/samples/sample-datasets.ts';

const currentMonth = new Date().toISOString().slice(0, 7);

describe('sample databases of a served process', () => {
  let server: ServerProcess;
  let key: string;
  let wholesale: number;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_SAMPLE_IDLE_SECONDS: '1' } });
    key = server.apiKey!;
    const { body } = await api(server.baseUrl, '/api/v1/connections', { key });
    wholesale = body.data.find((connection: { name: string }) => connection.name.includes('wholesale')).id;
  });
  afterAll(async () => server?.dispose());

  const ask = async (connectionId: number, prompt: string) => {
    const response = await api(server.baseUrl, '/api/v1/chat?format=json', { key, body: { connectionId, prompt } });
    expect(response.status).toBe(200);
    return response.body.answer;
  };

  it('unpacks the sample set into the data directory, named by schema version and anchor month', () => {
    const directories = fs.readdirSync(path.join(server.dataDir, 'sample-databases'));
    expect(directories).toEqual([`samples-v${SCHEMA_VERSION}-${currentMonth}`]);
    expect(fs.existsSync(path.join(server.dataDir, 'sample-databases', directories[0]!, 'PG_VERSION'))).toBe(true);
  });

  it('is anchored at the current month: the last month with orders is this one, and it has orders', async () => {
    const thisMonth = await ask(wholesale, 'how many orders this month');
    expect(thisMonth.tables[0].rows[0][0]).toBeGreaterThan(0);
    const nextMonth = await ask(wholesale, 'how many orders next month');
    expect(nextMonth.tables[0].rows[0][0]).toBe(0);
  });

  it('answers again after its thread stopped for being idle', async () => {
    const before = await ask(wholesale, 'How many customers are there?');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await ask(wholesale, 'How many customers are there?');
    expect(after.tables[0].rows).toEqual(before.tables[0].rows);
  });
});
