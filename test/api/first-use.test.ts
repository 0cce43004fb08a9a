import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';

/** The first-use flow of the spec: check the key, list connections, ask on a sample. */
describe('first use over HTTP', () => {
  let server: ServerProcess;
  let key: string;
  let sampleId: number;

  beforeAll(async () => {
    server = await startServer();
    key = server.apiKey!;
  });
  afterAll(async () => server?.dispose());

  it('prints a fresh key and a ready curl line on first start', () => {
    expect(key).toMatch(/^qk_[0-9a-z]{12}_[0-9a-z]{32}$/);
    expect(server.output.join('')).toContain(`curl -s ${server.baseUrl}/api/v1/context -H 'x-api-key: ${key}'`);
  });

  it('reports the workspace and its prompts on GET /context, with either auth header', async () => {
    const viaHeader = await api(server.baseUrl, '/api/v1/context', { key });
    const viaBearer = await api(server.baseUrl, '/api/v1/context', { bearer: key });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body).toEqual({
      workspace: { id: server.workspaceId, name: 'Demo workspace' },
      prompts: { remaining: 100, used: 0 },
      key: { id: key.split('_')[1], name: 'initial' },
    });
    expect(viaBearer.body).toEqual(viaHeader.body);
    expect(viaHeader.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('lists the sample connections', async () => {
    const response = await api(server.baseUrl, '/api/v1/connections', { key });
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.data).toHaveLength(2);
    for (const connection of response.body.data) {
      expect(connection).toMatchObject({ id: expect.any(Number), kind: 'postgresql', sample: true, status: 'active' });
      expect(connection.name).toBeTruthy();
    }
    sampleId = response.body.data[0].id;
  });

  it('pages connections with limit and cursor', async () => {
    const first = await api(server.baseUrl, '/api/v1/connections?limit=1', { key });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api(server.baseUrl, `/api/v1/connections?limit=1&cursor=${first.body.nextCursor}`, { key });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.nextCursor).toBeNull();
    const none = await api(server.baseUrl, '/api/v1/connections?kind=mysql', { key });
    expect(none.body.data).toEqual([]);
  });

  it('answers a question in json with a table, a figure, the SQL and an interpretation', async () => {
    const response = await api(server.baseUrl, '/api/v1/chat?format=json', {
      key, body: { connectionId: sampleId, prompt: 'How many customers are there?' },
    });
    expect(response.status, response.text).toBe(200);
    const run = response.body;
    expect(run).toMatchObject({ runId: expect.stringMatching(/^run_/), status: 'complete', connectionId: sampleId, format: 'json' });
    expect(run.completedAt).toEqual(expect.any(String));
    const { answer } = run;
    expect(answer.text).toMatch(/\d/);
    expect(answer.interpretation).toEqual(expect.any(String));
    expect(answer.tables[0].rows).toHaveLength(1);
    expect(answer.tables[0].rows[0][0]).toEqual(expect.any(Number));
    expect(answer.tables[0].rows[0][0]).toBeGreaterThan(0);
    expect(answer.figures[0]).toMatchObject({ kind: 'kpi', vegaLite: expect.any(Object) });
    expect(answer.query).toMatchObject({ language: 'sql', dialect: 'postgresql' });
    expect(answer.query.text).toMatch(/select/i);
  });

  it('charges one prompt per answer', async () => {
    const context = await api(server.baseUrl, '/api/v1/context', { key });
    expect(context.body.prompts).toEqual({ remaining: 99, used: 1 });
  });

  it('answers in text form', async () => {
    const response = await api(server.baseUrl, '/api/v1/chat?format=text', {
      key, body: { connectionId: sampleId, prompt: 'number of orders' },
    });
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body.answer)).toEqual(['text']);
    expect(response.body.answer.text).toMatch(/\d/);
  });

  it('answers as a ready-to-send email whose MIME message parses and holds the inline chart', async () => {
    const response = await api(server.baseUrl, '/api/v1/chat?format=email', {
      key, body: { connectionId: sampleId, prompt: 'how many customers per segment' },
    });
    expect(response.status, response.text).toBe(200);
    const { subject, text, html, mime } = response.body.answer;
    expect(subject).toEqual(expect.any(String));
    expect(text).toMatch(/\d/);
    expect(html).toContain('<table');
    const email = await PostalMime.parse(mime);
    expect(email.subject).toBe(subject);
    expect(email.text).toBeTruthy();
    expect(email.html).toContain('cid:');
    const image = email.attachments.find((attachment) => attachment.mimeType === 'image/png');
    expect(image).toBeDefined();
    expect(email.html).toContain(`cid:${image!.contentId!.replace(/[<>]/g, '')}`);
    const bytes = new Uint8Array(image!.content as ArrayBuffer);
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('serves the OpenAPI document and a docs page without a key', async () => {
    const openapi = await api(server.baseUrl, '/api/v1/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining([
      '/api/v1/context', '/api/v1/connections', '/api/v1/chat', '/api/v1/runs/{runId}',
    ]));
    const docs = await fetch(`${server.baseUrl}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/<html/i);
  });

  it('answers health probes without a key', async () => {
    expect((await api(server.baseUrl, '/healthz')).body).toEqual({ status: 'ok' });
    expect((await api(server.baseUrl, '/readyz')).body).toEqual({ status: 'ready' });
  });
});
