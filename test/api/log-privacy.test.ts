import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { runCliJson } from '../support/cli-process.ts';

const MARKER = 'Qwxzyv';

/** The server's log, at its most verbose, never holds the text of a prompt, whatever the question met. */
describe('prompts stay out of the logs', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => server?.dispose());

  it('leaves the prompt out of every log line of failing and declined questions', async () => {
    const add = async (kind: string, url: string, more: string[] = []) => (await runCliJson<{ id: number }>(
      ['connection', 'add', '--workspace', server.workspaceId!, '--kind', kind, '--name', kind, '--url', url, '--no-test', ...more], { dataDir: server.dataDir })).id;
    const ids = [
      (await api(server.baseUrl, '/api/v1/connections', { key: server.apiKey })).body.data[0].id,
      await add('postgresql', 'postgresql://reader@127.0.0.1:1/shop'),
      await add('mysql', 'mysql://reader@127.0.0.1:1/shop'),
      await add('odoo', 'http://127.0.0.1:1', ['--database', 'odoo', '--login', 'bot', '--api-key', 'k']),
    ];
    const statuses: number[] = [];
    for (const connectionId of ids) {
      for (const prompt of [`revenue of ${MARKER} customers by month`, `how many orders named '${MARKER}'`, `"${MARKER}"\u0000`]) {
        statuses.push((await api(server.baseUrl, '/api/v1/chat', { key: server.apiKey, body: { connectionId, prompt } })).status);
      }
    }
    expect(statuses.every((status) => status >= 400 && status < 600)).toBe(true);
    expect(statuses).toContain(502);
    await server.stop();
    const output = server.output.join('');
    expect(output).toContain('request completed');
    expect(output).not.toContain(MARKER);
  });
});
