/** Answer or decline: pooled evidence, unused meaningful words, and the confidence threshold. */
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { decide, evidenceOf } from '../../../src/engine/readings/decide.ts';
import type { Candidate } from '../../../src/engine/readings/enumerate.ts';
import type { Features } from '../../../src/engine/readings/features.ts';
import { DECLINE_FEATURE, type Model } from '../../../src/engine/readings/model.ts';
import { vouchedShape } from '../../../src/engine/readings/verified.ts';

/** decide reads only these fields of a candidate; each stands for an aggregate answer (lists: shown-columns.test.ts). */
function candidate(score: number, core: string, unusedWords: readonly number[] = [], features: Features = {}): Candidate {
  return { score, core, key: core, unusedWords, features, planned: { query: { joins: [], measures: [{ id: 'm' }] } }, reading: { outputs: [], conditions: [], groups: [], having: [] } } as unknown as Candidate;
}

/** A model whose confidence is a logistic of `bias + probabilityWeight × pooled probability`. */
function model(threshold: number, bias: number, probabilityWeight = 0, declineScore = -50): Model {
  return {
    weights: { [DECLINE_FEATURE]: declineScore },
    confidence: { threshold, weights: { 'confidence.bias': bias, 'decision.probability': probabilityWeight } },
  };
}

const NO_DECLINE = -50;

describe('evidenceOf', () => {
  it('is zero with no candidates', () => {
    expect(evidenceOf([], 0)).toEqual({ probability: 0, lead: 0, next: 0 });
  });

  it('a lone candidate far above declining has all the probability and all the lead', () => {
    const evidence = evidenceOf([{ score: 0, core: 'a' }], NO_DECLINE);
    expect(evidence.probability).toBeCloseTo(1, 10);
    expect(evidence.lead).toBeCloseTo(1, 10);
  });

  it('declining takes its share of the probability', () => {
    expect(evidenceOf([{ score: 0, core: 'a' }], 0).probability).toBeCloseTo(0.5, 10);
  });

  it('two readings with different answers split the probability and leave no lead', () => {
    const evidence = evidenceOf([{ score: 1, core: 'a' }, { score: 1, core: 'b' }], NO_DECLINE);
    expect(evidence.probability).toBeCloseTo(0.5, 10);
    expect(evidence.lead).toBeCloseTo(0, 10);
  });

  it('readings with the same core key pool their probability', () => {
    const evidence = evidenceOf([{ score: 1, core: 'a' }, { score: 1, core: 'a' }], NO_DECLINE);
    expect(evidence.probability).toBeCloseTo(1, 10);
    expect(evidence.lead).toBeCloseTo(1, 10);
  });

  it('pools the best reading with a later one of the same core, against the best other answer', () => {
    // a: e^1 + e^0, b: e^0.5, c: e^0 — b is the runner-up answer.
    const evidence = evidenceOf([{ score: 1, core: 'a' }, { score: 0.5, core: 'b' }, { score: 0, core: 'a' }, { score: 0, core: 'c' }], NO_DECLINE);
    const total = Math.exp(1) + Math.exp(0.5) + 2;
    expect(evidence.probability).toBeCloseTo((Math.exp(1) + 1) / total, 6);
    expect(evidence.lead).toBeCloseTo((Math.exp(1) + 1 - Math.exp(0.5)) / total, 6);
  });

  it('two runner-up readings of one other answer pool against the best', () => {
    const evidence = evidenceOf([{ score: 1, core: 'a' }, { score: 0.9, core: 'b' }, { score: 0.9, core: 'b' }], NO_DECLINE);
    expect(evidence.lead).toBeLessThan(0);
  });
});

describe('decide', () => {
  const tokens = tokenize('total hrs of the zebra');
  // total(0) hrs(1) of(2) the(3) zebra(4)

  it('declines with no reading', () => {
    expect(decide([], tokens, model(0.5, 10))).toEqual({ kind: 'decline', why: 'no-reading' });
  });

  it('declines a best reading that leaves a noun unused, naming the word', () => {
    const decision = decide([candidate(1, 'a', [4])], tokens, model(0.5, 10));
    expect(decision).toMatchObject({ kind: 'decline', why: 'unused-words', words: ['zebra'] });
  });

  it('does not decline for unused grammar words', () => {
    expect(tokens[2].pos).toBe('ADP');
    expect(tokens[3].pos).toBe('DET');
    expect(decide([candidate(1, 'a', [2, 3])], tokens, model(0.5, 10)).kind).toBe('answer');
  });

  it('declines for an unused number', () => {
    const withNumber = tokenize('total hrs of job 42');
    const decision = decide([candidate(1, 'a', [4])], withNumber, model(0.5, 10));
    expect(decision).toMatchObject({ why: 'unused-words', words: ['42'] });
  });

  it('judges only the best reading for unused words', () => {
    expect(decide([candidate(2, 'a'), candidate(1, 'b', [4])], tokens, model(0.1, 10)).kind).toBe('answer');
  });

  it('answers at or above the threshold and declines below it, with the confidence', () => {
    const sure = 1 / (1 + Math.exp(-2));
    const answered = decide([candidate(1, 'a')], tokens, model(sure - 0.01, 2));
    expect(answered).toMatchObject({ kind: 'answer' });
    expect(answered.kind === 'answer' && answered.confidence).toBeCloseTo(sure, 10);
    const declined = decide([candidate(1, 'a')], tokens, model(sure + 0.01, 2));
    expect(declined).toMatchObject({ kind: 'decline', why: 'not-confident' });
    expect(declined.kind === 'decline' && declined.confidence).toBeCloseTo(sure, 10);
  });

  it('pooled readings of one answer make the engine surer than two rival answers', () => {
    // confidence = logistic(-5 + 10 × probability): 0.99 when pooled (p ≈ 1), 0.5 when split (p = 0.5).
    const strict = model(0.9, -5, 10);
    expect(decide([candidate(1, 'a'), candidate(1, 'a')], tokens, strict).kind).toBe('answer');
    expect(decide([candidate(1, 'a'), candidate(1, 'b')], tokens, strict)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
  });

  it('declines as ambiguous when the runner-up answer is more than half as likely as the best', () => {
    const lenient = model(0, 0, 0);
    expect(decide([candidate(1, 'a'), candidate(0.5, 'b')], tokens, lenient)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
    expect(decide([candidate(1, 'a'), candidate(0.2, 'b')], tokens, lenient).kind).toBe('answer');
  });

  it('answers a verified reading whatever the confidence, naming the verified question', () => {
    const unsure = model(0.99, -10);
    expect(decide([candidate(1, 'a')], tokens, unsure)).toMatchObject({ kind: 'decline', why: 'not-confident' });
    const verifiedOne = { question: 'the verified one', core: 'a' };
    expect(decide([candidate(1, 'a')], tokens, unsure, new Map([['a', verifiedOne]]))).toMatchObject({ kind: 'answer', confidence: 1, verified: verifiedOne });
    expect(decide([candidate(1, 'a')], tokens, unsure, new Map([['b', { question: 'another reading', core: 'b' }]]))).toMatchObject({ kind: 'decline', why: 'not-confident' });
  });

  it('answers the verified reading asked of another period, for another number of rows or uncut, not another reading', () => {
    const unsure = model(0.99, -10);
    const verifiedCore = '{"filters":[{"op":"gte","values":["2026-01-01"]},{"op":"lt","values":["2027-01-01"]}],"limit":10,"measures":["revenue"]}';
    const verified = new Map([[vouchedShape(candidate(1, verifiedCore)), { question: 'top 10 by revenue this year', core: verifiedCore }]]);
    const otherYear = verifiedCore.replace('2026-01-01', '2024-01-01').replace('2027-01-01', '2025-01-01').replace('"limit":10', '"limit":3');
    expect(decide([candidate(1, otherYear)], tokens, unsure, verified)).toMatchObject({ kind: 'answer', confidence: 1, verified: { question: 'top 10 by revenue this year' } });
    const uncut = verifiedCore.replace('"limit":10,', '');
    expect(decide([candidate(1, uncut)], tokens, unsure, verified)).toMatchObject({ kind: 'answer', confidence: 1 });
    const otherMeasure = otherYear.replace('revenue', 'cost');
    expect(decide([candidate(1, otherMeasure)], tokens, unsure, verified)).toMatchObject({ kind: 'decline', why: 'not-confident' });
  });

  it('answers the verified reading over a period of its metric\'s own date, not of another date', () => {
    const unsure = model(0.99, -10);
    const field = (entity: string, column: string) => ({ column, entity, kind: 'field' });
    const period = (entity: string, column: string) => [
      { expression: field(entity, column), kind: 'filter', op: 'gte', values: ['2026-07-01'] },
      { expression: field(entity, column), kind: 'filter', op: 'lt', values: ['2026-10-01'] },
    ];
    const coreWith = (filters: object[]) => JSON.stringify({ filters, limit: 10, measures: ['revenue'] });
    const verifiedCore = coreWith([]);
    const verified = new Map([[vouchedShape(candidate(1, verifiedCore)), { question: 'top 10 customers by revenue', core: verifiedCore }]]);
    const revenue = { outputs: [{ kind: 'measure', metric: { time: { entity: 'orders', column: 'order_date' } } }], conditions: [], groups: [], having: [] };
    const withReading = (core: string): Candidate => ({ ...candidate(1, core), reading: revenue }) as unknown as Candidate;
    expect(decide([withReading(coreWith(period('orders', 'order_date')))], tokens, unsure, verified)).toMatchObject({ kind: 'answer', confidence: 1 });
    expect(decide([withReading(coreWith(period('customers', 'since')))], tokens, unsure, verified)).toMatchObject({ kind: 'decline', why: 'not-confident' });
  });

  it('answers the verified reading at another time grain, not grouped by another date', () => {
    const unsure = model(0.99, -10);
    const byDate = (column: string, grain: string) => JSON.stringify({ dimensions: [{ field: { column, entity: 'orders', kind: 'field' }, grain, id: `${column}_${grain}` }], measures: ['revenue'], order: [{ direction: 'asc', id: `${column}_${grain}` }] });
    const verifiedCore = byDate('order_date', 'month');
    const verified = new Map([[vouchedShape(candidate(1, verifiedCore)), { question: 'revenue by month', core: verifiedCore }]]);
    expect(decide([candidate(1, byDate('order_date', 'year'))], tokens, unsure, verified)).toMatchObject({ kind: 'answer', confidence: 1, verified: { question: 'revenue by month' } });
    expect(decide([candidate(1, byDate('shipped_date', 'year'))], tokens, unsure, verified)).toMatchObject({ kind: 'decline', why: 'not-confident' });
  });

  it('a verified reading still needs every meaningful word and a clear lead over another answer', () => {
    const verified = new Map([['a', { question: 'the verified one', core: 'a' }]]);
    expect(decide([candidate(1, 'a', [4])], tokens, model(0, 10), verified)).toMatchObject({ kind: 'decline', why: 'unused-words' });
    expect(decide([candidate(1, 'a'), candidate(1, 'b')], tokens, model(0, 10), verified)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
  });

  it('takes the nearer of two readings that ask the same of columns of one name, one through a join', () => {
    const base = { kind: 'select', root: 'invoices', columns: [], having: [], order: [], measures: [{ id: 'invoices', label: 'Invoices', aggregate: 'count' }] };
    const own = { ...base, joins: [], filters: [], dimensions: [{ id: 'status', label: 'Status', field: { kind: 'field', entity: 'invoices', column: 'status' } }] };
    const join = [{ fromEntity: 'invoices', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] }];
    const viaOrder = {
      ...base, joins: join, dimensions: [{ id: 'order_status', label: 'Order status', field: { kind: 'field', entity: 'orders', column: 'status' } }],
      filters: [{ kind: 'filter', expression: { kind: 'field', entity: 'invoices', column: 'order_id' }, op: 'not_null', values: [] }],
    };
    const byStatus = { subject: 'invoices', outputs: [], conditions: [], groups: [{ kind: 'column', entity: 'invoices', column: 'status', tokens: [] }] };
    const withQuery = (score: number, core: string, query: object, reading: object = byStatus): Candidate => ({ ...candidate(score, core), planned: { query }, reading }) as unknown as Candidate;
    const lenient = model(0, 10);
    expect(decide([withQuery(1, 'own', own), withQuery(1, 'via', viaOrder)], tokens, lenient)).toMatchObject({ kind: 'answer' });
    // Entities grouped are grouped by their names: products and their suppliers both have a "name".
    const byEntity = { subject: 'invoices', outputs: [], conditions: [], groups: [{ kind: 'entity', entity: 'invoices', tokens: [] }] };
    expect(decide([withQuery(1, 'own', own, byEntity), withQuery(1, 'via', viaOrder, byEntity)], tokens, lenient)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
    // The farther reading first is no reason to answer; another column name is another question.
    expect(decide([withQuery(1, 'via', viaOrder), withQuery(1, 'own', own)], tokens, lenient)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
    const otherColumn = { ...viaOrder, dimensions: [{ id: 'order_channel', label: 'Channel', field: { kind: 'field', entity: 'orders', column: 'channel' } }] };
    expect(decide([withQuery(1, 'own', own), withQuery(1, 'other', otherColumn)], tokens, lenient)).toMatchObject({ kind: 'decline', why: 'ambiguous' });
  });
});
