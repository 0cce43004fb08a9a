import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type ServerProcess } from '../support/server-process.ts';

/** Debian's Chromium (.ci/run installs it when missing). */
const CHROMIUM = process.env.QUERENT_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** The docs page, rendered by a real browser: it lists the API's operations from the OpenAPI document. */
describe('docs page in a real browser', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('renders every endpoint and the two ways to authenticate', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    const blocked: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    // The page's Content-Security-Policy must not block anything the page itself needs.
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${server.baseUrl}/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((text) => text.replace(/\u200b/g, '').trim())).toEqual(expect.arrayContaining([
      '/api/v1/context', '/api/v1/connections', '/api/v1/chat', '/api/v1/runs/{runId}',
    ]));
    await expect(page.locator('button.authorize').count()).resolves.toBeGreaterThan(0);
    expect(failed.filter((url) => url.startsWith(server.baseUrl))).toEqual([]);
    expect(blocked).toEqual([]);
  });
});
