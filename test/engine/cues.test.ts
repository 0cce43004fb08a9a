import { describe, expect, it } from 'vitest';
import { findCues } from '../../src/engine/cues.ts';
import { tokenize } from '../../src/engine/tokenize.ts';

const cuesOf = (question: string) => findCues(tokenize(question)).map(({ start: _start, end: _end, ...cue }) => cue);

describe('cue words', () => {
  it('finds counts and aggregates', () => {
    expect(cuesOf('how many orders')).toContainEqual({ kind: 'aggregate', aggregate: 'count' });
    expect(cuesOf('number of customers')).toContainEqual({ kind: 'aggregate', aggregate: 'count' });
    expect(cuesOf('total revenue')).toContainEqual({ kind: 'aggregate', aggregate: 'sum' });
    expect(cuesOf('average price')).toContainEqual({ kind: 'aggregate', aggregate: 'avg' });
    expect(cuesOf('mean price')).toContainEqual({ kind: 'aggregate', aggregate: 'avg' });
    expect(cuesOf('how much did we sell')).toContainEqual({ kind: 'aggregate', aggregate: 'sum', howMuch: true });
  });

  it('finds rankings with their size', () => {
    expect(cuesOf('top 5 products')[0]).toMatchObject({ kind: 'extreme', direction: 'desc', limit: 5, ranking: true });
    expect(cuesOf('bottom three regions')[0]).toMatchObject({ kind: 'extreme', direction: 'asc', limit: 3 });
    expect(cuesOf('the 3 cheapest products')[0]).toMatchObject({ kind: 'extreme', direction: 'asc', concept: 'price', limit: 3 });
    expect(cuesOf('the 10 most recent orders')[0]).toMatchObject({ kind: 'extreme', direction: 'desc', concept: 'date', limit: 10 });
    expect(cuesOf('highest price')[0]).toMatchObject({ kind: 'extreme', direction: 'desc', ranking: false });
    expect(cuesOf('maximum amount')[0]).toMatchObject({ kind: 'extreme', aggregateWord: true });
  });

  it('finds grouping and time grains', () => {
    expect(cuesOf('revenue by country')).toContainEqual({ kind: 'group', by: true });
    expect(cuesOf('orders for each customer')).toContainEqual({ kind: 'group', each: true });
    expect(cuesOf('sales broken down by region')).toContainEqual({ kind: 'group' });
    expect(cuesOf('orders per month')).toContainEqual({ kind: 'grain', grain: 'month', attached: true });
    expect(cuesOf('monthly revenue')).toContainEqual({ kind: 'grain', grain: 'month', attached: true });
    expect(cuesOf('yearly revenue')).toContainEqual({ kind: 'grain', grain: 'year', attached: true });
    expect(cuesOf('month over month')).toContainEqual({ kind: 'grain', grain: 'month', attached: true });
  });

  it('finds numeric comparisons', () => {
    expect(cuesOf('more than 5 orders')).toContainEqual({ kind: 'compare', op: 'gt', values: [5] });
    expect(cuesOf('at least 10')).toContainEqual({ kind: 'compare', op: 'gte', values: [10] });
    expect(cuesOf('under 100')).toContainEqual({ kind: 'compare', op: 'lt', values: [100] });
    expect(cuesOf('at most 3')).toContainEqual({ kind: 'compare', op: 'lte', values: [3] });
    expect(cuesOf('between 100 and 500')).toContainEqual({ kind: 'compare', op: 'between', values: [100, 500] });
    expect(cuesOf('5 or more orders')).toContainEqual({ kind: 'compare', op: 'gte', values: [5] });
    expect(cuesOf('equal to 7')).toContainEqual({ kind: 'compare', op: 'eq', values: [7] });
    expect(cuesOf('amount > 20')).toContainEqual({ kind: 'compare', op: 'gt', values: [20] });
  });

  it('finds negation, distinct and list words', () => {
    expect(cuesOf('customers not in France')).toContainEqual({ kind: 'negation' });
    expect(cuesOf('orders excluding cancelled')).toContainEqual({ kind: 'negation' });
    expect(cuesOf('other than Germany')).toContainEqual({ kind: 'negation' });
    expect(cuesOf('unique customers')).toContainEqual({ kind: 'distinct' });
    expect(cuesOf('show me the products')).toContainEqual({ kind: 'list' });
    expect(cuesOf('2023 vs 2024')).toContainEqual({ kind: 'versus' });
  });
});
