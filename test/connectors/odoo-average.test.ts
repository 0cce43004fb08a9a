/** Filters against the average on Odoo: the average read first, then compared as a domain term. */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { planOdoo } from '../../src/connectors/odoo/odoo-compiler.ts';
import { resolveAverages } from '../../src/connectors/odoo/odoo-average.ts';
import { field, type Filter, type LogicalQuery } from '../../src/query/logical-query.ts';

const catalog: Catalog = {
  entities: [{
    name: 'product.product', table: 'product.product', isView: false, rowCount: 40, primaryKey: ['id'], foreignKeys: [],
    columns: [{ name: 'id', type: 'integer', nativeType: 'integer', nullable: false }, { name: 'name', type: 'text', nativeType: 'char', nullable: true }, { name: 'list_price', type: 'number', nativeType: 'float', nullable: true }],
  }],
};
const price = field('product.product', 'list_price');
const products = (filter: Filter): LogicalQuery => ({
  kind: 'select', root: 'product.product', joins: [], measures: [], dimensions: [], having: [], order: [],
  columns: [{ id: 'name', label: 'Name', field: field('product.product', 'name') }], filters: [filter],
});
const aboveAverage: Filter = { kind: 'filter', expression: price, op: 'gt', values: [], against: 'average' };

describe('filters against the average on Odoo', () => {
  it('reads the average of every record of the model first, then compares with it', async () => {
    const plan = planOdoo(products(aboveAverage), catalog, { maxRows: 10 });
    expect(plan.domain).toEqual([]);
    expect(plan.averages).toHaveLength(1);
    expect(plan.averages![0]).toMatchObject({ path: 'list_price', operator: '>', average: { kind: 'group', model: 'product.product', domain: [], groupby: [] } });
    const resolved = await resolveAverages(plan, async () => [[12.5]]);
    expect(resolved.domain).toEqual([['list_price', '>', 12.5]]);
    expect(resolved.averages).toBeUndefined();
  });

  it('lets nothing through when there is nothing to average, as SQL compares with NULL', async () => {
    const plan = planOdoo(products({ ...aboveAverage, op: 'lte' }), catalog, { maxRows: 10 });
    expect((await resolveAverages(plan, async () => [[null]])).domain).toEqual([['id', 'in', []]]);
    expect((await resolveAverages(plan, async () => [])).domain).toEqual([['id', 'in', []]]);
  });

  it('refuses what is no comparison with the average of a number', () => {
    for (const filter of [{ ...aboveAverage, op: 'eq' as const }, { ...aboveAverage, values: [3] }, { ...aboveAverage, expression: field('product.product', 'name') }]) {
      expect(() => planOdoo(products(filter), catalog, { maxRows: 10 }), JSON.stringify(filter)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
  });
});
