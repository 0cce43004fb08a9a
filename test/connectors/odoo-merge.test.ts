/** Measures with their own conditions and ratios on Odoo: parts read on their own, merged by their groups. */
import { describe, expect, it } from 'vitest';
import type { ResultTable } from '../../src/connectors/connector.ts';
import { mergeParts, planMerged, type MergedPlan } from '../../src/connectors/odoo/odoo-merge.ts';
import type { OdooPlan } from '../../src/connectors/odoo/odoo-plan.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';

const paid = { kind: 'filter' as const, expression: field('account.move', 'payment_state'), op: 'eq' as const, values: ['paid'] };
const query: LogicalQuery = {
  kind: 'select', root: 'account.move', joins: [], columns: [], filters: [], having: [],
  dimensions: [{ id: 'state', label: 'State', field: field('account.move', 'state') }],
  measures: [
    { id: 'paid', label: 'Paid', aggregate: 'count', where: [paid] },
    { id: 'invoices', label: 'Invoices', aggregate: 'count' },
    { id: 'share', label: 'Share paid', aggregate: 'ratio', numeratorId: 'paid', denominatorId: 'invoices', percent: true },
  ],
  order: [{ id: 'share', direction: 'desc' }],
};
const table = (rows: unknown[][], truncated = false): ResultTable => ({ columns: [{ name: 'state', type: 'text' }, { name: 'n', type: 'integer' }], rows, truncated });

describe('merged Odoo plans', () => {
  const planned: LogicalQuery[] = [];
  const merged = planMerged(query, (part) => {
    planned.push(part);
    return { kind: 'group' } as unknown as OdooPlan;
  }) as MergedPlan;

  it('reads the measures without a condition, then each condition\'s measures with its filters added', () => {
    expect(planned.map((part) => part.measures.map((measure) => measure.id))).toEqual([['invoices'], ['paid']]);
    expect(planned[1]!.filters).toEqual([paid]);
    expect(planned[1]!.measures[0]!.where).toBeUndefined();
    expect(planned.every((part) => part.order.length === 0 && part.limit === undefined && part.having.length === 0)).toBe(true);
  });

  it('matches the rows by their groups, counts none where a condition has no row, divides, and orders', () => {
    const result = mergeParts(merged, [table([['posted', 8], ['draft', 2], ['cancel', 0]]), table([['posted', 6]])], 100);
    expect(result.rows).toEqual([['posted', 6, 8, 75], ['draft', 0, 2, 0], ['cancel', 0, 0, null]]);
    expect(result.columns.map((column) => column.type)).toEqual(['text', 'integer', 'integer', 'number']);
  });

  it('keeps the groups a having filter passes, and cuts at the limit after ordering', () => {
    const filtered = mergeParts({ ...merged, having: [{ id: 'share', op: 'gt', values: [10] }] }, [table([['posted', 8], ['draft', 2]]), table([['posted', 6], ['draft', 1]])], 100);
    expect(filtered.rows.map((row) => row[0])).toEqual(['posted', 'draft']);
    const first = mergeParts({ ...merged, limit: 1 }, [table([['posted', 8], ['draft', 2]]), table([['posted', 2], ['draft', 2]])], 100);
    expect(first.rows).toEqual([['draft', 2, 2, 100]]);
  });

  it('refuses more groups than the row cap: every group is needed before any row is given', () => {
    expect(() => mergeParts(merged, [table([['posted', 8]], true), table([])], 1)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('leaves a query without such measures to a single call', () => {
    expect(planMerged({ ...query, measures: [query.measures[1]!], order: [] }, () => { throw new Error('not planned'); })).toBeUndefined();
  });
});
