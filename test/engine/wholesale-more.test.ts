/** More end-to-end planning on the wholesale fixture: frequencies, text filters, yes/no columns, lists. */
import { describe, expect, it } from 'vitest';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';
import { planned, type Summary } from './summarise.ts';

const fixture = { catalog: wholesaleCatalog, values: wholesaleValues, now: new Date('2025-05-10T12:00:00Z') };

type Case = readonly [question: string, expected: Partial<Summary>];

function check(cases: readonly Case[]): void {
  for (const [question, expected] of cases) {
    it(question, () => {
      expect(planned(fixture, question).summary).toMatchObject(expected);
    });
  }
}

describe('frequencies and several aggregates', () => {
  check([
    ['what is the most common payment method?', { root: 'payments', measures: ['count(*)'], dimensions: ['payments.method'], order: ['payment_count desc'], limit: 1 }],
    ['which payment method is used most frequently', { measures: ['count(*)'], dimensions: ['payments.method'], limit: 1 }],
    ['most popular products', { root: 'order_lines', measures: ['count(*)'], dimensions: ['products.id', 'products.name'], order: ['order_line_count desc'], limit: 10 }],
    ['which employee handled the most orders?', { root: 'orders', measures: ['count(*)'], dimensions: ['employees.id', 'employees.first_name', 'employees.last_name'], limit: 1 }],
    ['the average, minimum and maximum invoice amount', { measures: ['avg(invoices.amount)', 'min(invoices.amount)', 'max(invoices.amount)'] }],
    ['invoice status and the number of invoices', { measures: ['count(*)'], dimensions: ['invoices.status'] }],
  ]);
});

describe('text, yes/no and date conditions', () => {
  check([
    ["customers whose name contains 'corp'", { root: 'customers', filters: ['customers.company_name contains corp'] }],
    ['products containing the letter a', { root: 'products', filters: ['products.name contains a'] }],
    ['show me products that are discontinued', { root: 'products', filters: ['products.discontinued eq true'] }],
    ['how many products are not discontinued', { measures: ['count(*)'], filters: ['products.discontinued eq false'] }],
    ['how many orders were shipped?', { measures: ['count(*)'], filters: ['orders.status eq shipped'] }],
    ['orders from March to June 2024', { filters: ['orders.order_date gte 2024-03-01', 'orders.order_date lt 2024-07-01'] }],
    ['invoices since January', { root: 'invoices', filters: ['invoices.invoice_date gte 2025-01-01', 'invoices.invoice_date lt 2025-05-11'] }],
  ]);
});

describe('lists', () => {
  check([
    ['all the information about the Beverages category', { root: 'categories', columns: ['categories.id', 'categories.name', 'categories.description'], filters: ['categories.name eq Beverages'] }],
    ['show the company name and city for each customer', { root: 'customers', measures: [], columns: ['customers.company_name', 'customers.city'] }],
    ['list invoices made by Acme Corp', { root: 'invoices', measures: [], filters: ['customers.company_name eq Acme Corp'] }],
    ['orders sorted by total shipping cost', { root: 'orders', measures: [], order: ['shipping_cost asc'] }],
    ['orders sorted by shipping cost descending', { root: 'orders', order: ['shipping_cost desc'] }],
    ['the first 5 orders', { root: 'orders', order: ['order_date asc'], limit: 5 }],
    ['list all products and their suppliers', { root: 'products', columns: ['products.name', 'suppliers.company_name'] }],
    ['customers and their cities', { root: 'customers', columns: ['customers.company_name', 'customers.city'] }],
    ['customers with the 3 largest invoices', { root: 'invoices', columns: ['customers.company_name', 'invoices.amount'], order: ['amount desc'], limit: 3 }],
  ]);
});

describe('declines that guard precision', () => {
  for (const [question, reason] of [
    ['customers in Germany or with more than 5 orders', /only for values of the same column/],
    ['products with a price higher than the average', /compare with a number/],
    ['list customers and suppliers', /together in one answer/],
    ['highest salary in every department', /./],
  ] as const) {
    it(question, () => {
      expect(() => planned(fixture, question)).toThrow(reason);
    });
  }
});
