import { describe, expect, it } from 'vitest';
import type { EmailAnswer, JsonAnswer, TextAnswer } from '../../src/render/answer.ts';
import { renderAnswer } from '../../src/render/render-answer.ts';
import { empty, oneValue, ranking, timeSeries } from './fixtures.ts';

describe('renderAnswer', () => {
  it('json: text, interpretation, one exact table, one figure and the compiled query', async () => {
    const answer = (await renderAnswer('json', ranking)) as JsonAnswer;
    expect(answer.text).toContain('Top 5 customers');
    expect(answer.interpretation).toBe(ranking.interpretation);
    expect(answer.tables).toHaveLength(1);
    expect(answer.tables[0]?.rows[1]).toEqual(['Globex', 95000.5]);
    expect(answer.figures.map((figure) => figure.kind)).toEqual(['bar']);
    expect(answer.query).toEqual({ language: 'sql', dialect: 'postgresql', text: ranking.compiled.text, parameters: ranking.compiled.params });
    expect(answer.assumptions).toEqual(ranking.assumptions);
    // The answer goes out as JSON as it is.
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });

  it('json of an empty result: an empty table and no figure', async () => {
    const answer = (await renderAnswer('json', empty)) as JsonAnswer;
    expect(answer.tables[0]).toMatchObject({ rows: [], rowCount: 0, truncated: false });
    expect(answer.figures).toEqual([]);
  });

  it('text: only the sentence', async () => {
    expect(await renderAnswer('text', oneValue)).toEqual({ text: 'Total revenue in 2024 was €1,234,567.89.' } satisfies TextAnswer);
  });

  it('text states the definition of each business metric after the number', async () => {
    const defined = { ...oneValue, definitions: ['Revenue = quantity × unit price over the lines of orders that are not cancelled'] };
    expect((await renderAnswer('text', defined) as TextAnswer).text)
      .toBe('Total revenue in 2024 was €1,234,567.89. Revenue = quantity × unit price over the lines of orders that are not cancelled.');
    expect((await renderAnswer('email', defined) as EmailAnswer).text).toContain('orders that are not cancelled');
  });

  it('email: subject, text, html and mime', async () => {
    const answer = (await renderAnswer('email', oneValue, { email: { to: 'team@example.com' } })) as EmailAnswer;
    expect(Object.keys(answer).sort()).toEqual(['chart', 'html', 'mime', 'subject', 'text']);
    expect(Object.keys((await renderAnswer('email', empty)) as EmailAnswer).sort()).toEqual(['html', 'mime', 'subject', 'text']);
    expect(answer.mime).toMatch(/^To: team@example\.com\r$/m);
  });

  it('is fast: json in about a millisecond, email with its PNG in well under a second', async () => {
    await renderAnswer('json', timeSeries);
    await renderAnswer('email', timeSeries);
    const jsonRuns = 200;
    let started = performance.now();
    for (let run = 0; run < jsonRuns; run += 1) await renderAnswer('json', timeSeries);
    const jsonMs = (performance.now() - started) / jsonRuns;
    const emailRuns = 10;
    started = performance.now();
    for (let run = 0; run < emailRuns; run += 1) await renderAnswer('email', timeSeries);
    const emailMs = (performance.now() - started) / emailRuns;
    console.log(`render time: json ${jsonMs.toFixed(3)} ms, email (with PNG) ${emailMs.toFixed(1)} ms`);
    // Loose bounds: a shared CI machine must not make this flaky; the log line has the numbers.
    expect(jsonMs).toBeLessThan(25);
    expect(emailMs).toBeLessThan(1500);
  });
});
