/** Lists: what "the first 5" orders by, which rows a list names, and conditions on other rows it declines. */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';

const fixture = { catalog: wholesaleCatalog, values: wholesaleValues, now: new Date('2025-05-10T12:00:00Z') };

describe('list readings', () => {
  it('orders "the first 5 orders" by their date and shows it', () => {
    const result = planQuestion('the first 5 orders', fixture, false);
    if (!result.ok) throw new Error(`declined: ${result.reason}`);
    expect(result.query.limit).toBe(5);
    expect(result.query.order).toEqual([expect.objectContaining({ direction: 'asc' })]);
    expect(result.query.columns.map(({ field }) => field.column)).toContain('order_date');
  });

  it('declines a condition on someone else in the same group', () => {
    const result = planQuestion('customers in a city that has someone with a company name containing "Acme"', fixture, false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/other rows of the same group/);
  });

  it('declines "who" about rows that have no name, and answers it about rows that do', () => {
    const orders = planQuestion('Who placed the latest order?', fixture, false);
    expect(orders.ok).toBe(false);
    if (!orders.ok) expect(orders.reason).toMatch(/"Who" asks for someone named/);
    expect(planQuestion('Who are the employees hired in 2024?', fixture, false).ok).toBe(true);
  });

  it('declines having a column, which may mean set or not zero', () => {
    const result = planQuestion('customers that have a city', fixture, false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/having a city/);
  });

  it('does not read a word in capitals as the filler word it spells', () => {
    const result = planQuestion('number of orders from the US', fixture, false);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/"US"/);
  });

  it('keeps every row of a list of numbers, and each value once in a list of words', () => {
    const prices = planQuestion('show the unit prices of products', fixture, false);
    expect(prices.ok && prices.query.distinct).toBeFalsy();
    const countries = planQuestion('show the countries of customers', fixture, false);
    expect(countries.ok && countries.query.distinct).toBe(true);
  });

  it('reads "the most common city of the customers" as the city most customers share', () => {
    const result = planQuestion('what is the most common city of the customers', fixture, false);
    if (!result.ok) throw new Error(`declined: ${result.reason}`);
    expect(result.query.measures[0]).toMatchObject({ aggregate: 'count' });
    expect(result.query.root).toBe('customers');
    expect(result.query.dimensions.map(({ field }) => field.column)).toEqual(['city']);
  });
});
