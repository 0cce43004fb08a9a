/** Readings of a list that differ only in the columns they show are one answer, shown with the widest. */
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { decide } from '../../../src/engine/readings/decide.ts';
import type { Candidate } from '../../../src/engine/readings/enumerate.ts';
import { DECLINE_FEATURE, type Model } from '../../../src/engine/readings/model.ts';
import { widestListing } from '../../../src/engine/readings/shown-columns.ts';
import type { Filter, LogicalQuery } from '../../../src/query/logical-query.ts';

const HIGH: Filter = { kind: 'filter', expression: { kind: 'field', entity: 'tickets', column: 'priority' }, op: 'eq', values: ['high'] } as Filter;
const EMAIL: Filter = { kind: 'filter', expression: { kind: 'field', entity: 'tickets', column: 'channel' }, op: 'eq', values: ['email'] } as Filter;

function listing(columns: readonly string[], filters: readonly Filter[] = [HIGH], extra: Partial<LogicalQuery> = {}): LogicalQuery {
  return {
    kind: 'select', root: 'tickets', joins: [], measures: [], dimensions: [], filters, having: [], order: [],
    columns: columns.map((column, index) => ({ id: `c${index}`, label: column, field: { kind: 'field', entity: 'tickets', column } })),
    ...extra,
  };
}

/** decide and widestListing read only these fields of a candidate. */
function candidate(score: number, query: LogicalQuery): Candidate {
  const core = JSON.stringify(query);
  return { score, core, key: core, unusedWords: [], features: {}, planned: { query }, reading: { outputs: [], conditions: [], groups: [] } } as unknown as Candidate;
}

const NO_DECLINE = -50;
/** Confident whenever the best answer's own probability is above one half. */
const model: Model = { weights: { [DECLINE_FEATURE]: NO_DECLINE }, confidence: { threshold: 0.5, weights: { 'confidence.bias': -10, 'decision.probability': 20 } } };
const tokens = tokenize('high priority tickets');

describe('widestListing', () => {
  it('puts first the listing that shows every column of the others with the same rows', () => {
    const narrow = candidate(1, listing(['priority']));
    const wide = candidate(0.9, listing(['priority', 'subject']));
    const pooled = widestListing([narrow, wide], NO_DECLINE);
    expect(pooled[0]).toBe(wide);
    expect(pooled[1]?.core).toBe(wide.core);
  });

  it('leaves listings of other rows apart', () => {
    const narrow = candidate(1, listing(['priority']));
    const other = candidate(0.9, listing(['priority', 'subject'], [HIGH, EMAIL]));
    expect(widestListing([narrow, other], NO_DECLINE)).toEqual([narrow, other]);
  });

  it('leaves distinct lists apart: another column can change how many rows there are', () => {
    const narrow = candidate(1, listing(['priority'], [HIGH], { distinct: true }));
    const wide = candidate(0.9, listing(['priority', 'subject'], [HIGH], { distinct: true }));
    expect(widestListing([narrow, wide], NO_DECLINE)[0]).toBe(narrow);
  });

  it('pools only readings whose columns the chosen listing shows', () => {
    const subject = candidate(1, listing(['subject']));
    const priority = candidate(0.95, listing(['priority']));
    const both = candidate(0.9, listing(['subject', 'priority']));
    const pooled = widestListing([subject, priority, both], NO_DECLINE);
    expect(pooled[0]).toBe(both);
    expect(pooled.every((entry) => entry.core === both.core)).toBe(true);
  });
});

describe('decide with listings of the same rows', () => {
  it('answers with the best listing when it already shows the columns of another listing of its rows', () => {
    const wide = candidate(1, listing(['priority', 'subject']));
    const narrow = candidate(1, listing(['priority']));
    const decision = decide([wide, narrow], tokens, model);
    expect(decision.kind === 'answer' && decision.candidate).toBe(wide);
  });

  it('answers two listings of the same rows with the wider one instead of declining them as ambiguous', () => {
    const narrow = candidate(1, listing(['priority']));
    const wide = candidate(1, listing(['priority', 'subject']));
    const decision = decide([narrow, wide], tokens, model);
    expect(decision.kind).toBe('answer');
    expect(decision.kind === 'answer' && decision.candidate).toBe(wide);
  });

  it('still declines two listings of different rows as ambiguous', () => {
    const decision = decide([candidate(1, listing(['priority'])), candidate(1, listing(['priority'], [HIGH, EMAIL]))], tokens, model);
    expect(decision).toMatchObject({ kind: 'decline', why: 'ambiguous' });
  });

  it('answers a clear best listing as it is, without the columns of a far less likely one', () => {
    const narrow = candidate(5, listing(['priority']));
    const decision = decide([narrow, candidate(0, listing(['priority', 'subject']))], tokens, model);
    expect(decision.kind === 'answer' && decision.candidate).toBe(narrow);
  });
});
