/** Reading keys: readings that plan to the same query are one answer. */
import { describe, expect, it } from 'vitest';
import { field, type LogicalQuery } from '../../../src/query/logical-query.ts';
import { coreKey, queryKey } from '../../../src/engine/readings/enumerate.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';

const hoursByTech: LogicalQuery = {
  kind: 'select',
  root: 'work_ord',
  joins: [{ fromEntity: 'work_ord', fromColumns: ['tech_id'], toEntity: 'tech', toColumns: ['id'] }],
  measures: [{ id: 'total_hours', label: 'Total hours', aggregate: 'sum', expression: field('work_ord', 'hrs') }],
  dimensions: [{ id: 'tech_lname', label: 'Technician', field: field('tech', 'lname') }],
  columns: [],
  filters: [{ kind: 'filter', expression: field('work_ord', 'status_cd'), op: 'eq', values: ['closed'] }],
  having: [],
  order: [{ id: 'total_hours', direction: 'desc' }],
};

describe('queryKey', () => {
  it('ignores labels, at every depth', () => {
    const relabelled: LogicalQuery = {
      ...hoursByTech,
      measures: [{ ...hoursByTech.measures[0], label: 'Hours worked' }],
      dimensions: [{ ...hoursByTech.dimensions[0], label: 'Last name' }],
    };
    expect(queryKey(relabelled)).toBe(queryKey(hoursByTech));
  });

  it('ignores the order in which properties are written', () => {
    const reordered = Object.fromEntries(Object.entries(hoursByTech).reverse()) as unknown as LogicalQuery;
    expect(queryKey(reordered)).toBe(queryKey(hoursByTech));
  });

  it('tells apart queries that differ in anything but labels', () => {
    const others: LogicalQuery[] = [
      { ...hoursByTech, measures: [{ ...hoursByTech.measures[0], aggregate: 'avg' }] },
      { ...hoursByTech, filters: [{ ...hoursByTech.filters[0], values: ['open'] }] },
      { ...hoursByTech, order: [{ id: 'total_hours', direction: 'asc' }] },
      { ...hoursByTech, limit: 5 },
      { ...hoursByTech, measures: [{ ...hoursByTech.measures[0], id: 'hours' }] },
    ];
    const keys = new Set([hoursByTech, ...others].map(queryKey));
    expect(keys.size).toBe(others.length + 1);
  });

  it('keeps the order of list entries, which changes the query', () => {
    const twoOrders: LogicalQuery = { ...hoursByTech, order: [{ id: 'total_hours', direction: 'desc' }, { id: 'tech_lname', direction: 'asc' }] };
    const swapped: LogicalQuery = { ...twoOrders, order: [...twoOrders.order].reverse() };
    expect(queryKey(swapped)).not.toBe(queryKey(twoOrders));
  });
});

describe('coreKey (readings that give the same answer)', () => {
  const schema = schemaIndexOf(unseenCatalog);
  const openFilter = { kind: 'filter' as const, expression: field('work_ord', 'status_cd'), op: 'neq' as const, values: ['open'] };
  const twoFilters: LogicalQuery = { ...hoursByTech, filters: [...hoursByTech.filters, openFilter] };

  it('is the same whatever the order of the filters, or when a filter is said twice', () => {
    const swapped: LogicalQuery = { ...twoFilters, filters: [...twoFilters.filters].reverse() };
    const repeated: LogicalQuery = { ...twoFilters, filters: [...twoFilters.filters, hoursByTech.filters[0]] };
    expect(coreKey(swapped, schema)).toBe(coreKey(twoFilters, schema));
    expect(coreKey(repeated, schema)).toBe(coreKey(twoFilters, schema));
  });

  it('still tells apart different filters', () => {
    expect(coreKey(hoursByTech, schema)).not.toBe(coreKey(twoFilters, schema));
  });

  it('is the same with or without a shown column that a filter fixes to one value', () => {
    const eightHours = { kind: 'filter' as const, expression: field('work_ord', 'hrs'), op: 'eq' as const, values: [8] };
    const list: LogicalQuery = { ...hoursByTech, measures: [], dimensions: [], order: [], filters: [eightHours], columns: [{ id: 'amt', label: 'Amount', field: field('work_ord', 'amt') }] };
    const withHours: LogicalQuery = { ...list, columns: [...list.columns, { id: 'hrs', label: 'Hours', field: field('work_ord', 'hrs') }] };
    expect(coreKey(withHours, schema)).toBe(coreKey(list, schema));
    // Not when the filter lets more than one value through: the column tells the rows apart.
    const eitherFilter = { ...eightHours, op: 'in' as const, values: [4, 8] };
    expect(coreKey({ ...withHours, filters: [eitherFilter] }, schema)).not.toBe(coreKey({ ...list, filters: [eitherFilter] }, schema));
  });

  it('is the same for the same columns shown in another order, sorted by the same one', () => {
    const amount = { id: 'amt', label: 'Amount', field: field('work_ord', 'amt') };
    const hours = { id: 'hrs', label: 'Hours', field: field('work_ord', 'hrs') };
    const list: LogicalQuery = { ...hoursByTech, measures: [], dimensions: [], filters: [], order: [{ id: 'hrs', direction: 'desc' }], columns: [amount, hours] };
    const reordered: LogicalQuery = { ...list, columns: [{ ...hours, id: 'hours' }, amount], order: [{ id: 'hours', direction: 'desc' }] };
    expect(coreKey(reordered, schema)).toBe(coreKey(list, schema));
    expect(coreKey({ ...reordered, order: [{ id: 'amt', direction: 'desc' }] }, schema)).not.toBe(coreKey(list, schema));
  });

  it('is the same for groups by a key with or without other columns of its rows, which only show each group\'s own value', () => {
    const byKey: LogicalQuery = { ...hoursByTech, dimensions: [{ id: 'tech_id', label: 'Technician', field: field('tech', 'id') }], order: [{ id: 'total_hours', direction: 'desc' }, { id: 'tech_id', direction: 'asc' }] };
    const byKeyAndName: LogicalQuery = {
      ...byKey,
      dimensions: [...byKey.dimensions, hoursByTech.dimensions[0]],
      order: [...byKey.order, { id: 'tech_lname', direction: 'asc' }],
    };
    expect(coreKey(byKeyAndName, schema)).toBe(coreKey(byKey, schema));
    // Without the key, a name may be shared: other groups.
    expect(coreKey(byKeyAndName, schema)).not.toBe(coreKey(hoursByTech, schema));
    // Sorted by the name first, the rows come in another order.
    expect(coreKey({ ...byKeyAndName, order: [{ id: 'tech_lname', direction: 'asc' }] }, schema)).not.toBe(coreKey({ ...byKey, order: [] }, schema));
  });
});

describe('enumerated readings', () => {
  const read = (question: string) => readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });

  it('merge readings that plan to the same query: no two candidates plan the same query', () => {
    for (const question of ['total hours by technician', 'how many work orders per customer last year', 'list items sorted by unit price']) {
      const { candidates } = read(question);
      expect(candidates.length, question).toBeGreaterThan(0);
      const queries = candidates.map((candidate) => queryKey(candidate.planned.query));
      expect(new Set(queries).size, question).toBe(candidates.length);
    }
  });

  it('are sorted best first', () => {
    const scores = read('total hours by technician').candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });
});
