import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { tempDir } from '../support/paths.ts';

/** Debian's Chromium (.ci/run installs it when missing). */
const CHROMIUM = process.env.QUERENT_TEST_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Questions the built-in engine answers on the wholesale sample, and one it declines. */
const GROUPED_QUESTION = 'how many customers per segment';
const DECLINED_QUESTION = 'what is the weather';

/**
 * The playground page at `GET /`, driven in a real browser against a real server. The server
 * answers every chat with 202 at once (QUERENT_CHAT_WAIT_MS=0), so the page's polling and its
 * progress indicator are what every answer goes through.
 */
describe('playground page in a real browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const screenshots = tempDir('playground-screenshots');
  /** Problems the page itself caused: refused by its policy, script errors, failed requests. */
  const pageProblems: string[] = [];
  const requestUrls: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { QUERENT_CHAT_WAIT_MS: '0' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1200, height: 1000 }, deviceScaleFactor: 1 });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) pageProblems.push(message.text());
    });
    page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => pageProblems.push(`failed: ${request.url()}`));
    page.on('request', (request) => requestUrls.push(request.url()));
    // Records every text the progress indicator shows while it is visible.
    // (A script string: this file is compiled without the DOM's types.)
    await page.addInitScript(`
      window.progressSeen = [];
      document.addEventListener('DOMContentLoaded', () => {
        const progress = document.getElementById('progress');
        new MutationObserver(() => {
          if (!progress.hidden) window.progressSeen.push(progress.textContent.trim());
        }).observe(progress, { attributes: true, childList: true, subtree: true, characterData: true });
      });
    `);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('serves the page under a policy that allows only its own scripts and styles, without eval', async () => {
    const response = await page.goto(`${server.baseUrl}/`);
    expect(response!.status()).toBe(200);
    const policy = response!.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await expect(page.title()).resolves.toBe('Querent playground');
  });

  it('keeps the pasted key in sessionStorage, never in the URL, and lists the connections', async () => {
    await page.fill('#api-key', server.apiKey!);
    await page.click('#key-form button[type=submit]');
    const wholesale = page.locator('#connection option', { hasText: 'wholesale' });
    await wholesale.waitFor({ state: 'attached' });
    await page.selectOption('#connection', { label: (await wholesale.textContent())! });
    await expect(page.locator('#prompts-left').textContent()).resolves.toMatch(/\b100 prompts left/);

    expect(page.url()).not.toContain(server.apiKey!);
    expect(requestUrls.filter((url) => url.includes(server.apiKey!))).toEqual([]);
    await expect(page.evaluate(() => sessionStorage.getItem('querent.apiKey'))).resolves.toBe(server.apiKey);
  });

  it('answers a grouped question through polling: sentence, chart, sortable table, reading and SQL', async () => {
    await ask(page, GROUPED_QUESTION);
    await page.locator('#answer .chart svg').waitFor({ timeout: 30_000 });
    expect(requestUrls.some((url) => /\/api\/v1\/runs\/run_\w+\?wait=\d+/.test(url))).toBe(true);
    const progressSeen = await page.evaluate('window.progressSeen') as string[];
    expect(progressSeen.some((text) => /^(Queued|Running), waiting for the answer… \d+ s$/.test(text))).toBe(true);
    await expect(page.locator('#progress').isHidden()).resolves.toBe(true);

    await expect(page.locator('#answer-text').textContent()).resolves.toMatch(/customers by segment.*Total: 600/);

    const chart = page.locator('#answer .chart svg');
    const chartBox = (await chart.boundingBox())!;
    expect(chartBox.width).toBeGreaterThan(100);
    expect(chartBox.height).toBeGreaterThan(100);

    const table = page.locator('#tables table.answer-table');
    await expect(table.locator('tbody tr').count()).resolves.toBe(4);
    const counts = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    const segments = () => table.locator('tbody tr td:nth-child(1)').allTextContents();
    const asAnswered = (await counts()).map(Number);
    expect(asAnswered.reduce((sum, value) => sum + value, 0)).toBe(600);

    const countHeader = table.locator('th', { hasText: 'Number of customers' });
    await countHeader.locator('button').click();
    await expect(countHeader.getAttribute('aria-sort')).resolves.toBe('ascending');
    expect((await counts()).map(Number)).toEqual([...asAnswered].sort((a, b) => a - b));
    await countHeader.locator('button').click();
    await expect(countHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    expect((await counts()).map(Number)).toEqual([...asAnswered].sort((a, b) => b - a));
    const segmentHeader = table.locator('th', { hasText: 'Segment' });
    await segmentHeader.locator('button').click();
    await expect(countHeader.getAttribute('aria-sort')).resolves.toBeNull();
    expect(await segments()).toEqual([...await segments()].sort((a, b) => a.localeCompare(b)));

    await expect(page.locator('#interpretation').textContent()).resolves.toMatch(/customers.*by segment/i);
    const sql = (await page.locator('#sql-text').textContent())!;
    expect(sql).toMatch(/^SELECT/);
    expect(sql).toContain('FROM "customers"');
    // The parameter values when the answer carries them, else a note saying it carries none.
    await expect(page.locator('#sql-parameters').textContent()).resolves.toMatch(/\$1|no parameter values/i);

    await checkScreenshot(page.locator('#answer .chart'), path.join(screenshots, 'chart.png'), { minColours: 4 });
    await checkScreenshot(table, path.join(screenshots, 'table.png'), { minColours: 2 });
    expect(pageProblems).toEqual([]);
  }, 60_000);

  it('shows the email preview in a sandboxed frame with the chart inline', async () => {
    await page.click('#show-email');
    const frameElement = page.locator('#email-frame');
    await frameElement.waitFor({ state: 'visible' });
    await expect(frameElement.getAttribute('sandbox')).resolves.toBe('');
    // The subject comes from the answer, not the question as typed.
    await expect(page.locator('#email-subject').textContent()).resolves.toBe('Subject: Number of customers by segment');
    const email = page.frameLocator('#email-frame');
    const chartImage = email.locator('img');
    await expect(chartImage.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => chartImage.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
    await expect(email.locator('table td', { hasText: 'Retail' }).count()).resolves.toBeGreaterThan(0);
    expect(pageProblems).toEqual([]);
  });

  it('sends a follow-up with the previous run id and shows its answer', async () => {
    const previousRunId = await page.locator('#answer').getAttribute('data-run-id');
    expect(previousRunId).toMatch(/^run_/);
    const table = page.locator('#tables table.answer-table');
    const retailCount = await table.locator('tbody tr', { has: page.locator('td:nth-child(1)', { hasText: /^Retail$/ }) }).locator('td:nth-child(2)').textContent();
    expect(Number(retailCount)).toBeGreaterThan(0);
    await page.fill('#follow-up', 'only the Retail segment');
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/api/v1/chat')),
      page.click('#follow-up-form button[type=submit]'),
    ]);
    expect(request.postDataJSON()).toMatchObject({ prompt: 'only the Retail segment', previousRunId });
    await settled(page);
    await expect(page.locator('#error').isHidden()).resolves.toBe(true);
    // The earlier question narrowed by the follow-up: the Retail customers' count, said as such.
    await expect.poll(() => page.locator('#answer').getAttribute('data-run-id')).not.toBe(previousRunId);
    await expect(page.locator('#interpretation').textContent()).resolves.toMatch(/Number of customers.*where segment is Retail/);
    await expect(page.locator('#assumptions').textContent()).resolves.toContain('Read as a follow-up to "how many customers per segment"');
    // The earlier grouping stays: one row, the Retail segment with its count.
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().locator('td').allTextContents()).resolves.toEqual(['Retail', retailCount]);
  }, 60_000);

  it('offers a declined question\'s suggestions as questions, and clicking one asks it', async () => {
    await ask(page, DECLINED_QUESTION);
    const decline = page.locator('#decline');
    await decline.waitFor({ state: 'visible', timeout: 30_000 });
    await settled(page);
    await expect(page.locator('#answer').isHidden()).resolves.toBe(true);
    const suggestions = decline.locator('button.suggestion');
    await expect(suggestions.count()).resolves.toBeGreaterThan(0);
    await checkScreenshot(decline, path.join(screenshots, 'decline.png'), { minColours: 3 });

    const suggestion = (await suggestions.first().textContent())!;
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/api/v1/chat')),
      suggestions.first().click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ prompt: suggestion });
    expect(request.postDataJSON()).not.toHaveProperty('previousRunId');
    await expect(page.locator('#question').inputValue()).resolves.toBe(suggestion);
    await page.locator('#answer').waitFor({ state: 'visible', timeout: 30_000 });
    await settled(page);
    await expect(page.locator('#decline').isHidden()).resolves.toBe(true);
    await expect(page.locator('#tables table tbody tr').count()).resolves.toBeGreaterThan(0);
    expect(pageProblems).toEqual([]);
  }, 60_000);

  it('shows the prompts left after the answers, as the API counts them', async () => {
    const context = await (await fetch(`${server.baseUrl}/api/v1/context`, { headers: { 'x-api-key': server.apiKey! } })).json() as
      { prompts: { remaining: number } };
    expect(context.prompts.remaining).toBeLessThan(100);
    await expect.poll(() => page.locator('#prompts-left').getAttribute('data-remaining')).toBe(String(context.prompts.remaining));
  });

  it('forgets the key on request, and does not keep a key the API refuses', async () => {
    await page.click('#forget-key');
    await expect(page.evaluate(() => sessionStorage.getItem('querent.apiKey'))).resolves.toBeNull();
    await expect(page.locator('#connection').isDisabled()).resolves.toBe(true);

    await page.fill('#api-key', 'qk_nosuchkey_0000000000000000');
    await page.click('#key-form button[type=submit]');
    await page.locator('#error:not([hidden])').waitFor();
    await expect(page.locator('#error').textContent()).resolves.toContain('invalid_api_key');
    await expect(page.evaluate(() => sessionStorage.getItem('querent.apiKey'))).resolves.toBeNull();
    expect(page.url()).toBe(`${server.baseUrl}/`);
  });

  it('finds the key again after a reload of the tab, still not in the URL', async () => {
    await page.fill('#api-key', server.apiKey!);
    await page.click('#key-form button[type=submit]');
    await page.locator('#connection:enabled').waitFor();
    await page.reload();
    await page.locator('#connection option', { hasText: 'wholesale' }).waitFor({ state: 'attached' });
    expect(page.url()).toBe(`${server.baseUrl}/`);
    expect(pageProblems).toEqual([]);
  });
});

async function ask(page: Page, question: string): Promise<void> {
  await page.fill('#question', question);
  await page.click('#ask');
}

/** Waits until the page is no longer asking (the Ask button enabled again). */
async function settled(page: Page): Promise<void> {
  await page.locator('#ask:enabled').waitFor({ timeout: 30_000 });
}

/**
 * Takes an element's screenshot and checks it: a PNG of the element's size, and not one flat
 * colour (a grid of sampled pixels holds at least `minColours` distinct colours).
 */
async function checkScreenshot(target: Locator, file: string, options: { minColours: number }): Promise<void> {
  const box = (await target.boundingBox())!;
  await target.screenshot({ path: file });
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const image = PNG.sync.read(bytes);
  expect(Math.abs(image.width - box.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(image.height - box.height)).toBeLessThanOrEqual(1);
  const colours = new Set<number>();
  const steps = 24;
  for (let row = 0; row < steps; row += 1) {
    for (let column = 0; column < steps; column += 1) {
      const x = Math.floor(((column + 0.5) / steps) * image.width);
      const y = Math.floor(((row + 0.5) / steps) * image.height);
      colours.add(image.data.readUInt32BE((y * image.width + x) * 4));
    }
  }
  expect(colours.size).toBeGreaterThanOrEqual(options.minColours);
}
