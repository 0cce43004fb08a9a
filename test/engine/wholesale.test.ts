/** End-to-end planning on the wholesale fixture: question → logical query. */
import { describe, expect, it } from 'vitest';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';
import { planned, type Summary } from './summarise.ts';

const fixture = { catalog: wholesaleCatalog, values: wholesaleValues, now: new Date('2025-05-10T12:00:00Z') };

const REVENUE = 'sum(((order_lines.quantity * order_lines.unit_price) * (1 - order_lines.discount)))';
const ORDERED_2024 = ['orders.order_date gte 2024-01-01', 'orders.order_date lt 2025-01-01'];
const LINES_TO_CUSTOMERS = ['order_lines.order_id->orders', 'orders.customer_id->customers'];

type Case = readonly [question: string, expected: Partial<Summary>];

function check(cases: readonly Case[]): void {
  for (const [question, expected] of cases) {
    it(question, () => {
      expect(planned(fixture, question).summary).toMatchObject(expected);
    });
  }
}

describe('counts', () => {
  check([
    ['How many customers are in Germany?', { root: 'customers', measures: ['count(*)'], filters: ['customers.country eq Germany'], dimensions: [] }],
    ['how many orders were cancelled?', { root: 'orders', measures: ['count(*)'], filters: ['orders.status eq cancelled'] }],
    ['Number of products', { root: 'products', measures: ['count(*)'], filters: [] }],
    ['How many orders were shipped to Germany?', { root: 'orders', measures: ['count(*)'], filters: ['orders.ship_country eq Germany'] }],
    ['How many products are in the Beverages category?', { root: 'products', joins: ['products.category_id->categories'], measures: ['count(*)'], filters: ['categories.name eq Beverages'] }],
    ['how many employees are sales representatives?', { root: 'employees', measures: ['count(*)'], filters: ['employees.title eq Sales Representative'] }],
    ['count of orders by status', { root: 'orders', measures: ['count(*)'], dimensions: ['orders.status'] }],
  ]);
});

describe('measures', () => {
  check([
    ['What was total revenue in 2024?', { root: 'order_lines', joins: ['order_lines.order_id->orders'], measures: [REVENUE], filters: ORDERED_2024 }],
    ['total amount of invoices', { root: 'invoices', measures: ['sum(invoices.amount)'], filters: [] }],
    ['average unit price of products', { root: 'products', measures: ['avg(products.unit_price)'] }],
    ['highest invoice amount', { root: 'invoices', measures: ['max(invoices.amount)'] }],
    ['What is the lowest shipping cost?', { root: 'orders', measures: ['min(orders.shipping_cost)'] }],
    ['avg discount', { root: 'order_lines', measures: ['avg(order_lines.discount)'] }],
    ['total payments in 2024 by method', { root: 'payments', measures: ['sum(payments.amount)'], dimensions: ['payments.method'], filters: ['payments.payment_date gte 2024-01-01', 'payments.payment_date lt 2025-01-01'] }],
    ['How much did customers in Germany spend in 2024?', { root: 'order_lines', joins: LINES_TO_CUSTOMERS, measures: [REVENUE], filters: ['customers.country eq Germany', ...ORDERED_2024] }],
  ]);
});

describe('breakdowns', () => {
  check([
    ['revenue by country', { root: 'order_lines', joins: LINES_TO_CUSTOMERS, measures: [REVENUE], dimensions: ['customers.country'], order: ['total_revenue desc'] }],
    ['orders per month in 2024', { root: 'orders', measures: ['count(*)'], dimensions: ['orders.order_date/month'], filters: ORDERED_2024, order: ['order_date_month asc'] }],
    ['sales by category and year', { root: 'order_lines', measures: [REVENUE], dimensions: ['categories.id', 'categories.name', 'orders.order_date/year'] }],
    ['total amount of invoices by status', { root: 'invoices', measures: ['sum(invoices.amount)'], dimensions: ['invoices.status'] }],
    ['number of orders by employee', { root: 'orders', joins: ['orders.employee_id->employees'], measures: ['count(*)'], dimensions: ['employees.id', 'employees.first_name', 'employees.last_name'] }],
    ['sum of quantity by product category', { root: 'order_lines', measures: ['sum(order_lines.quantity)'], dimensions: ['categories.id', 'categories.name'] }],
    ['monthly revenue this year', { measures: [REVENUE], dimensions: ['orders.order_date/month'], filters: ['orders.order_date gte 2025-01-01', 'orders.order_date lt 2026-01-01'] }],
    ["what's the total shipping cost per ship country?", { root: 'orders', measures: ['sum(orders.shipping_cost)'], dimensions: ['orders.ship_country'] }],
    ['revenue by segment and country', { measures: [REVENUE], dimensions: ['customers.segment', 'customers.country'] }],
  ]);
});

describe('rankings', () => {
  check([
    ['top 5 products by quantity sold', { root: 'order_lines', measures: ['sum(order_lines.quantity)'], dimensions: ['products.id', 'products.name'], order: ['total_quantity desc'], limit: 5 }],
    ['which customer spent the most?', { root: 'order_lines', measures: [REVENUE], dimensions: ['customers.id', 'customers.company_name'], order: ['total_revenue desc'], limit: 1 }],
    ['the 3 cheapest products', { root: 'products', measures: [], columns: ['products.name', 'products.unit_price'], order: ['unit_price asc'], limit: 3 }],
    ['which product has the highest price?', { root: 'products', columns: ['products.name', 'products.unit_price'], order: ['unit_price desc'], limit: 1 }],
    ['top 10 invoices by amount', { root: 'invoices', measures: [], order: ['amount desc'], limit: 10 }],
    ['Who are our top 5 clients by sales?', { measures: [REVENUE], dimensions: ['customers.id', 'customers.company_name'], limit: 5 }],
    ['Top 3 employees by revenue in 2024', { measures: [REVENUE], dimensions: ['employees.id', 'employees.first_name', 'employees.last_name'], filters: [...ORDERED_2024, 'employees.id not_null'], limit: 3 }],
    ['Give me the top 5 customers in Germany by number of orders', { root: 'orders', measures: ['count(*)'], dimensions: ['customers.id', 'customers.company_name'], filters: ['customers.country eq Germany', 'customers.id not_null'], order: ['order_count desc'], limit: 5 }],
    ['top 5 countries by revenue', { measures: [REVENUE], dimensions: ['customers.country'], limit: 5 }],
    ['best selling products this year', { measures: [REVENUE], dimensions: ['products.id', 'products.name'], order: ['total_revenue desc'], limit: 10 }],
    ['show the 10 most recent orders with their customer', { root: 'orders', columns: ['orders.id', 'orders.order_date', 'customers.company_name'], order: ['order_date desc'], limit: 10 }],
    ['when was the last order?', { root: 'orders', order: ['order_date desc'], limit: 1 }],
  ]);
});

describe('filters from values, numbers and negation', () => {
  check([
    ['cancelled orders', { root: 'orders', filters: ['orders.status eq cancelled'], columns: ['orders.id', 'orders.order_date'] }],
    ['invoices of Acme Corp', { root: 'invoices', joins: ['invoices.customer_id->customers'], filters: ['customers.company_name eq Acme Corp'] }],
    ['invoices over 1000', { root: 'invoices', filters: ['invoices.amount gt 1000'] }],
    ['products with a unit price between 10 and 20', { root: 'products', filters: ['products.unit_price between 10,20'] }],
    ['orders with shipping cost above 50', { root: 'orders', filters: ['orders.shipping_cost gt 50'] }],
    ['customers not in France', { root: 'customers', filters: ['customers.country neq France'] }],
    ['how many orders are not cancelled?', { measures: ['count(*)'], filters: ['orders.status neq cancelled'] }],
    ['Give me the number of orders excluding cancelled ones', { measures: ['count(*)'], filters: ['orders.status neq cancelled'] }],
    ['show customers in Berlin or Munich', { root: 'customers', filters: ['customers.city in Berlin,Munich'] }],
    ['orders from customers in Germany or France in 2024', { root: 'orders', filters: ['customers.country in Germany,France', ...ORDERED_2024] }],
    ['What are the names of products in the Seafood category?', { root: 'products', columns: ['products.name'], filters: ['categories.name eq Seafood'] }],
    ['revenue per month for Acme Corp', { measures: [REVENUE], dimensions: ['orders.order_date/month'], filters: ['customers.company_name eq Acme Corp'] }],
    ['orders shipped in 2024', { root: 'orders', filters: ['orders.shipped_date gte 2024-01-01', 'orders.shipped_date lt 2025-01-01'] }],
    ['show me all invoices due in March', { root: 'invoices', filters: ['invoices.due_date gte 2025-03-01', 'invoices.due_date lt 2025-04-01'] }],
  ]);
});

describe('distinct counts, having, lists', () => {
  check([
    ['how many customers ordered in 2024?', { root: 'orders', measures: ['count_distinct(orders.customer_id)'], filters: ORDERED_2024 }],
    ['how many customers have cancelled orders?', { root: 'orders', measures: ['count_distinct(orders.customer_id)'], filters: ['orders.status eq cancelled'] }],
    ['how many different countries do customers come from?', { root: 'customers', measures: ['count_distinct(customers.country)'] }],
    ['customers with more than 5 orders', { root: 'orders', measures: ['count(*)'], dimensions: ['customers.id', 'customers.company_name'], having: ['order_count gt 5'] }],
    ['customers with revenue over 10000', { measures: [REVENUE], dimensions: ['customers.id', 'customers.company_name'], having: ['total_revenue gt 10000'] }],
    ['list the countries of our customers', { root: 'customers', columns: ['customers.country'], distinct: true }],
    ['list customers in Germany', { root: 'customers', columns: ['customers.company_name'], filters: ['customers.country eq Germany'] }],
    ['customers who ordered last month', { root: 'orders', columns: ['customers.company_name'], distinct: true, filters: ['orders.order_date gte 2025-04-01', 'orders.order_date lt 2025-05-01'] }],
    ['list orders with customer name and employee', { root: 'orders', columns: ['orders.id', 'orders.order_date', 'customers.company_name', 'employees.first_name', 'employees.last_name'] }],
    ['employees hired in 2023', { root: 'employees', filters: ['employees.hire_date gte 2023-01-01', 'employees.hire_date lt 2024-01-01'] }],
  ]);
});

describe('comparisons over time', () => {
  check([
    ['revenue 2023 vs 2024', { measures: [REVENUE], dimensions: ['orders.order_date/year'], filters: ['orders.order_date gte 2023-01-01', 'orders.order_date lt 2025-01-01'] }],
    ['number of orders in 2023 and 2024', { measures: ['count(*)'], dimensions: ['orders.order_date/year'], filters: ['orders.order_date gte 2023-01-01', 'orders.order_date lt 2025-01-01'] }],
  ]);
});

describe('interpretation and assumptions', () => {
  it('says how revenue is computed', () => {
    const result = planned(fixture, 'top 5 countries by revenue in 2024');
    expect(result.interpretation).toBe('Total revenue (sum of order_lines.quantity × unit_price × (1 − discount)) by customer country, in 2024 (order date), top 5 by total revenue');
    expect(result.assumptions).toContain('Revenue is computed from order_lines as quantity × unit_price × (1 − discount), the discount being a fraction.');
  });

  it('labels measures and dimensions with readable names and snake_case ids', () => {
    const { query } = planned(fixture, 'revenue by country');
    expect(query.measures[0]).toMatchObject({ id: 'total_revenue', label: 'Total revenue', unit: 'EUR' });
    expect(query.dimensions[0]).toMatchObject({ id: 'customer_country', label: 'Customer country' });
  });

  it('says when a count is of distinct rows', () => {
    const result = planned(fixture, 'how many customers ordered in 2024?');
    expect(result.assumptions.join(' ')).toMatch(/counted once/);
  });
});

describe('casual wording and typos', () => {
  check([
    ['pls show me the number of custmers in germany', { root: 'customers', measures: ['count(*)'], filters: ['customers.country eq Germany'] }],
    ['I want to know the total amount of invoices by status', { measures: ['sum(invoices.amount)'], dimensions: ['invoices.status'] }],
    ['give me total revenue for last quarter', { measures: [REVENUE], filters: ['orders.order_date gte 2025-01-01', 'orders.order_date lt 2025-04-01'] }],
    ['avg unit price per category', { root: 'products', measures: ['avg(products.unit_price)'], dimensions: ['categories.id', 'categories.name'] }],
  ]);
});
