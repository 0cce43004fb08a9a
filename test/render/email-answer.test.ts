import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import type { AnswerInput } from '../../src/render/answer.ts';
import { chartFont } from '../../src/render/chart-font.ts';
import { renderChartPng } from '../../src/render/chart-png.ts';
import { buildEmailAnswer, DEFAULT_FROM } from '../../src/render/email-answer.ts';
import { chooseFigure } from '../../src/render/figure.ts';
import { empty, HOSTILE, identified, list, oneValue, pieBreakdown, ranking, timeSeries } from './fixtures.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('email answer', () => {
  it('is a complete message: text and html alternatives, the chart inline by Content-ID', async () => {
    const answer = await buildEmailAnswer(timeSeries);
    expect(answer.subject).toBe('Revenue by month in 2024');
    const email = await PostalMime.parse(answer.mime);
    expect(email.subject).toBe(answer.subject);
    expect(email.from).toMatchObject({ name: 'Querent', address: 'answers@querent.invalid' });
    expect(new Date(email.date ?? '').toISOString()).toBe(timeSeries.answeredAt.toISOString());
    expect(email.messageId).toMatch(/^<[0-9a-f]{32}@querent\.invalid>$/);
    expect(email.text?.trim()).toBe(answer.text.trim());
    expect(email.html).toContain('€3,000.00 in June 2024');
    expect(answer.mime).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(answer.mime).toMatch(/^Content-Type: multipart\/related; type="text\/html";/m);

    expect(email.attachments).toHaveLength(1);
    const [image] = email.attachments;
    expect(image?.mimeType).toBe('image/png');
    expect(image?.disposition).toBe('inline');
    const contentId = (image?.contentId ?? '').replace(/^<|>$/g, '');
    expect(contentId).not.toBe('');
    expect(answer.html).toContain(`src="cid:${contentId}"`);

    const png = new Uint8Array(image?.content as ArrayBuffer);
    expect(Buffer.from(png.subarray(0, 8)).equals(PNG_SIGNATURE)).toBe(true);
    const { width, height } = pngSize(png);
    expect(width).toBeGreaterThanOrEqual(600);
    expect(width).toBeLessThanOrEqual(2000);
    expect(height).toBeGreaterThanOrEqual(300);
    expect(height).toBeLessThanOrEqual(1500);
  });

  it('ends every line with CRLF and keeps lines within 998 characters', async () => {
    const { mime } = await buildEmailAnswer(ranking);
    const lines = mime.split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && line.length <= 998)).toBe(true);
  });

  it('uses the given From and To', async () => {
    const { mime } = await buildEmailAnswer(oneValue, { from: 'Reports <reports@example.com>', to: 'ceo@example.com' });
    const email = await PostalMime.parse(mime);
    expect(email.from).toMatchObject({ address: 'reports@example.com' });
    expect(email.to?.[0]).toMatchObject({ address: 'ceo@example.com' });
    expect(DEFAULT_FROM).toBe('Querent <answers@querent.invalid>');
  });

  it('escapes every value from the data, the question and the connection in the HTML', async () => {
    const hostile: AnswerInput = {
      ...ranking,
      question: `Top customers ${HOSTILE}`,
      interpretation: `Looked for <img src=x onerror=alert(1)>`,
      assumptions: [`"quoted" & <b>bold</b>`],
      connectionName: `</p><script>alert(2)</script>`,
    };
    const answer = await buildEmailAnswer(hostile);
    expect(answer.html).not.toMatch(/<script/i);
    expect(answer.html).not.toMatch(/<img src=x/i);
    expect(answer.html).not.toContain('<b>bold</b>');
    expect(answer.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer.html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(answer.html.match(/<img /g)).toHaveLength(1);
    const email = await PostalMime.parse(answer.mime);
    expect(email.html).not.toMatch(/<script/i);
  });

  it('shows at most 50 rows in the HTML table and 20 in the text, saying how many more', async () => {
    const answer = await buildEmailAnswer(list);
    expect(answer.html.match(/<tr>/g)).toHaveLength(1 + 50);
    expect(answer.html).toContain('… and 10 more rows');
    expect(answer.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer.text).toContain('… and 40 more rows');
    expect(answer.text).toMatch(/^Order\s+Customer\s+Order date$/m);
    expect(answer.text).toMatch(/^1020 +Customer 20 +2024-03-20$/m);
    expect(answer.text).not.toMatch(/^1021 /m);
    // A list's figure is a table: the HTML table already shows it, so no image.
    expect((await PostalMime.parse(answer.mime)).attachments).toHaveLength(0);
  });

  it('answers an empty result with the interpretation and no chart', async () => {
    const answer = await buildEmailAnswer(empty);
    const email = await PostalMime.parse(answer.mime);
    expect(email.text).toContain('No data matched the question.');
    expect(email.html).toContain('Order revenue per customer country, for orders placed in 1990.');
    expect(email.attachments).toHaveLength(0);
  });

  it('is the same message, byte for byte, for the same answer', async () => {
    const [first, second] = await Promise.all([buildEmailAnswer(ranking), buildEmailAnswer(ranking)]);
    expect(first.mime).toBe(second.mime);
  });
});

describe('chart PNG', () => {
  it('draws text with the chart font shipped in dejavu-fonts-ttf', async () => {
    expect(chartFont()?.files[0]).toContain('dejavu-fonts-ttf');
    const figure = chooseFigure(oneValue);
    if (figure === undefined) throw new Error('expected a figure');
    const withText = await renderChartPng(figure.vegaLite, { scale: 1 });
    const withoutFonts = await renderChartPng(figure.vegaLite, { scale: 1, fontFiles: [] });
    expect(withText.width).toBe(withoutFonts.width);
    // Without a font resvg drops the text: the image is blank white and compresses to almost nothing.
    expect(withText.png.length).toBeGreaterThan(withoutFonts.png.length * 3);
  });
});

describe('what the email says', () => {
  const defined: AnswerInput = {
    ...oneValue,
    question: 'revnue 2024 pls',
    definitions: ['Revenue = quantity × unit price × (1 − discount) over order_lines of orders not cancelled'],
    assumptions: ['Revenue = quantity × unit price × (1 − discount) over order_lines of orders not cancelled', 'FY2024 is read as the calendar year 2024.'],
  };

  it('takes its subject from the answer, not from the question as typed', async () => {
    expect((await buildEmailAnswer(defined)).subject).toBe('Total revenue in 2024 was €1,234,567.89');
    expect((await buildEmailAnswer(pieBreakdown)).subject).toBe('Orders by status');
    expect((await buildEmailAnswer(ranking)).subject).toBe('Top 5 customers by total revenue in 2024');
    expect((await buildEmailAnswer(list)).subject).toBe('Orders');
    expect((await buildEmailAnswer(empty)).subject).toBe('No data for total revenue by country in 1990');
    expect((await PostalMime.parse((await buildEmailAnswer(defined)).mime)).subject).toBe('Total revenue in 2024 was €1,234,567.89');
  });

  it('keeps formulas out of the answer and states them once where it says how the question was read', async () => {
    const { text, html } = await buildEmailAnswer(defined);
    const [answer, , reading] = text.split('\n\n');
    expect(answer).toBe('Total revenue in 2024 was €1,234,567.89.');
    expect(reading).toBe([
      'How the question was read: Sum of order revenue for orders placed in 2024.',
      '- Revenue = quantity × unit price × (1 − discount) over order_lines of orders not cancelled',
      '- FY2024 is read as the calendar year 2024.',
    ].join('\n'));
    expect(text.match(/× unit price/g)).toHaveLength(1);
    const [answerParagraph] = /<p style="margin:0 0 12px;font-size:16px;line-height:1.5;">[^<]*<\/p>/.exec(html) ?? [];
    expect(answerParagraph).toContain('Total revenue in 2024 was €1,234,567.89.');
    expect(answerParagraph).not.toMatch(/×|order_lines/);
    expect(html.indexOf('× unit price')).toBeGreaterThan(html.indexOf('</table>'));
  });

  it('leaves out a key grouped next to its name, in the sentence and in both tables', async () => {
    const { text, html } = await buildEmailAnswer(identified);
    for (const body of [text, html]) {
      expect(body).not.toMatch(/Customer id/);
      expect(body).not.toMatch(/\b179\b/);
      expect(body).toContain('Martinsson AB');
    }
  });

  it('carries its chart outside the MIME message too: the same PNG, by the Content-ID the HTML names', async () => {
    const answer = await buildEmailAnswer(timeSeries);
    const chart = answer.chart!;
    expect(chart).toMatchObject({ contentType: 'image/png', contentId: expect.stringMatching(/^chart-[0-9a-f]{16}@querent\.invalid$/) });
    expect(answer.html).toContain(`src="cid:${chart.contentId}"`);
    const png = Buffer.from(chart.base64, 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: chart.width, height: chart.height });
    const [image] = (await PostalMime.parse(answer.mime)).attachments;
    expect(Buffer.from(image!.content as ArrayBuffer).equals(png)).toBe(true);
    expect((await buildEmailAnswer(list)).chart).toBeUndefined();
  });
});
