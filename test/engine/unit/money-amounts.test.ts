/**
 * A number said as money ("over 2,000 dollars", "$500", "100 €") is compared only with money: a
 * money column, a sum of one, or a metric in a currency; never with a span of days or a count of
 * rows. Said right after the rows asked about with no column named, it compares their one amount
 * column. A verb naming the column a measure adds up ("bills charged") restates the measure.
 * On a small clinic schema the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = catalog(
  entity({ name: 'patient', rows: 2_000, columns: [['id', 'integer'], ['full_name', 'text'], ['registered_on', 'date']] }),
  entity({
    name: 'bill', rows: 40_000, references: { patient_id: 'patient' },
    columns: [['id', 'integer'], ['patient_id', 'integer'], ['billed_on', 'date'], ['total_charged', 'number'], ['payment_grace_days', 'integer'], ['visits_covered', 'integer']],
  }),
);

function queries(question: string): LogicalQuery[] {
  return readQuestion(question, clinic, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => candidate.planned.query);
}

/** The columns a query compares with a number, in its filters and its conditions on groups. */
function comparedColumns(query: LogicalQuery): string[] {
  const filtered = query.filters.flatMap((filter) => (filter.expression.kind === 'field' && filter.values.some((value) => typeof value === 'number') ? [filter.expression.column] : []));
  const grouped = query.having.map((having) => having.measureId);
  return [...filtered, ...grouped];
}

describe('a number said as money', () => {
  it.each([
    ['5,000 dollars', 5_000],
    ['$5,000', 5_000],
    ['100 €', 100],
    ['2 million euros', 2_000_000],
  ])('is one number token marked as money: "%s"', (text, value) => {
    const [token, ...rest] = tokenize(text);
    expect(rest).toEqual([]);
    expect(token).toMatchObject({ kind: 'number', value, money: true });
  });

  it('leaves a number of days as it was', () => {
    expect(tokenize('30 days')[0].money).toBeUndefined();
  });

  it.each([
    'how many bills over 2,000 dollars were issued in 2024?',
    'bills above $2,000',
  ])('compares the rows\' amount column when none is named: "%s"', (question) => {
    const read = queries(question);
    expect(read.length).toBeGreaterThan(0);
    expect(comparedColumns(read[0])).toContain('total_charged');
  });

  it.each([
    'bills with a payment grace above 500 euros',
    'bills covering more than 300 dollars of visits',
    'patients with more than 3,000 dollars',
  ])('is never compared with days or counts: "%s"', (question) => {
    for (const query of queries(question)) {
      expect(comparedColumns(query)).not.toContain('payment_grace_days');
      expect(comparedColumns(query)).not.toContain('visits_covered');
      expect(query.having).toEqual([]);
    }
  });

  it.each(['bills with a payment grace above 30 days', 'bills with a payment grace of more than 30 days'])('still compares days said as days: "%s"', (question) => {
    expect(queries(question).some((query) => comparedColumns(query).includes('payment_grace_days'))).toBe(true);
  });
});

describe('a verb naming the column a measure adds up', () => {
  it.each(['total bills charged last month', 'the sum of bills charged in 2024'])('restates the measure, never groups by it: "%s"', (question) => {
    const read = queries(question);
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) expect(query.dimensions.map((dimension) => dimension.field.kind === 'field' && dimension.field.column)).not.toContain('total_charged');
    expect(read[0].measures).toMatchObject([{ aggregate: 'sum', expression: { kind: 'field', column: 'total_charged' } }]);
  });
});
