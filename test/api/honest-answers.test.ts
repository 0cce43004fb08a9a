import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { api } from '../support/http-client.ts';
import { seedCompleteRun } from '../support/seed-run.ts';
import { tempDir } from '../support/paths.ts';
import { cancelledShareByCountry, ordersByStatus, ordersPerEmployee, revenueByYear } from '../support/seeded-answers.ts';

const DAY_MS = 86_400_000;
const DAY_IN_WORDS = /\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/;

/**
 * Answers stay honest and readable, through the API on the wholesale sample: questions the engine
 * answers there, and complete runs seeded into the store for the shapes it does not answer yet
 * (people by name, a few periods, shares, a dominant category).
 */
describe('honest, readable answers over HTTP', () => {
  const dataDir = tempDir('honest-answers');
  let server: ServerProcess;
  let key: string;
  let connectionId: number;
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    const first = await startServer({ dataDir });
    key = first.apiKey!;
    const connections = (await api(first.baseUrl, '/api/v1/connections', { key })).body.data;
    connectionId = connections.find((connection: { name: string }) => connection.name.includes('wholesale')).id;
    await first.stop();
    const outputs = { employees: ordersPerEmployee(), years: revenueByYear(), shares: cancelledShareByCountry(), statuses: ordersByStatus() };
    for (const [name, output] of Object.entries(outputs)) {
      seeded[name] = await seedCompleteRun(dataDir, { workspaceId: first.workspaceId!, connectionId, format: 'json', output });
    }
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function ask(prompt: string, format: string) {
    const response = await api(server.baseUrl, `/api/v1/chat?format=${format}`, { key, body: { connectionId, prompt } });
    expect(response.status, response.text).toBe(200);
    return response.body;
  }

  async function run(name: string, format: string) {
    const response = await api(server.baseUrl, `/api/v1/runs/${seeded[name]}?format=${format}`, { key });
    expect(response.status, response.text).toBe(200);
    return response.body.answer;
  }

  it('answers a question that reads as a verified question of the sample, or as one over another period, and says so; a neighbour that reads otherwise is not', async () => {
    const { answer } = await ask('what is the gross margin per category?', 'json');
    expect(answer.assumptions).toContain('Read as the verified question "gross margin by category" of this connection.');
    expect(answer.tables[0].rows.length).toBeGreaterThan(1);
    const { answer: overAYear } = await ask('who were our best salespeople in 2025?', 'json');
    expect(overAYear.assumptions).toContain('Read like the verified question "who are our best salespeople?" of this connection, for the period, time grain or number of rows asked here.');
    const response = await api(server.baseUrl, '/api/v1/chat?format=json', { key, body: { connectionId, prompt: 'who were our best salespeople by number of orders?' } });
    expect(JSON.stringify(response.body)).not.toContain('verified question');
  });

  it('states a rolling period as days in words, first day first', async () => {
    const { answer } = await ask('revenue in the last 90 days', 'json');
    const span = new RegExp(`^Revenue from (${DAY_IN_WORDS.source}) to (${DAY_IN_WORDS.source}) was €`).exec(answer.text);
    expect(span, answer.text).not.toBeNull();
    const [from, to] = [span![1], span![2]].map((day) => new Date(`${day} UTC`).getTime());
    expect((to! - from!) / DAY_MS).toBe(89);
    expect(answer.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(answer.figures[0].title).toMatch(new RegExp(`^Revenue from ${DAY_IN_WORDS.source} to ${DAY_IN_WORDS.source}$`));
  });

  it('states both periods of a set question, the one the rows must have none in as such', async () => {
    const year = new Date().getUTCFullYear();
    const { answer } = await ask('customers who ordered last year but not this year', 'text');
    expect(answer.text).toMatch(new RegExp(`where they have orders where order date last year \\(${year - 1}\\) and they have no orders where order date this year \\(${year}\\)`));
  });

  it('answers readings too close to tell apart by their words when the data gives them the same rows, as the nearer one', async () => {
    // The customers' own country, or the country their orders were shipped to: the same customers here.
    const { answer } = await ask('List the customers in Austria', 'json');
    expect(answer.text).toMatch(/where country is Austria/);
    expect(answer.tables[0].rows.length).toBeGreaterThan(1);
  });

  it('keeps a period that shares the query with a segment\'s own date', async () => {
    const { answer } = await ask('How many overdue invoices were issued in 2025?', 'text');
    expect(answer.text).toMatch(/overdue invoices/);
    expect(answer.text).toMatch(/invoice date in 2025/);
    expect(answer.text).toMatch(new RegExp(`due date before ${DAY_IN_WORDS.source}`));
  });

  it('emails an answer whose subject comes from the answer, formulas kept to how the question was read, the chart also outside the MIME', async () => {
    const prompt = 'revenue this year';
    const { runId, answer } = await ask(prompt, 'email');
    expect(answer.subject).not.toBe(prompt);
    expect(answer.subject).toMatch(/^Revenue in \d{4} was €[\d,]+\.\d{2}$/);
    const asText = (await api(server.baseUrl, `/api/v1/runs/${runId}?format=text`, { key })).body.answer.text;
    expect(asText.startsWith(`${answer.subject}. `)).toBe(true);
    expect(asText).toMatch(/Revenue = quantity × unit price/);

    const [answerParagraph] = answer.text.split('\n\n');
    expect(answerParagraph).toBe(`${answer.subject}.`);
    const reading = answer.text.indexOf('How the question was read:');
    expect(reading).toBeGreaterThan(0);
    expect(answer.text.indexOf('×')).toBeGreaterThan(reading);
    expect(answer.html.indexOf('×')).toBeGreaterThan(answer.html.indexOf('How the question was read:'));

    const email = await PostalMime.parse(answer.mime);
    expect(email.subject).toBe(answer.subject);
    const [inline] = email.attachments;
    expect(answer.chart).toMatchObject({ contentType: 'image/png', contentId: inline!.contentId!.replace(/[<>]/g, '') });
    const png = Buffer.from(answer.chart.base64, 'base64');
    expect(png.equals(Buffer.from(inline!.content as ArrayBuffer))).toBe(true);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([answer.chart.width, answer.chart.height]);
    expect(answer.html).toContain(`cid:${answer.chart.contentId}`);
  });

  it('documents the email chart in the OpenAPI document', async () => {
    const doc = (await api(server.baseUrl, '/api/v1/openapi.json')).body;
    expect(doc.components.schemas.EmailAnswer.properties.chart.required).toEqual(['contentType', 'contentId', 'width', 'height', 'base64']);
  });

  it('shows a person by one name field in the chart, the sentence and the email table', async () => {
    const json = await run('employees', 'json');
    const figure = json.figures[0];
    expect(figure.kind).toBe('pie');
    expect(figure.vegaLite.encoding.color).toMatchObject({ field: 'employee_name', title: 'Employee' });
    expect(figure.vegaLite.data.values.map((datum: Record<string, unknown>) => datum['employee_name'])).toEqual(['Marta Kowalski', 'Jonas Berg', 'Aiko Tanaka']);
    expect(json.text).toContain('Marta Kowalski (812)');
    expect(json.tables[0].columns.map((column: { name: string }) => column.name)).toEqual(['employee_id', 'employee_first_name', 'employee_last_name', 'orders_count']);
    const email = await run('employees', 'email');
    expect(email.text).toMatch(/^Employee {2,}Number of orders$/m);
    expect(email.text).not.toMatch(/first name|last name|Employee id/i);
  });

  it('draws three years as bars in time order, with the money axis in euros', async () => {
    const { figures, text } = await run('years', 'json');
    const [figure] = figures;
    expect(figure.kind).toBe('bar');
    expect(figure.vegaLite.encoding.x.sort).toEqual(['2024', '2025', '2026']);
    expect(figure.vegaLite.encoding.y.axis.format).toBe('$,.2~f');
    expect(figure.vegaLite.config.locale.number.currency).toEqual(['€', '']);
    expect(text).toContain('from 2024 to 2026 (3 years)');
    expect((await run('years', 'email')).chart.contentType).toBe('image/png');
  });

  it('writes a share as a percent in the text, on the axis and in the email', async () => {
    const json = await run('shares', 'json');
    expect(json.text).toBe('Share of orders cancelled by ship country: Germany (23.4%) and France (12.5%).');
    expect(json.figures[0].vegaLite.encoding.y.axis.format).toBe('.1~%');
    expect(json.figures[0].vegaLite.data.values[0]).toEqual({ ship_country: 'Germany', cancelled_share: 0.234375 });
    const email = await run('shares', 'email');
    expect(email.text).toMatch(/^Germany {2,}23\.4%/m);
  });

  it('draws no pie when one part is over 80 % of the whole', async () => {
    const { figures } = await run('statuses', 'json');
    expect(figures[0].kind).toBe('bar');
  });
});
