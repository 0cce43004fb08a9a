/**
 * Logical queries over the wholesale sample that use the constructs beyond one grouped SELECT:
 * related filters and related count columns, per-group totals, window measures, a limit per group, a having filter against
 * the average. The cross-kind suite runs them on every SQL kind; the semantics suite checks what
 * they mean against plain queries.
 */
import { field, type Dimension, type Filter, type JoinStep, type LogicalQuery, type Measure, type RelatedFilter, type ScalarExpression } from '../../src/query/logical-query.ts';

export function query(parts: Partial<LogicalQuery> & { root: string }): LogicalQuery {
  return { kind: 'select', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

export function filter(expression: ScalarExpression, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression, op, values };
}

export const linesToOrders: JoinStep = { fromEntity: 'order_lines', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] };
export const linesToProducts: JoinStep = { fromEntity: 'order_lines', fromColumns: ['product_id'], toEntity: 'products', toColumns: ['id'] };
export const productsToCategories: JoinStep = { fromEntity: 'products', fromColumns: ['category_id'], toEntity: 'categories', toColumns: ['id'] };
export const ordersToCustomers: JoinStep = { fromEntity: 'orders', fromColumns: ['customer_id'], toEntity: 'customers', toColumns: ['id'] };
export const lineValue: ScalarExpression = {
  kind: 'arithmetic',
  op: '*',
  left: { kind: 'arithmetic', op: '*', left: field('order_lines', 'quantity'), right: field('order_lines', 'unit_price') },
  right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: field('order_lines', 'discount') },
};
export const revenue: Measure = { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: lineValue };
export const orderCount: Measure = { id: 'orders', label: 'Orders', aggregate: 'count' };
export const orderMonth: Dimension = { id: 'month', label: 'Month', field: field('orders', 'order_date'), grain: 'month' };
export const shippedQuarter: Dimension = { id: 'shipped', label: 'Shipped', field: field('orders', 'shipped_date'), grain: 'quarter' };
export const segment: Dimension = { id: 'segment', label: 'Segment', field: field('customers', 'segment') };
export const category: Dimension = { id: 'category', label: 'Category', field: field('categories', 'name') };
export const product: Dimension = { id: 'product', label: 'Product', field: field('products', 'name') };

/** Customers (the outer root) with (or without) order lines of a category. */
export function boughtCategory(exists: boolean, categoryId: number): RelatedFilter {
  return {
    kind: 'related',
    exists,
    root: 'order_lines',
    joins: [linesToOrders, linesToProducts],
    link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] },
    filters: [filter(field('products', 'category_id'), 'eq', [categoryId])],
  };
}

const customerId: Dimension = { id: 'customer', label: 'Customer', field: field('customers', 'id') };
const shippedMonth: Dimension = { id: 'shipped', label: 'Shipped', field: field('orders', 'shipped_date'), grain: 'month' };
const perOrder = { by: [field('orders', 'id')] };

export const NOT_ORDERED_SINCE = query({
  root: 'customers',
  columns: [{ id: 'id', label: 'Id', field: field('customers', 'id') }, { id: 'name', label: 'Name', field: field('customers', 'name') }],
  related: [{
    kind: 'related', exists: false, root: 'orders', joins: [],
    link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] },
    filters: [filter(field('orders', 'order_date'), 'gte', ['2026-06-01'])],
  }],
  order: [{ id: 'id', direction: 'asc' }],
});

/** Customers by how many orders of 2025 they placed: at most one (those with none included). */
export const FEW_ORDERS_IN_2025 = query({
  root: 'customers',
  columns: [{ id: 'id', label: 'Id', field: field('customers', 'id') }],
  related: [{
    kind: 'related', exists: true, root: 'orders', joins: [],
    link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] },
    filters: [filter(field('orders', 'order_date'), 'gte', ['2025-01-01']), filter(field('orders', 'order_date'), 'lt', ['2026-01-01'])],
    count: { op: 'lte', values: [1] },
  }],
  order: [{ id: 'id', direction: 'asc' }],
});

/** Every customer with their number of orders in 2025, of lines of category 1 and of different products bought: 0 for those with none. */
export const ORDERS_OF_EACH_CUSTOMER = query({
  root: 'customers',
  columns: [{ id: 'id', label: 'Id', field: field('customers', 'id') }],
  relatedCounts: [
    {
      id: 'orders', label: 'Orders in 2025', root: 'orders', joins: [],
      link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] },
      filters: FEW_ORDERS_IN_2025.related![0]!.filters,
    },
    { id: 'category_lines', label: 'Lines of category 1', ...pick(boughtCategory(true, 1)) },
    { id: 'products', label: 'Products bought', ...pick(boughtCategory(true, 1)), filters: [], distinct: field('order_lines', 'product_id') },
  ],
  order: [{ id: 'orders', direction: 'desc' }],
});

function pick({ root, joins, link, filters }: RelatedFilter) {
  return { root, joins, link, filters };
}

/** Products whose stock is at or below their reorder level: two columns of a row compared by their difference. */
export const AT_REORDER_LEVEL = query({
  root: 'products',
  columns: [{ id: 'id', label: 'Id', field: field('products', 'id') }, { id: 'stock', label: 'Stock', field: field('products', 'units_in_stock') }, { id: 'reorder', label: 'Reorder level', field: field('products', 'reorder_level') }],
  filters: [filter({ kind: 'arithmetic', op: '-', left: field('products', 'units_in_stock'), right: field('products', 'reorder_level') }, 'lte', [0])],
  order: [{ id: 'id', direction: 'asc' }],
});

export const AVERAGE_ORDER_VALUE = query({
  root: 'order_lines',
  joins: [linesToOrders],
  dimensions: [orderMonth],
  measures: [
    { id: 'order_value', label: 'Average order value', aggregate: 'avg', expression: lineValue, per: { aggregate: 'sum', ...perOrder } },
    { id: 'lines', label: 'Lines per order', aggregate: 'avg', per: { aggregate: 'count', ...perOrder } },
    { id: 'biggest', label: 'Biggest order', aggregate: 'max', expression: lineValue, per: { aggregate: 'sum', ...perOrder } },
    { id: 'all_lines', label: 'Lines', aggregate: 'sum', per: { aggregate: 'count', ...perOrder } },
    { id: 'discounted_lines', label: 'Discounted lines per order', aggregate: 'avg', per: { aggregate: 'count', ...perOrder }, where: [filter(field('order_lines', 'discount'), 'gt', [0])] },
    { id: 'discounted_share', label: 'Discounted share', aggregate: 'ratio', numeratorId: 'discounted_lines', denominatorId: 'lines', percent: true },
  ],
});

export const ABOVE_AVERAGE_SPEND = query({
  root: 'order_lines',
  joins: [linesToOrders, ordersToCustomers],
  dimensions: [customerId],
  measures: [revenue, { ...orderCount, aggregate: 'count_distinct', expression: field('orders', 'id') }],
  filters: [filter(field('orders', 'status'), 'not_in', ['cancelled', 'returned'])],
  having: [{ measureId: 'revenue', op: 'gt', values: [], against: 'average' }, { measureId: 'orders', op: 'gte', values: [2] }],
  order: [{ id: 'revenue', direction: 'desc' }],
});

/** A few customers' orders by shipping month: months without orders leave gaps, unshipped orders a NULL month. */
export const MONTHLY_WINDOWS = query({
  root: 'order_lines',
  joins: [linesToOrders, ordersToCustomers],
  dimensions: [shippedMonth, segment],
  measures: [
    revenue,
    orderCount,
    { id: 'share', label: 'Share of the month', aggregate: 'share', of: 'revenue', within: ['shipped'], percent: true },
    { id: 'running', label: 'Running total', aggregate: 'running_total', of: 'orders', within: ['segment'], along: 'shipped' },
    { id: 'change', label: 'Change', aggregate: 'change', of: 'orders', along: 'shipped' },
    { id: 'change_percent', label: 'Change in percent', aggregate: 'change', of: 'revenue', along: 'shipped', percent: true },
  ],
  filters: [filter(field('orders', 'customer_id'), 'lte', [12])],
});

export const TOP_PRODUCTS = query({
  root: 'order_lines',
  joins: [linesToProducts, productsToCategories],
  dimensions: [category, product],
  measures: [revenue, { id: 'units', label: 'Units', aggregate: 'sum', expression: field('order_lines', 'quantity') }],
  limitPerGroup: { by: ['category'], order: [{ id: 'units', direction: 'desc' }], limit: 3 },
});

export const CONSTRUCT_QUERIES: readonly { readonly name: string; readonly query: LogicalQuery }[] = [
  { name: 'customers without orders since a date (NOT EXISTS), as a list', query: NOT_ORDERED_SINCE },
  {
    name: 'customers per segment who bought category 1 but not category 2 (EXISTS and NOT EXISTS)',
    query: query({
      root: 'customers',
      dimensions: [segment],
      measures: [{ id: 'customers', label: 'Customers', aggregate: 'count' }],
      related: [boughtCategory(true, 1), boughtCategory(false, 2)],
    }),
  },
  {
    name: 'orders of customers who bought category 3, with a filter on the outer query (EXISTS from a joined entity)',
    query: query({
      root: 'orders',
      joins: [ordersToCustomers],
      dimensions: [orderMonth],
      measures: [orderCount],
      filters: [filter(field('orders', 'status'), 'neq', ['cancelled'])],
      related: [boughtCategory(true, 3)],
    }),
  },
  { name: 'customers with at most one order in 2025, none included (a related count)', query: FEW_ORDERS_IN_2025 },
  { name: 'every customer with their orders in 2025 and lines of category 1, none as 0 (related count columns)', query: ORDERS_OF_EACH_CUSTOMER },
  {
    name: 'employees whose manager has a title (a table related to itself, EXISTS)',
    query: query({
      root: 'employees',
      columns: [{ id: 'id', label: 'Id', field: field('employees', 'id') }],
      related: [{
        kind: 'related', exists: true, root: 'employees', joins: [],
        link: { entity: 'employees', columns: ['id'], outerEntity: 'employees', outerColumns: ['manager_id'] },
        filters: [filter(field('employees', 'title'), 'eq', ['Sales Manager'])],
      }],
      order: [{ id: 'id', direction: 'asc' }],
    }),
  },
  {
    name: 'customers per segment with between 10 and 20 orders, and with more than 3 of category 1 (related counts)',
    query: query({
      root: 'customers',
      dimensions: [segment],
      measures: [{ id: 'customers', label: 'Customers', aggregate: 'count' }],
      related: [
        { ...FEW_ORDERS_IN_2025.related![0]!, filters: [], count: { op: 'between', values: [10, 20] } },
        { ...boughtCategory(true, 1), count: { op: 'gt', values: [3] } },
      ],
    }),
  },
  { name: 'products at or below their reorder level (two columns of a row compared)', query: AT_REORDER_LEVEL },
  { name: 'average order value, lines per order and more by month (per-group totals)', query: AVERAGE_ORDER_VALUE },
  {
    name: 'segments whose average order value is at least the average segment\'s (per-group totals against the average)',
    query: query({
      root: 'order_lines',
      joins: [linesToOrders, ordersToCustomers],
      dimensions: [segment],
      measures: [{ id: 'order_value', label: 'Average order value', aggregate: 'avg', expression: lineValue, per: { aggregate: 'sum', ...perOrder } }],
      having: [{ measureId: 'order_value', op: 'gte', values: [], against: 'average' }],
    }),
  },
  { name: 'customers whose spend is above the average customer\'s (against the average)', query: ABOVE_AVERAGE_SPEND },
  { name: 'share, running total and change by shipping month and segment, with gaps and a NULL month (window measures)', query: MONTHLY_WINDOWS },
  {
    name: 'share of all rows, running total and change by quarter, newest first (window measures without within)',
    query: query({
      root: 'orders',
      dimensions: [shippedQuarter],
      measures: [
        orderCount,
        { id: 'share', label: 'Share', aggregate: 'share', of: 'orders' },
        { id: 'running', label: 'Running', aggregate: 'running_total', of: 'orders', along: 'shipped' },
        { id: 'change', label: 'Change', aggregate: 'change', of: 'orders', along: 'shipped', percent: true },
      ],
      order: [{ id: 'shipped', direction: 'desc' }],
    }),
  },
  {
    name: 'products priced above the average price, and lines below the average quantity (filters against the average)',
    query: query({
      root: 'order_lines',
      joins: [linesToProducts],
      columns: [{ id: 'product', label: 'Product', field: field('products', 'name') }],
      filters: [{ ...filter(field('products', 'unit_price'), 'gt', []), against: 'average' }, { ...filter(field('order_lines', 'quantity'), 'lte', []), against: 'average' }],
      distinct: true,
      order: [{ id: 'product', direction: 'asc' }],
    }),
  },
  {
    name: 'orders with a shipping cost over 200 or from a Hospitality customer, by status (alternatives with "or")',
    query: query({
      root: 'orders',
      joins: [ordersToCustomers],
      dimensions: [{ id: 'status', label: 'Status', field: field('orders', 'status') }],
      measures: [orderCount],
      filters: [{ ...filter(field('orders', 'shipping_cost'), 'gt', [200]), or: [filter(field('customers', 'segment'), 'eq', ['Hospitality']), filter(field('orders', 'ship_country'), 'in', ['Spain', 'Italy'])] }],
      order: [{ id: 'status', direction: 'asc' }],
    }),
  },
  {
    name: 'segments that have both customers in Germany and customers in France (other rows sharing a value)',
    query: query({
      root: 'customers',
      columns: [{ id: 'segment', label: 'Segment', field: field('customers', 'segment') }],
      filters: [filter(field('customers', 'country'), 'eq', ['Germany'])],
      related: [{
        kind: 'related', exists: true, root: 'customers', joins: [],
        link: { entity: 'customers', columns: ['segment'], outerEntity: 'customers', outerColumns: ['segment'] },
        filters: [filter(field('customers', 'country'), 'eq', ['France'])],
      }],
      distinct: true,
      order: [{ id: 'segment', direction: 'asc' }],
    }),
  },
  { name: 'top 3 products by units per category (a limit per group)', query: TOP_PRODUCTS },
  {
    name: 'the 2 months with the largest share per segment (a limit per group over window measures)',
    query: query({
      root: 'order_lines',
      joins: [linesToOrders, ordersToCustomers],
      dimensions: [segment, orderMonth],
      measures: [revenue, { id: 'share', label: 'Share', aggregate: 'share', of: 'revenue', within: ['segment'] }],
      limitPerGroup: { by: ['segment'], order: [{ id: 'share', direction: 'desc' }], limit: 2 },
      order: [{ id: 'segment', direction: 'asc' }, { id: 'share', direction: 'desc' }],
    }),
  },
];
