/**
 * Logical queries that use every feature of the SQL compilers (every aggregate, grain, filter and
 * having operator, joins, arithmetic, odd names, related filters, per-group totals, window
 * measures, a limit per group, having against the average), on a catalog of its own. Their
 * compiled text is what the SQL guards must let through.
 */
import type { Catalog, CatalogColumn, CatalogEntity, ValueType } from '../../src/connectors/catalog.ts';
import { field, TIME_GRAINS, type Filter, type LogicalQuery, type RelatedFilter, type RelatedRows, type ScalarExpression } from '../../src/query/logical-query.ts';

const HOSTILE_TABLE = 'odd "name"; DROP TABLE orders; -- /* # `x`';
const HOSTILE_COLUMN = "we\"ird' -- #";

function column(name: string, type: ValueType): CatalogColumn {
  return { name, type, nativeType: type, nullable: true };
}

function entity(name: string, columns: CatalogColumn[], parts: Partial<CatalogEntity> = {}): CatalogEntity {
  return { name, table: name, isView: false, rowCount: 10, primaryKey: ['id'], columns, foreignKeys: [], ...parts };
}

/** The catalog, with `schema` as the default schema's name (`public` for PostgreSQL, the database for MySQL). */
export function legalCatalog(schema: string): Catalog {
  return {
    entities: [
      entity('orders', [column('id', 'integer'), column('customer_id', 'integer'), column('status', 'text'), column('ordered_at', 'timestamp'), column('shipped_on', 'date'), column('total', 'number'), column('paid', 'boolean')], { schema }),
      entity('customers', [column('id', 'integer'), column('name', 'text'), column('region_id', 'integer')], { schema }),
      entity('regions', [column('id', 'integer'), column('name', 'text')], { schema }),
      entity('order_lines', [column('order_id', 'integer'), column('quantity', 'integer'), column('unit_price', 'number'), column('discount', 'number')], { schema }),
      entity('billing.invoices', [column('id', 'integer'), column('amount', 'number')], { schema: 'billing', table: 'invoices' }),
      entity('pg_things', [column('id', 'integer')], { schema }),
      entity(HOSTILE_TABLE, [column('id', 'integer'), column(HOSTILE_COLUMN, 'text')], { schema }),
    ],
  };
}

function query(parts: Partial<LogicalQuery> & { root: string }): LogicalQuery {
  return { kind: 'select', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

function filter(expression: ScalarExpression, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression, op, values };
}

const revenue: ScalarExpression = {
  kind: 'arithmetic',
  op: '*',
  left: { kind: 'arithmetic', op: '*', left: field('order_lines', 'quantity'), right: field('order_lines', 'unit_price') },
  right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: field('order_lines', 'discount') },
};
const perUnit: ScalarExpression = { kind: 'arithmetic', op: '/', left: field('order_lines', 'unit_price'), right: { kind: 'arithmetic', op: '+', left: field('order_lines', 'quantity'), right: { kind: 'literal', value: 0.5 } } };
const count = { id: 'n', label: 'N', aggregate: 'count' } as const;
const joinCustomers = { fromEntity: 'orders', fromColumns: ['customer_id'], toEntity: 'customers', toColumns: ['id'] };
const joinRegions = { fromEntity: 'customers', fromColumns: ['region_id'], toEntity: 'regions', toColumns: ['id'] };
const joinOrders = { fromEntity: 'order_lines', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] };
const month = { id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' } as const;
const total = { id: 'total', label: 'Total', aggregate: 'sum', expression: field('orders', 'total') } as const;

/** Orders of the outer query's customer, through the sub-select's own join. */
function ordersOf(exists: boolean, filters: readonly Filter[]): RelatedFilter {
  return {
    kind: 'related',
    exists,
    root: 'orders',
    joins: [joinCustomers],
    link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] },
    filters,
  };
}

function relatedRows({ root, joins, link, filters }: RelatedFilter): RelatedRows {
  return { root, joins, link, filters };
}

export const LEGAL_QUERIES: readonly { readonly name: string; readonly query: LogicalQuery }[] = [
  { name: 'count', query: query({ root: 'orders', measures: [count] }) },
  {
    name: 'every aggregate over arithmetic',
    query: query({
      root: 'order_lines',
      measures: [
        { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: revenue },
        { id: 'per_unit', label: 'Per unit', aggregate: 'avg', expression: perUnit },
        { id: 'low', label: 'Low', aggregate: 'min', expression: field('order_lines', 'unit_price') },
        { id: 'high', label: 'High', aggregate: 'max', expression: field('order_lines', 'unit_price') },
        { id: 'orders', label: 'Orders', aggregate: 'count_distinct', expression: field('order_lines', 'order_id') },
      ],
    }),
  },
  ...TIME_GRAINS.flatMap((grain) => (['ordered_at', 'shipped_on'] as const).map((name) => ({
    name: `${grain} of ${name}`,
    query: query({ root: 'orders', measures: [count], dimensions: [{ id: 'period', label: 'Period', field: field('orders', name), grain }] }),
  }))),
  {
    name: 'joins, every filter, having and order',
    query: query({
      root: 'orders',
      joins: [joinCustomers, joinRegions],
      measures: [count, { id: 'total', label: 'Total', aggregate: 'sum', expression: field('orders', 'total') }],
      dimensions: [{ id: 'region', label: 'Region', field: field('regions', 'name') }],
      filters: [
        filter(field('orders', 'status'), 'eq', ['paid']),
        filter(field('orders', 'status'), 'neq', ["x'; DROP TABLE orders; --"]),
        filter(field('orders', 'status'), 'in', ['a', 'b']),
        filter(field('orders', 'status'), 'not_in', ['c']),
        filter(field('orders', 'total'), 'gt', [1.5]),
        filter(field('orders', 'total'), 'gte', [1]),
        filter(field('orders', 'total'), 'lt', [1000]),
        filter(field('orders', 'total'), 'lte', [999.99]),
        filter(field('orders', 'ordered_at'), 'between', ['2024-01-01', '2024-12-31']),
        filter(field('customers', 'name'), 'contains', ["50%_off\\ /* -- # ;"]),
        filter(field('orders', 'customer_id'), 'contains', ['4']),
        filter(field('orders', 'shipped_on'), 'is_null', []),
        filter(field('orders', 'paid'), 'not_null', []),
        filter(field('orders', 'paid'), 'eq', [true]),
      ],
      having: [
        { measureId: 'n', op: 'gt', values: [2.5] },
        { measureId: 'n', op: 'neq', values: [7] },
        { measureId: 'total', op: 'between', values: [1, 1e6] },
        { measureId: 'total', op: 'eq', values: [3] },
        { measureId: 'total', op: 'lte', values: [1e9] },
      ],
      order: [{ id: 'total', direction: 'desc' }, { id: 'region', direction: 'asc' }],
      limit: 5,
    }),
  },
  {
    name: 'distinct list with odd names',
    query: query({
      root: HOSTILE_TABLE,
      columns: [{ id: 'odd id "; --', label: 'Id', field: field(HOSTILE_TABLE, 'id') }, { id: 'c', label: 'C', field: field(HOSTILE_TABLE, HOSTILE_COLUMN) }],
      filters: [filter(field(HOSTILE_TABLE, HOSTILE_COLUMN), 'contains', ["'"])],
      distinct: true,
      order: [{ id: 'c', direction: 'asc' }],
    }),
  },
  {
    name: 'conditional measures and ratios, with having and order on a ratio',
    query: query({
      root: 'orders',
      joins: [joinCustomers],
      measures: [
        { id: 'paid_total', label: 'Paid total', aggregate: 'sum', expression: field('orders', 'total'), where: [filter(field('orders', 'status'), 'eq', ['paid']), filter(field('customers', 'name'), 'neq', ['x'])] },
        { id: 'total', label: 'Total', aggregate: 'sum', expression: field('orders', 'total') },
        { id: 'paid_share', label: 'Paid share', aggregate: 'ratio', numeratorId: 'paid_total', denominatorId: 'total', percent: true, unit: '%' },
        { id: 'open', label: 'Open', aggregate: 'count', where: [filter(field('orders', 'status'), 'not_in', ['paid', 'void'])] },
        { id: 'buyers', label: 'Buyers', aggregate: 'count_distinct', expression: field('orders', 'customer_id'), where: [filter(field('orders', 'total'), 'gt', [1.5])] },
        { id: 'open_fraction', label: 'Open fraction', aggregate: 'ratio', numeratorId: 'open', denominatorId: 'n' },
        count,
      ],
      dimensions: [{ id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' }],
      having: [{ measureId: 'paid_share', op: 'gt', values: [12.5] }],
      order: [{ id: 'paid_share', direction: 'desc' }],
    }),
  },
  { name: 'another schema', query: query({ root: 'billing.invoices', measures: [{ id: 's', label: 'S', aggregate: 'sum', expression: field('billing.invoices', 'amount') }] }) },
  {
    name: 'related filters: EXISTS and NOT EXISTS with joins and every kind of filter',
    query: query({
      root: 'customers',
      joins: [{ fromEntity: 'customers', fromColumns: ['region_id'], toEntity: 'regions', toColumns: ['id'] }],
      columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }],
      filters: [filter(field('regions', 'name'), 'neq', ["x'; --"])],
      related: [
        ordersOf(true, [filter(field('orders', 'status'), 'in', ['paid']), filter(field('customers', 'name'), 'contains', ['50%'])]),
        ordersOf(false, [filter(field('orders', 'ordered_at'), 'between', ['2024-01-01', '2024-12-31']), filter(field('orders', 'total'), 'gt', [1.5])]),
      ],
      order: [{ id: 'name', direction: 'asc' }],
    }),
  },
  {
    name: 'related counts: more than, and between, with the related rows\' own filters',
    query: query({
      root: 'customers',
      columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }],
      related: [
        { ...ordersOf(true, [filter(field('orders', 'status'), 'in', ['paid'])]), count: { op: 'gt', values: [2] } },
        { ...ordersOf(true, [filter(field('orders', 'total'), 'gt', [1.5])]), count: { op: 'between', values: [0, 3] } },
      ],
    }),
  },
  {
    name: 'related count columns: every row with its number of related rows, through joins and with filters',
    query: query({
      root: 'customers',
      columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }],
      relatedCounts: [
        { id: 'paid', label: 'Paid orders', ...relatedRows(ordersOf(true, [filter(field('orders', 'status'), 'in', ['paid'])])) },
        { id: 'all_orders', label: 'Orders', ...relatedRows(ordersOf(true, [])) },
        { id: 'statuses', label: 'Statuses', ...relatedRows(ordersOf(true, [])), distinct: field('orders', 'status') },
      ],
      order: [{ id: 'paid', direction: 'desc' }],
      limit: 10,
    }),
  },
  {
    name: 'rows compared with the average of their column, beside a plain filter',
    query: query({
      root: 'orders',
      joins: [joinCustomers],
      columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }, { id: 'total', label: 'Total', field: field('orders', 'total') }],
      filters: [{ ...filter(field('orders', 'total'), 'gt', []), against: 'average' }, filter(field('orders', 'status'), 'eq', ['paid']), { ...filter(field('orders', 'total'), 'lte', []), against: 'average' }],
    }),
  },
  {
    name: 'per-group totals with a ratio, a conditional count and a having filter against the average',
    query: query({
      root: 'order_lines',
      joins: [joinOrders],
      dimensions: [month],
      measures: [
        { id: 'order_value', label: 'Order value', aggregate: 'avg', expression: revenue, per: { aggregate: 'sum', by: [field('orders', 'id')] } },
        { id: 'lines', label: 'Lines', aggregate: 'sum', per: { aggregate: 'count', by: [field('orders', 'id')] } },
        { id: 'discounted', label: 'Discounted', aggregate: 'avg', per: { aggregate: 'count', by: [field('orders', 'id')] }, where: [filter(field('order_lines', 'discount'), 'gt', [0])] },
        { id: 'share', label: 'Share', aggregate: 'ratio', numeratorId: 'discounted', denominatorId: 'lines', percent: true },
      ],
      having: [{ measureId: 'order_value', op: 'gt', values: [], against: 'average' }, { measureId: 'lines', op: 'neq', values: [], against: 'average' }],
      order: [{ id: 'order_value', direction: 'desc' }],
      limit: 10,
    }),
  },
  {
    name: 'window measures on every grain kind, then a limit per group',
    query: query({
      root: 'orders',
      joins: [joinCustomers],
      dimensions: [month, { id: 'week', label: 'Week', field: field('orders', 'shipped_on'), grain: 'week' }, { id: 'customer', label: 'Customer', field: field('customers', 'name') }],
      measures: [
        { ...total, where: [filter(field('orders', 'paid'), 'eq', [true])] },
        { id: 'n', label: 'N', aggregate: 'count' },
        { id: 'share', label: 'Share', aggregate: 'share', of: 'total', within: ['month'], percent: true },
        { id: 'all', label: 'Of all', aggregate: 'share', of: 'n' },
        { id: 'running', label: 'Running', aggregate: 'running_total', of: 'n', within: ['customer'], along: 'week' },
        { id: 'change', label: 'Change', aggregate: 'change', of: 'total', along: 'month', percent: true },
        { id: 'weekly', label: 'Weekly change', aggregate: 'change', of: 'n', along: 'week' },
      ],
      having: [{ measureId: 'n', op: 'gte', values: [2] }],
      limitPerGroup: { by: ['month'], order: [{ id: 'share', direction: 'desc' }], limit: 3 },
    }),
  },
  { name: 'a public pg_ table', query: query({ root: 'pg_things', columns: [{ id: 'id', label: 'Id', field: field('pg_things', 'id') }], limit: 5000 }) },
];
