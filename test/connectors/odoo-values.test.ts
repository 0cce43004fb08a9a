import { describe, expect, it } from 'vitest';
import type { GroupPlan, OdooPlan } from '../../src/connectors/odoo/odoo-plan.ts';
import { normaliseValue, periodStartFromLabel, toResultTable } from '../../src/connectors/odoo/odoo-values.ts';

const state = { type: 'text', nativeType: 'selection', choices: [{ value: 'sale', label: 'Sales Order' }] } as const;

describe('normaliseValue', () => {
  it('reads false as empty except for booleans', () => {
    expect(normaliseValue(false, { type: 'text', nativeType: 'char' })).toBeNull();
    expect(normaliseValue(false, { type: 'number', nativeType: 'monetary' })).toBeNull();
    expect(normaliseValue(false, { type: 'boolean', nativeType: 'boolean' })).toBe(false);
    expect(normaliseValue(true, { type: 'boolean', nativeType: 'boolean' })).toBe(true);
  });

  it('shows many2one pairs by name, selection keys by label, datetimes as UTC ISO strings, dates as stored', () => {
    expect(normaliseValue([7, 'Azure Interior'], { type: 'text', nativeType: 'many2one' })).toBe('Azure Interior');
    expect(normaliseValue('sale', state)).toBe('Sales Order');
    expect(normaliseValue('unknown', state)).toBe('unknown');
    expect(normaliseValue('2024-03-05 14:30:00', { type: 'timestamp', nativeType: 'datetime' })).toBe('2024-03-05T14:30:00Z');
    expect(normaliseValue('2024-03-05', { type: 'date', nativeType: 'date' })).toBe('2024-03-05');
    expect(normaliseValue(1234.5, { type: 'number', nativeType: 'monetary' })).toBe(1234.5);
  });
});

const groupPlan: GroupPlan = {
  kind: 'group',
  model: 'sale.order',
  domain: [],
  activeTest: true,
  groupby: [{ field: 'date_order', grain: 'month' }, { field: 'partner_id' }],
  aggregates: [{ field: 'amount_total', aggregate: 'sum' }],
  having: [],
  order: [],
  limit: 1001,
  output: [
    { id: 'month', source: { kind: 'group', index: 0 }, type: 'date', nativeType: 'datetime' },
    { id: 'customer', source: { kind: 'group', index: 1 }, type: 'text', nativeType: 'many2one' },
    { id: 'total', source: { kind: 'aggregate', index: 0 }, type: 'number', nativeType: 'monetary' },
    { id: 'orders', source: { kind: 'count' }, type: 'integer', nativeType: 'integer' },
  ],
};

describe('toResultTable', () => {
  it('reads read_group rows (≤18): dates from __range, bare aggregate keys', () => {
    const rows = [
      { 'date_order:month': 'January 2024', partner_id: [7, 'Azure'], amount_total: 1234.5, __count: 3, __domain: [], __range: { 'date_order:month': { from: '2024-01-01 00:00:00', to: '2024-02-01 00:00:00' } } },
      { 'date_order:month': false, partner_id: false, amount_total: false, __count: 1, __domain: [] },
    ];
    expect(toResultTable(groupPlan, rows, 17, 1000)).toEqual({
      columns: [{ name: 'month', type: 'date' }, { name: 'customer', type: 'text' }, { name: 'total', type: 'number' }, { name: 'orders', type: 'integer' }],
      rows: [['2024-01-01', 'Azure', 1234.5, 3], [null, null, null, 1]],
      truncated: false,
    });
  });

  it('reads formatted_read_group rows (19+): [value, label] dates and spec keys', () => {
    const rows = [{ 'date_order:month': ['2024-01-01', 'January 2024'], partner_id: [7, 'Azure'], 'amount_total:sum': 1234.5, __count: 3, __extra_domain: [] }];
    expect(toResultTable(groupPlan, rows, 19, 1000).rows).toEqual([['2024-01-01', 'Azure', 1234.5, 3]]);
  });

  it('falls back to English labels when __range is missing (before 16)', () => {
    expect(periodStartFromLabel('March 2024', 'month')).toBe('2024-03-01');
    expect(periodStartFromLabel('Q3 2024', 'quarter')).toBe('2024-07-01');
    expect(periodStartFromLabel('2024', 'year')).toBe('2024-01-01');
    expect(periodStartFromLabel('05 Feb 2024', 'day')).toBe('2024-02-05');
    expect(periodStartFromLabel('März 2024', 'month')).toBeUndefined();
  });

  it('cuts search_read rows at the cap and marks the table truncated; counts are one row', () => {
    const plan: OdooPlan = { kind: 'search_read', model: 'res.partner', domain: [], activeTest: true, fields: ['name'], order: '', limit: 3, output: [{ id: 'name', source: { kind: 'field', name: 'name' }, type: 'text', nativeType: 'char' }] };
    expect(toResultTable(plan, [{ id: 1, name: 'A' }, { id: 2, name: false }, { id: 3, name: 'C' }], 17, 2)).toEqual({ columns: [{ name: 'name', type: 'text' }], rows: [['A'], [null]], truncated: true });
    const count: OdooPlan = { kind: 'search_count', model: 'res.partner', domain: [], activeTest: true, output: [{ id: 'n', source: { kind: 'count' }, type: 'integer', nativeType: 'integer' }] };
    expect(toResultTable(count, 42, 17, 10).rows).toEqual([[42]]);
    expect(() => toResultTable(count, { oops: 1 }, 17, 10)).toThrow(/unexpected shape/);
  });
});
