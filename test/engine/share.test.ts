/** Share questions: a conditional measure over its whole, and their ratio in percent — or a decline. */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';

const fixture = { catalog: wholesaleCatalog, values: wholesaleValues, now: new Date('2025-05-10T12:00:00Z') };

function share(question: string) {
  const plan = planQuestion(question, fixture, false);
  if (!plan.ok) throw new Error(`declined: ${plan.reason}`);
  return plan;
}

describe('shares', () => {
  it('counts the rows named by a value among all rows, in percent', () => {
    const { query, interpretation } = share('what percentage of orders were cancelled');
    expect(query.root).toBe('orders');
    expect(query.filters).toEqual([]);
    expect(query.measures.map(({ id, aggregate }) => [id, aggregate])).toEqual([['order_count_share', 'ratio'], ['order_count_part', 'count'], ['order_count', 'count']]);
    expect(query.measures[0]).toMatchObject({ numeratorId: 'order_count_part', denominatorId: 'order_count', percent: true, unit: '%' });
    expect(query.measures[1]?.where).toEqual([{ kind: 'filter', expression: { kind: 'field', entity: 'orders', column: 'status' }, op: 'eq', values: ['cancelled'] }]);
    expect(interpretation).toMatch(/^Share of orders, in percent: .*cancelled/);
  });

  it('keeps a period for the whole as well as the part', () => {
    const { query, interpretation } = share('what share of revenue in 2024 came from customers in Germany?');
    expect(query.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['gte 2024-01-01', 'lt 2025-01-01']);
    expect(query.measures[1]?.where?.map((filter) => filter.values)).toEqual([['Germany']]);
    expect(query.measures[1]?.aggregate).toBe('sum');
    expect(interpretation).toContain('in the same period');
  });

  it('takes a period as the part when nothing else picks it', () => {
    const { query, interpretation } = share('what percentage of orders were placed in 2024');
    expect(query.filters).toEqual([]);
    expect(query.measures[1]?.where?.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['gte 2024-01-01', 'lt 2025-01-01']);
    expect(interpretation).toMatch(/out of all orders$/);
  });

  it('declines a share of each group, a share with no part, and a part with several conditions', () => {
    for (const question of ['share of revenue by category', 'what percentage of orders', 'share of customers', 'what percentage of orders to Germany were cancelled']) {
      expect(planQuestion(question, fixture, false).ok, question).toBe(false);
    }
  });

  it('leaves questions that only mention a percentage to the rest of the engine', () => {
    const plan = planQuestion('how many orders were cancelled?', fixture, false);
    expect(plan.ok && plan.query.measures.every((measure) => measure.aggregate !== 'ratio')).toBe(true);
  });
});
