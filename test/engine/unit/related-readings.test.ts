/**
 * Anti-joins on a schema the engine was not tuned on: a negation before an entity whose rows
 * point to the subject's reads as "has no related rows", and what is said with that entity (its
 * values, a period after it) applies to the related rows only.
 */
import { describe, expect, it } from 'vitest';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';

function queriesOf(question: string): LogicalQuery[] {
  return readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow }).candidates.map((candidate) => candidate.planned.query);
}

function relatedReading(question: string): LogicalQuery | undefined {
  return queriesOf(question).find((query) => (query.related?.length ?? 0) > 0);
}

describe('anti-join readings', () => {
  it('reads "without" before a child entity as no related rows, linked by its foreign key', () => {
    const query = relatedReading('customers without work orders');
    expect(query?.root).toBe('cust');
    expect(query?.related).toEqual([{
      kind: 'related', exists: false, root: 'work_ord', joins: [],
      link: { entity: 'work_ord', columns: ['cust_id'], outerEntity: 'cust', outerColumns: ['id'] }, filters: [],
    }]);
  });

  it('dates a period said after the related entity by that entity, not the subject', () => {
    const query = relatedReading('how many customers have no work orders in 2024');
    expect(query?.filters.some((filter) => filter.expression.kind === 'field' && filter.expression.column === 'crt_dt')).toBe(false);
    expect(query?.related?.[0].filters.map((filter) => [filter.expression.kind === 'field' ? `${filter.expression.entity}.${filter.expression.column}` : '', filter.op, filter.values])).toEqual([
      ['work_ord.ord_dt', 'gte', ['2024-01-01']],
      ['work_ord.ord_dt', 'lt', ['2025-01-01']],
    ]);
    expect(query?.measures.map((measure) => measure.aggregate)).toEqual(['count']);
  });

  it('keeps a value of the related rows inside the sub-select ("no open work orders")', () => {
    const query = relatedReading('customers with no open work orders');
    expect(query?.filters).toEqual([]);
    expect(query?.related?.[0].filters).toEqual([{ kind: 'filter', expression: { kind: 'field', entity: 'work_ord', column: 'status_cd' }, op: 'eq', values: ['open'] }]);
  });

  it('relates through a table that points to both ("items never used on a work order")', () => {
    const query = relatedReading('service items that never appear on a work order');
    expect(query?.root).toBe('svc_item');
    expect(query?.related?.[0]).toMatchObject({ root: 'work_ord_ln', link: { entity: 'work_ord_ln', columns: ['item_id'], outerEntity: 'svc_item', outerColumns: ['id'] } });
  });

  it('leaves a condition on the subject said before the negation outside', () => {
    const query = relatedReading('customers in Porto without work orders');
    expect(query?.filters).toEqual([{ kind: 'filter', expression: { kind: 'field', entity: 'cust', column: 'cty' }, op: 'eq', values: ['Porto'] }]);
    expect(query?.related?.[0].filters).toEqual([]);
  });

  it('does not read a parent the subject points to as related rows ("work orders without a technician" is an empty link)', () => {
    expect(relatedReading('work orders without a technician')).toBeUndefined();
  });
});

describe('set readings', () => {
  it('reads "both A and B" of related rows as one semi-join per value', () => {
    const query = relatedReading('customers with both open and cancelled work orders');
    expect(query?.related?.map((related) => [related.exists, related.filters.map((filter) => filter.values)])).toEqual([
      [true, [['open']]],
      [true, [['cancelled']]],
    ]);
  });

  it('keeps a negation said of named related rows as their condition, not an anti-join', () => {
    for (const query of queriesOf('customers with work orders that are not cancelled')) {
      expect(query.related?.some((related) => !related.exists) ?? false).toBe(false);
    }
  });
});
