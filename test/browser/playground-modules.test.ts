import { describe, expect, it } from 'vitest';
import type { EmailAnswer } from '../../src/render/answer.ts';
import { renderAnswer } from '../../src/render/render-answer.ts';
import { ranking } from '../render/fixtures.ts';
// The page's own ES modules; these two functions touch no DOM, so they run in Node as they are.
// @ts-expect-error: plain JavaScript served to the browser, without type declarations.
import { imagesByContentId, inlineCidImages } from '../../src/http/playground/email-preview.js';
// @ts-expect-error: as above.
import { sortRows } from '../../src/http/playground/answer-view.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('playground email preview', () => {
  it('inlines the chart of a real email answer: its cid: image becomes the PNG part as a data: URL', async () => {
    const email = (await renderAnswer('email', ranking)) as EmailAnswer;
    const cid = /src="cid:([^"]+)"/.exec(email.html)?.[1];
    expect(cid).toBeDefined();

    const images = imagesByContentId(email.mime) as Map<string, string>;
    expect([...images.keys()]).toEqual([cid]);
    const html = inlineCidImages(email.html, email.mime) as string;
    expect(html).not.toContain('cid:');
    const dataUrl = /src="(data:image\/png;base64,[^"]+)"/.exec(html)?.[1];
    const png = Buffer.from(dataUrl!.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // Everything else in the HTML is left as it was.
    expect(html.replace(dataUrl!, `cid:${cid}`)).toBe(email.html);
  });

  it('leaves a cid: the message does not carry as it is', () => {
    const html = '<img src="cid:missing@example.invalid">';
    expect(inlineCidImages(html, 'Content-Type: text/plain\n\nno parts')).toBe(html);
  });
});

describe('playground table sorting', () => {
  const rows = [['b', 10], ['a', null], ['C', 2.5], ['a10', -1], ['a9', 100]];

  it('sorts numbers by value, nulls last in both directions', () => {
    expect(sortRows(rows, 1, true).map((row: unknown[]) => row[1])).toEqual([-1, 2.5, 10, 100, null]);
    expect(sortRows(rows, 1, false).map((row: unknown[]) => row[1])).toEqual([100, 10, 2.5, -1, null]);
  });

  it('sorts text in natural order, ignoring case, and leaves the rows given untouched', () => {
    expect(sortRows(rows, 0, true).map((row: unknown[]) => row[0])).toEqual(['a', 'a9', 'a10', 'b', 'C']);
    expect(rows[0]).toEqual(['b', 10]);
  });
});
