/** Hand-built answer inputs, one per result shape the renderers know. */
import type { AnswerInput } from '../../src/render/answer.ts';
import type { ResultColumn } from '../../src/connectors/connector.ts';
import {
  field, type Aggregate, type Dimension, type Filter, type LogicalQuery, type Measure, type OrderBy, type SelectedColumn, type TimeGrain,
} from '../../src/query/logical-query.ts';

export const HOSTILE = '<script>alert(1)</script>';

function measure(id: string, label: string, aggregate: Aggregate, unit?: string): Measure {
  return { id, label, aggregate, expression: field('orders', 'amount'), ...(unit === undefined ? {} : { unit }) };
}

function dimension(id: string, label: string, column: string, grain?: TimeGrain): Dimension {
  return { id, label, field: field('orders', column), ...(grain === undefined ? {} : { grain }) };
}

function column(id: string, label: string): SelectedColumn {
  return { id, label, field: field('orders', id) };
}

function year(value: number): Filter[] {
  const orderDate = field('orders', 'order_date');
  return [
    { kind: 'filter', expression: orderDate, op: 'gte', values: [`${value}-01-01`] },
    { kind: 'filter', expression: orderDate, op: 'lt', values: [`${value + 1}-01-01`] },
  ];
}

interface InputParts {
  question: string;
  interpretation: string;
  query: Partial<LogicalQuery>;
  columns: ResultColumn[];
  rows: unknown[][];
  truncated?: boolean;
}

function input(parts: InputParts): AnswerInput {
  const query: LogicalQuery = {
    kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [],
    ...parts.query,
  };
  return {
    question: parts.question,
    query,
    compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1 /* compiled by the connector */', params: [] },
    result: { columns: parts.columns, rows: parts.rows, truncated: parts.truncated ?? false },
    interpretation: parts.interpretation,
    assumptions: ['Revenue is quantity × unit price.'],
    connectionName: 'Sample shop',
    answeredAt: new Date('2025-02-03T10:20:30Z'),
  };
}

const revenue = measure('total_revenue', 'Total revenue', 'sum', 'EUR');
const byRevenue: OrderBy[] = [{ id: 'total_revenue', direction: 'desc' }];

export const oneValue = input({
  question: 'What was our total revenue in 2024?',
  interpretation: 'Sum of order revenue for orders placed in 2024.',
  query: { measures: [revenue], filters: year(2024) },
  columns: [{ name: 'total_revenue', type: 'number' }],
  rows: [[1234567.891]],
});

export const ranking = input({
  question: 'Who are our top 5 customers by revenue in 2024?',
  interpretation: 'The 5 customers with the highest order revenue in 2024.',
  query: { measures: [revenue], dimensions: [dimension('customer', 'Customer', 'customer_name')], filters: year(2024), order: byRevenue, limit: 5 },
  columns: [{ name: 'customer', type: 'text' }, { name: 'total_revenue', type: 'number' }],
  rows: [['Acme', 120000], ['Globex', 95000.5], [HOSTILE, 80000.25], ['Initech', 42000], ['Umbrella', 1234.5]],
});

const months = Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')}-01`);
const monthly = [1000, 1200, 900, 1500, 1800, 3000, 2500, 2400, 2100, 1900, 2200, 2000];

export const timeSeries = input({
  question: 'Revenue by month in 2024',
  interpretation: 'Order revenue per month of order date, in 2024.',
  query: {
    measures: [measure('revenue', 'Revenue', 'sum', 'EUR')],
    dimensions: [dimension('order_month', 'Month', 'order_date', 'month')],
    filters: year(2024),
    order: [{ id: 'order_month', direction: 'asc' }],
  },
  columns: [{ name: 'order_month', type: 'date' }, { name: 'revenue', type: 'number' }],
  rows: months.map((month, index) => [month, monthly[index]]),
});

const listColumns = [column('order_id', 'Order'), column('customer', 'Customer'), column('order_date', 'Order date')];
const listResultColumns: ResultColumn[] = [
  { name: 'order_id', type: 'integer' }, { name: 'customer', type: 'text' }, { name: 'order_date', type: 'date' },
];

function orderRows(count: number): unknown[][] {
  return Array.from({ length: count }, (_, index) => [
    1001 + index,
    index === 1 ? HOSTILE : `Customer ${index + 1}`,
    `2024-03-${String((index % 28) + 1).padStart(2, '0')}`,
  ]);
}

export const list = input({
  question: 'List the orders from March 2024',
  interpretation: 'Orders placed in March 2024, newest first.',
  query: { columns: listColumns, order: [{ id: 'order_date', direction: 'desc' }] },
  columns: listResultColumns,
  rows: orderRows(60),
});

export const empty = input({
  question: 'What was revenue by country in 1990?',
  interpretation: 'Order revenue per customer country, for orders placed in 1990.',
  query: { measures: [revenue], dimensions: [dimension('country', 'Country', 'country')], filters: year(1990), order: byRevenue },
  columns: [{ name: 'country', type: 'text' }, { name: 'total_revenue', type: 'number' }],
  rows: [],
});

export const truncated = input({
  question: 'Show all orders',
  interpretation: 'All orders.',
  query: { columns: listColumns },
  columns: listResultColumns,
  rows: orderRows(1000),
  truncated: true,
});

export const pieBreakdown = input({
  question: 'How many orders are in each status?',
  interpretation: 'Number of orders per status.',
  query: { measures: [{ id: 'order_count', label: 'Orders', aggregate: 'count' }], dimensions: [dimension('status', 'Status', 'status')] },
  columns: [{ name: 'status', type: 'text' }, { name: 'order_count', type: 'integer' }],
  rows: [['delivered', 812], ['shipped', 120], ['cancelled', 31], ['pending', 57]],
});

const countries = ['Germany', 'France', 'Italy', 'Spain', 'Netherlands', 'Belgium', 'Austria', 'Portugal', 'Sweden', 'Denmark', 'Ireland', 'Malta'];

export const barBreakdown = input({
  question: 'Revenue by country',
  interpretation: 'Order revenue per customer country.',
  query: { measures: [revenue], dimensions: [dimension('country', 'Country', 'country')] },
  columns: [{ name: 'country', type: 'text' }, { name: 'total_revenue', type: 'number' }],
  rows: countries.map((country, index) => [country, 100000 / (index + 1)]),
});

const customers = Array.from({ length: 12 }, (_, index) => `Customer ${index + 1}`);

/** Revenue by quarter and customer: a time series split by a category with many values. */
export const seriesByCustomer = input({
  question: 'Revenue by quarter and customer in 2024',
  interpretation: 'Order revenue per quarter of order date and customer, in 2024.',
  query: {
    measures: [measure('revenue', 'Revenue', 'sum', 'EUR')],
    dimensions: [dimension('order_quarter', 'Quarter', 'order_date', 'quarter'), dimension('customer', 'Customer', 'customer_name')],
    filters: year(2024),
  },
  columns: [{ name: 'order_quarter', type: 'date' }, { name: 'customer', type: 'text' }, { name: 'revenue', type: 'number' }],
  rows: ['2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01'].flatMap((quarter, step) =>
    customers.map((customer, index) => [quarter, customer, (index + 1) * 100 + step]),
  ),
});

const identifiedQuery: LogicalQuery = {
  kind: 'select', root: 'order_lines', joins: [], columns: [], filters: [], having: [],
  measures: [{ id: 'total_revenue', label: 'Total revenue', aggregate: 'sum', unit: 'EUR', expression: { kind: 'field', entity: 'order_lines', column: 'amount' } }],
  dimensions: [
    { id: 'customer_id', label: 'Customer id', field: { kind: 'field', entity: 'customers', column: 'id' } },
    { id: 'customer', label: 'Customer', field: { kind: 'field', entity: 'customers', column: 'company_name' } },
  ],
  order: [{ id: 'total_revenue', direction: 'desc' }],
  limit: 3,
};
const identifiedResult = {
  columns: [{ name: 'customer_id', type: 'integer' as const }, { name: 'customer', type: 'text' as const }, { name: 'total_revenue', type: 'number' as const }],
  rows: [[179, 'Martinsson AB', 1892534.65], [12, 'Jansen Groep', 800000], [393, 'Francois', 644487.1]],
  truncated: false,
};

/** The top 3 customers by revenue, grouped by customer id and name. */
export const identified: AnswerInput = {
  question: 'top 3 customers by revenue', query: identifiedQuery, result: identifiedResult, interpretation: 'Total revenue by customer, top 3', assumptions: [],
  compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT …', params: [] }, connectionName: 'Shop', answeredAt: new Date('2025-02-03T10:20:30Z'),
};
