import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { ordersOutput, seedCompleteRun } from '../support/seed-run.ts';
import { tempDir } from '../support/paths.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function download(baseUrl: string, path: string, key: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(baseUrl + path, { headers: { 'x-api-key': key, ...headers } });
}

/**
 * csv and xlsx answers. The complete runs are seeded into the store (the output a run keeps), so
 * that the files are checked on known, awkward values whatever the question engine answers.
 */
describe('exports: csv and xlsx', () => {
  const dataDir = tempDir('exports');
  let server: ServerProcess;
  let key: string;
  let connectionId: number;
  let jsonRun: string;
  let csvRun: string;

  beforeAll(async () => {
    const first = await startServer({ dataDir, env: { QUERENT_CHAT_WAIT_MS: '0' } });
    key = first.apiKey!;
    connectionId = (await api(first.baseUrl, '/api/v1/connections', { key })).body.data[0].id;
    await first.stop();
    jsonRun = await seedCompleteRun(dataDir, { workspaceId: first.workspaceId!, connectionId, format: 'json', output: ordersOutput() });
    csvRun = await seedCompleteRun(dataDir, { workspaceId: first.workspaceId!, connectionId, format: 'csv', output: ordersOutput() });
    server = await startServer({ dataDir, env: { QUERENT_CHAT_WAIT_MS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /runs/{id}?format=csv: RFC 4180 text with a header row and the exact values of the json table, free', async () => {
    const before = (await api(server.baseUrl, '/api/v1/context', { key })).body.prompts;
    const table = (await api(server.baseUrl, `/api/v1/runs/${jsonRun}?format=json`, { key })).body.answer.tables[0];
    const response = await download(server.baseUrl, `/api/v1/runs/${jsonRun}?format=csv`, key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${jsonRun}.csv"`);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await response.arrayBuffer());
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parse(text, { relax_column_count: false }) as string[][];
    expect(records[0]).toEqual(table.columns.map((column: { label: string }) => column.label));
    expect(records[0]).toEqual(['Order', 'Customer', 'Order date', 'Amount', 'Shipped at', 'Paid']);
    expect(records.slice(1)).toEqual(table.rows.map((row: unknown[]) => row.map((value) => (value === null ? '' : String(value)))));
    expect(records[1]).toEqual(['1001', 'Acme, Inc.', '2024-03-01', '0.30000000000000004', '2024-03-02T09:15:00.000Z', 'true']);
    expect(records[2]![1]).toBe('The "Best" Café — 日本');
    expect(records[3]![1]).toBe('two\r\nlines');
    expect(records[4]).toEqual(['1004', '=SUM(A1:A2)', '', '9007199254740991', '2025-01-01T00:00:00.000Z', 'true']);
    expect((await api(server.baseUrl, '/api/v1/context', { key })).body.prompts).toEqual(before);
  });

  it('Accept: text/csv chooses csv; a run asked for in csv answers with the file', async () => {
    const accepted = await download(server.baseUrl, `/api/v1/runs/${jsonRun}`, key, { accept: 'text/csv' });
    expect(accepted.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parse(await accepted.text())).toHaveLength(5);
    const preferred = await download(server.baseUrl, `/api/v1/runs/${jsonRun}`, key, { accept: 'application/json;q=0.5, text/csv' });
    expect(preferred.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const plain = await api(server.baseUrl, `/api/v1/runs/${jsonRun}`, { key, headers: { accept: 'application/json' } });
    expect(plain.body.format).toBe('json');
    const stored = await download(server.baseUrl, `/api/v1/runs/${csvRun}`, key);
    expect(stored.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const asJson = await api(server.baseUrl, `/api/v1/runs/${csvRun}?format=json`, { key });
    expect(asJson.body).toMatchObject({ runId: csvRun, status: 'complete', format: 'json' });
  });

  it('GET /runs/{id}?format=xlsx: a workbook with numbers as numbers and dates as dates', async () => {
    const response = await download(server.baseUrl, `/api/v1/runs/${jsonRun}?format=xlsx`, key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${jsonRun}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Answer');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Order', 'Customer', 'Order date', 'Amount', 'Shipped at', 'Paid']);
    expect(values(2)).toEqual([1001, 'Acme, Inc.', new Date('2024-03-01T00:00:00Z'), 0.30000000000000004, new Date('2024-03-02T09:15:00Z'), true]);
    expect(values(3)[1]).toBe('The "Best" Café — 日本');
    expect(values(3)[3]).toBe(1234567.891);
    expect(values(3)[4]).toBeUndefined();
    // XML reads a line break as LF whatever was written, as Excel does.
    expect(values(4)[1]).toBe('two\nlines');
    // Text that looks like a formula stays text.
    expect(sheet.getRow(5).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(values(5)[3]).toBe(9007199254740991);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.rowCount).toBe(5);
  });

  it('chat?format=csv answers 202 with a poll link that keeps the format; a declined run polled for csv is its problem', async () => {
    const accepted = await api(server.baseUrl, '/api/v1/chat?format=csv', { key, body: { connectionId, prompt: 'blorp wibble zzz' } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.poll).toBe(`/api/v1/runs/${accepted.body.runId}?wait=30&format=csv`);
    expect(accepted.headers.get('location')).toBe(`/api/v1/runs/${accepted.body.runId}`);
    const polled = await api(server.baseUrl, accepted.body.poll, { key });
    expect(polled.status).toBe(422);
    expect(polled.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(polled.body).toMatchObject({ code: 'question_not_understood', runId: accepted.body.runId });
    const byAccept = await api(server.baseUrl, '/api/v1/chat', { key, headers: { accept: 'text/csv' }, body: { connectionId, prompt: 'blorp wibble zzz' } });
    expect(byAccept.body.poll).toMatch(/&format=csv$/);
  });

  it('refuses a format in the chat body, and unknown formats', async () => {
    const inBody = await api(server.baseUrl, '/api/v1/chat', { key, body: { connectionId, prompt: 'how many orders', format: 'csv' } });
    expect(inBody.status).toBe(400);
    expect(inBody.body.code).toBe('invalid_request');
    expect(inBody.body.detail).toMatch(/query string.*\?format=csv/);
    const unknown = await api(server.baseUrl, `/api/v1/runs/${jsonRun}?format=pdf`, { key });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('unsupported_format');
    expect(unknown.body.detail).toContain('csv, xlsx');
  });

  it('documents the file answers in the OpenAPI document', async () => {
    const doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body;
    for (const [path, method] of [['/api/v1/chat', 'post'], ['/api/v1/runs/{runId}', 'get']] as const) {
      const content = doc.paths[path][method].responses['200'].content;
      expect(Object.keys(content)).toEqual(['application/json', 'text/csv', XLSX_TYPE]);
      expect(doc.paths[path][method].responses['202']).toBeDefined();
    }
  });
});
