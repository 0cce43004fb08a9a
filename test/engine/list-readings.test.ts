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
});
