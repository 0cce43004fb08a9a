import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api, type ApiResponse } from '../support/http-client.ts';

/** Every response the API sends matches the schema the OpenAPI document declares for it. */
describe('responses conform to the OpenAPI document', () => {
  let server: ServerProcess;
  let key: string;
  let doc: any;
  let ajv: Ajv2020;

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CHAT_WAIT_MS: '0' } });
    key = server.apiKey!;
    doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(JSON.parse(JSON.stringify(doc).replaceAll('"#/components/', '"openapi#/components/')), 'openapi');
  });
  afterAll(async () => server?.dispose());

  function expectConforms(path: string, method: string, response: ApiResponse): void {
    const declared = doc.paths[path]?.[method]?.responses?.[String(response.status)];
    expect(declared, `${method} ${path} ${response.status} is documented`).toBeDefined();
    const content = declared.content;
    const schema = (content['application/json'] ?? Object.values(content)[0]).schema;
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
    expect(validate(response.body), `${method} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  it('documents both security schemes', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey', 'bearer']);
  });

  it('context, connections, chat (202), runs and problems', async () => {
    expectConforms('/api/v1/context', 'get', await api(server.baseUrl, '/api/v1/context', { key }));
    const connections = await api(server.baseUrl, '/api/v1/connections?limit=1', { key });
    expectConforms('/api/v1/connections', 'get', connections);
    const connectionId = connections.body.data[0].id;
    const accepted = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId, prompt: 'how many orders this month' } });
    expectConforms('/api/v1/chat', 'post', accepted);
    const run = await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?wait=30`, { key });
    expect(run.body.status).toBe('complete');
    expectConforms('/api/v1/runs/{runId}', 'get', run);
    for (const format of ['text', 'email']) {
      expectConforms('/api/v1/runs/{runId}', 'get', await api(server.baseUrl, `/api/v1/runs/${accepted.body.runId}?format=${format}`, { key }));
    }
    expectConforms('/api/v1/context', 'get', await api(server.baseUrl, '/api/v1/context'));
    expectConforms('/api/v1/chat', 'post', await api(server.baseUrl, '/api/v1/chat', { key, body: { prompt: 1 } }));
    expectConforms('/api/v1/chat', 'post', await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId: 999999, prompt: 'x' } }));
    expectConforms('/api/v1/runs/{runId}', 'get', await api(server.baseUrl, '/api/v1/runs/run_nope', { key }));
  });
});
