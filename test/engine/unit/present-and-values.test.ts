/**
 * Words about the present and a value word that also names a column, on a small help-desk schema
 * the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { carriesMeaning } from '../../../src/engine/readings/word-classes.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const desk = catalog(
  entity({ name: 'ticket', rows: 5_000, columns: [['id', 'integer'], ['title', 'text'], ['state', 'text'], ['opened_at', 'timestamp'], ['closed_at', 'timestamp']] }),
);
const values: readonly ColumnValues[] = [{ entity: 'ticket', column: 'state', values: ['open', 'waiting', 'closed'] }];

function best(question: string) {
  const { candidates, tokens } = readQuestion(question, desk, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') });
  const top = candidates[0];
  return { query: top?.planned.query, unused: (top?.unusedWords ?? []).filter((index) => carriesMeaning(tokens[index])).map((index) => tokens[index].text) };
}

describe('a value word that also names a column', () => {
  it('counts the rows of that value ("how many open tickets"), not the distinct dates of the column it resembles', () => {
    const { query } = best('how many open tickets');
    expect(query?.measures).toMatchObject([{ aggregate: 'count' }]);
    expect(query?.measures[0]?.expression).toBeUndefined();
    expect(query?.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'ticket', column: 'state' }, op: 'eq', values: ['open'] });
  });
});

describe('the present', () => {
  it.each(['how many tickets are open right now', 'how many tickets are open at the moment', 'what is the current number of open tickets'])('"%s" leaves no word unread', (question) => {
    const { query, unused } = best(question);
    expect(unused).toEqual([]);
    expect(query?.filters).toContainEqual({ kind: 'filter', expression: { kind: 'field', entity: 'ticket', column: 'state' }, op: 'eq', values: ['open'] });
  });

  it.each(['how much gravity is open right now', 'how much gravity is open at the moment'])('is never named as a word the data lacks: "%s"', (question) => {
    const result = planQuestion(question, { catalog: desk, values, now: new Date('2025-05-10T12:00:00Z') }, { suggest: false });
    expect(result).toMatchObject({ ok: false, code: 'unknown_words', words: ['gravity'] });
  });
});
