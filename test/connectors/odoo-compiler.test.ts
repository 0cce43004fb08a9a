import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { describeModel } from '../../src/connectors/odoo/odoo-introspector.ts';
import { compileOdoo, planOdoo } from '../../src/connectors/odoo/odoo-compiler.ts';
import { renderCall } from '../../src/connectors/odoo/odoo-plan.ts';
import { field, type Filter, type LogicalQuery, type Measure } from '../../src/query/logical-query.ts';

const present = new Set(['sale.order', 'res.partner', 'res.country', 'res.users']);
const describe17 = (model: string, fields: Parameters<typeof describeModel>[2]) => describeModel(model, model, fields, { flags: true, present });

const catalog: Catalog = {
  entities: [
    describe17('sale.order', {
      id: { type: 'integer', string: 'ID', store: true, groupable: true, searchable: true, sortable: true },
      name: { type: 'char', string: 'Order Reference', store: true, groupable: true, searchable: true, sortable: true },
      partner_id: { type: 'many2one', string: 'Customer', relation: 'res.partner', store: true, groupable: true, searchable: true, sortable: true },
      user_id: { type: 'many2one', string: 'Salesperson', relation: 'res.users', store: true, groupable: true, searchable: true, sortable: true },
      date_order: { type: 'datetime', string: 'Order Date', store: true, groupable: true, searchable: true, sortable: true },
      validity_date: { type: 'date', string: 'Expiration', store: true, groupable: true, searchable: true, sortable: true },
      state: { type: 'selection', string: 'Status', store: true, groupable: true, searchable: true, sortable: true, selection: [['draft', 'Quotation'], ['sent', 'Quotation Sent'], ['sale', 'Sales Order'], ['cancel', 'Cancelled']] },
      amount_untaxed: { type: 'monetary', string: 'Untaxed Amount', store: true, groupable: false, searchable: true, sortable: true },
      amount_total: { type: 'monetary', string: 'Total', store: true, groupable: false, searchable: true, sortable: true },
      note: { type: 'html', string: 'Terms', store: true },
      order_line: { type: 'one2many', string: 'Order Lines', relation: 'sale.order.line', store: true },
      amount_to_invoice: { type: 'monetary', string: 'To invoice', store: false, searchable: false, sortable: false, groupable: false },
      active: { type: 'boolean', string: 'Active', store: true, groupable: true, searchable: true, sortable: true },
    }),
    describe17('res.partner', {
      name: { type: 'char', string: 'Name', store: true, groupable: true, searchable: true, sortable: true },
      country_id: { type: 'many2one', string: 'Country', relation: 'res.country', store: true, groupable: true, searchable: true, sortable: true },
    }),
    describe17('res.country', {
      name: { type: 'char', string: 'Country Name', store: true, groupable: true, searchable: true, sortable: true },
      code: { type: 'char', string: 'Country Code', store: true, groupable: true, searchable: true, sortable: true },
    }),
  ],
};

function query(parts: Partial<LogicalQuery>): LogicalQuery {
  return { kind: 'select', root: 'sale.order', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}
function filter(column: string, op: Filter['op'], values: Filter['values'], entity = 'sale.order'): Filter {
  return { kind: 'filter', expression: field(entity, column), op, values };
}
const rowCount: Measure = { id: 'orders', label: 'Orders', aggregate: 'count' };
const revenue: Measure = { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: field('sale.order', 'amount_untaxed') };
const toCountry = [
  { fromEntity: 'sale.order', fromColumns: ['partner_id'], toEntity: 'res.partner', toColumns: ['id'] },
  { fromEntity: 'res.partner', fromColumns: ['country_id'], toEntity: 'res.country', toColumns: ['id'] },
];
const call = (logical: LogicalQuery, major: number, maxRows = 1000) => renderCall(planOdoo(logical, catalog, { maxRows }), major);

describe('the Odoo catalog from fields_get', () => {
  it('keeps stored scalar fields with their labels, roles and selection choices, and turns many2one into keys', () => {
    const order = catalog.entities[0]!;
    expect(order.columns.map((column) => column.name)).toEqual(['id', 'name', 'partner_id', 'user_id', 'date_order', 'validity_date', 'state', 'amount_untaxed', 'amount_total', 'active']);
    expect(order.columns.find((column) => column.name === 'date_order')).toMatchObject({ type: 'timestamp', label: 'Order Date', groupable: true });
    expect(order.columns.find((column) => column.name === 'amount_total')).toMatchObject({ type: 'number', groupable: false, filterable: true });
    expect(order.columns.find((column) => column.name === 'state')?.choices?.[2]).toEqual({ value: 'sale', label: 'Sales Order' });
    expect(order.foreignKeys).toEqual([
      { columns: ['partner_id'], refEntity: 'res.partner', refColumns: ['id'] },
      { columns: ['user_id'], refEntity: 'res.users', refColumns: ['id'] },
    ]);
  });

  it('uses store for the roles before 17', () => {
    const entity = describeModel('res.partner', 'Contact', { total_invoiced: { type: 'monetary', string: 'Total Invoiced', store: false, searchable: true }, city: { type: 'char', string: 'City', store: true, groupable: false } }, { flags: false, present });
    expect(entity.columns.map((column) => [column.name, column.groupable, column.filterable])).toEqual([['id', true, true], ['city', true, true]]);
  });

  it('names a model without a stored name by its display_name, which can be listed and searched but not grouped or sorted', () => {
    const display = { type: 'char', string: 'Display Name', store: false, searchable: true, sortable: false, groupable: false };
    const variant = describeModel('product.product', 'Product Variant', { name: { type: 'char', string: 'Name', store: false, searchable: true }, display_name: display }, { flags: true, present });
    expect(variant.columns.map((column) => [column.name, column.groupable, column.filterable, column.sortable])).toEqual([['id', false, false, false], ['display_name', false, true, false]]);
    const partner = describeModel('res.partner', 'Contact', { name: { type: 'char', string: 'Name', store: true, searchable: true }, display_name: display }, { flags: true, present });
    expect(partner.columns.map((column) => column.name)).toEqual(['id', 'name']);
  });
});

describe('compileOdoo', () => {
  it('counts with search_count, and shows the call as readable JSON', () => {
    const compiled = compileOdoo(query({ measures: [rowCount], filters: [filter('state', 'eq', ['sale'])] }), catalog, { maxRows: 1000 });
    expect(compiled).toMatchObject({ language: 'odoo-rpc', dialect: 'odoo' });
    expect(JSON.parse(compiled.text)).toEqual({ model: 'sale.order', method: 'search_count', domain: [['state', '=', 'sale']] });
  });

  it('turns filters into domains: labels to keys, dotted paths through joins, datetimes in UTC, nulls as false', () => {
    const filters = [
      filter('state', 'in', ['Sales Order', 'sent']),
      filter('date_order', 'gte', ['2024-01-01']),
      filter('date_order', 'lt', ['2024-04-01T00:00:00+02:00']),
      filter('validity_date', 'between', ['2024-01-01', '2024-03-31']),
      filter('code', 'eq', ['BE'], 'res.country'),
      filter('partner_id', 'eq', ['Azure Interior']),
      filter('user_id', 'is_null', []),
      filter('name', 'contains', ['50%_off']),
      filter('amount_total', 'neq', [0]),
    ];
    expect(call(query({ joins: toCountry, measures: [rowCount], filters }), 17).params['domain']).toEqual([
      ['state', 'in', ['sale', 'sent']],
      ['date_order', '>=', '2024-01-01 00:00:00'],
      ['date_order', '<', '2024-03-31 22:00:00'],
      ['validity_date', '>=', '2024-01-01'],
      ['validity_date', '<=', '2024-03-31'],
      ['partner_id.country_id.code', '=', 'BE'],
      ['partner_id.name', '=', 'Azure Interior'],
      ['user_id', '=', false],
      ['name', 'ilike', '50\\%\\_off'],
      ['amount_total', '!=', 0],
    ]);
  });

  it('groups by month with read_group and lazy: false up to 18, with bare aggregate keys', () => {
    const logical = query({ measures: [revenue, rowCount], dimensions: [{ id: 'month', label: 'Month', field: field('sale.order', 'date_order'), grain: 'month' }], filters: [filter('state', 'eq', ['sale'])] });
    expect(call(logical, 17)).toEqual({
      model: 'sale.order',
      method: 'read_group',
      params: { domain: [['state', '=', 'sale']], fields: ['amount_untaxed:sum'], groupby: ['date_order:month'], lazy: false, orderby: 'date_order:month asc', limit: 1001 },
    });
  });

  it('groups with formatted_read_group from 19, with spec keys and __count', () => {
    const logical = query({
      measures: [revenue, rowCount],
      dimensions: [{ id: 'quarter', label: 'Quarter', field: field('sale.order', 'date_order'), grain: 'quarter' }, { id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }],
      order: [{ id: 'revenue', direction: 'desc' }],
      having: [{ measureId: 'orders', op: 'gt', values: [2] }],
      limit: 5,
    });
    expect(call(logical, 19)).toEqual({
      model: 'sale.order',
      method: 'formatted_read_group',
      params: { domain: [], groupby: ['date_order:quarter', 'partner_id'], aggregates: ['amount_untaxed:sum', '__count'], having: [['__count', '>', 2]], order: 'amount_untaxed:sum desc', limit: 5 },
    });
  });

  it('supports every grain, and groups an ungrained date by day (Odoo would pick month)', () => {
    for (const grain of ['year', 'quarter', 'month', 'week', 'day'] as const) {
      expect(call(query({ measures: [rowCount], dimensions: [{ id: 'period', label: 'Period', field: field('sale.order', 'date_order'), grain }] }), 18).params['groupby']).toEqual([`date_order:${grain}`]);
    }
    expect(call(query({ measures: [rowCount], dimensions: [{ id: 'day', label: 'Day', field: field('sale.order', 'validity_date') }] }), 18).params['groupby']).toEqual(['validity_date:day']);
  });

  it('aliases a field aggregated twice up to 18, and orders by the alias', () => {
    const average: Measure = { id: 'average', label: 'Average', aggregate: 'avg', expression: field('sale.order', 'amount_untaxed') };
    const rendered = call(query({ measures: [revenue, average], dimensions: [{ id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }], order: [{ id: 'average', direction: 'desc' }] }), 16);
    expect(rendered.params).toMatchObject({ fields: ['amount_untaxed:sum', 'amount_untaxed_avg:avg(amount_untaxed)'], orderby: 'amount_untaxed_avg desc' });
  });

  it('groups by a one-hop related name through its many2one', () => {
    const rendered = call(query({ joins: toCountry.slice(0, 1), measures: [revenue], dimensions: [{ id: 'customer', label: 'Customer', field: field('res.partner', 'name') }] }), 17);
    expect(rendered.params['groupby']).toEqual(['partner_id']);
  });

  it('groups by a related record\'s id and name as one many2one key, shown once, either id usable to order', () => {
    const dimensions = [
      { id: 'customer_id', label: 'Customer id', field: field('res.partner', 'id') },
      { id: 'customer_name', label: 'Customer', field: field('res.partner', 'name') },
    ];
    const plan = planOdoo(query({ joins: toCountry.slice(0, 1), measures: [revenue], dimensions, order: [{ id: 'customer_name', direction: 'asc' }] }), catalog, { maxRows: 1000 });
    expect(plan.kind === 'group' && plan.groupby).toEqual([{ field: 'partner_id' }]);
    expect(plan.output.map((column) => column.id)).toEqual(['customer_id', 'revenue']);
    expect(plan.kind === 'group' && plan.order).toEqual([{ source: { kind: 'group', index: 0 }, direction: 'asc' }]);
  });

  it('lists with search_read: fields, order and a limit one above the cap', () => {
    const logical = query({
      columns: [{ id: 'reference', label: 'Reference', field: field('sale.order', 'name') }, { id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }],
      order: [{ id: 'reference', direction: 'desc' }],
    });
    expect(call(logical, 17, 100)).toEqual({ model: 'sale.order', method: 'search_read', params: { domain: [], fields: ['name', 'partner_id'], order: 'name desc', limit: 101 } });
    expect(call({ ...logical, limit: 10 }, 19).params['limit']).toBe(10);
  });

  it('turns active_test off when the query filters on active itself', () => {
    expect(planOdoo(query({ measures: [rowCount], filters: [filter('active', 'eq', [false])] }), catalog, { maxRows: 10 }).activeTest).toBe(false);
    expect(planOdoo(query({ measures: [rowCount] }), catalog, { maxRows: 10 }).activeTest).toBe(true);
  });

  it('refuses what one Odoo call cannot compute exactly', () => {
    const refusals: LogicalQuery[] = [
      query({ measures: [{ id: 'x', label: 'X', aggregate: 'sum', expression: { kind: 'arithmetic', op: '*', left: field('sale.order', 'amount_total'), right: { kind: 'literal', value: 2 } } }] }),
      query({ measures: [rowCount], dimensions: [{ id: 'total', label: 'Total', field: field('sale.order', 'amount_total') }] }),
      query({ joins: toCountry, measures: [rowCount], dimensions: [{ id: 'country', label: 'Country', field: field('res.country', 'code') }] }),
      query({ joins: toCountry, measures: [{ id: 'n', label: 'N', aggregate: 'count_distinct', expression: field('res.partner', 'name') }] }),
      query({ measures: [rowCount], dimensions: [{ id: 'state', label: 'State', field: field('sale.order', 'state'), grain: 'month' }] }),
      query({ joins: [{ fromEntity: 'sale.order', fromColumns: ['name'], toEntity: 'res.partner', toColumns: ['name'] }], measures: [rowCount] }),
      query({ root: 'sale.order.line', measures: [rowCount] }),
    ];
    for (const logical of refusals) expect(() => planOdoo(logical, catalog, { maxRows: 10 }), JSON.stringify(logical)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    const having = query({ measures: [rowCount], dimensions: [{ id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }], having: [{ measureId: 'orders', op: 'gt', values: [1] }] });
    expect(() => call(having, 18)).toThrow(/Odoo 19/);
    expect(() => compileOdoo(having, catalog, { maxRows: 10, serverMajor: 17 })).toThrow(/Odoo 19/);
    expect(JSON.parse(compileOdoo(having, catalog, { maxRows: 10 }).text).method).toBe('formatted_read_group');
  });

  it('refuses conditional measures and ratios, which read_group cannot compute', () => {
    const cancelled: Measure = { ...rowCount, id: 'cancelled', where: [filter('state', 'eq', ['cancel'])] };
    const share: Measure = { id: 'share', label: 'Share', aggregate: 'ratio', numeratorId: 'cancelled', denominatorId: 'orders', percent: true, unit: '%' };
    for (const logical of [query({ measures: [cancelled] }), query({ measures: [cancelled, rowCount, share] }), query({ measures: [revenue, rowCount, { ...share, numeratorId: 'revenue' }] })]) {
      expect(() => planOdoo(logical, catalog, { maxRows: 10 }), JSON.stringify(logical)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
  });
});
