/** End-to-end planning on the SaaS fixture: question → logical query. */
import { describe, expect, it } from 'vitest';
import { saasCatalog, saasValues } from './fixtures/saas.ts';
import { planned, type Summary } from './summarise.ts';

const fixture = { catalog: saasCatalog, values: saasValues, now: new Date('2025-05-10T12:00:00Z') };

type Case = readonly [question: string, expected: Partial<Summary>];

function check(cases: readonly Case[]): void {
  for (const [question, expected] of cases) {
    it(question, () => {
      expect(planned(fixture, question).summary).toMatchObject(expected);
    });
  }
}

describe('recurring revenue and subscriptions', () => {
  check([
    ['total MRR', { root: 'subscriptions', measures: ['sum(subscriptions.mrr)'], filters: [] }],
    ['MRR by plan', { root: 'subscriptions', joins: ['subscriptions.plan_id->plans'], measures: ['sum(subscriptions.mrr)'], dimensions: ['plans.id', 'plans.name'] }],
    ['how many active subscriptions are there?', { root: 'subscriptions', measures: ['count(*)'], filters: ['subscriptions.status eq active'] }],
    ['active subscriptions by plan', { measures: ['count(*)'], dimensions: ['plans.id', 'plans.name'], filters: ['subscriptions.status eq active', 'plans.id not_null'] }],
    ['how many trialing subscriptions started this year', { measures: ['count(*)'], filters: ['subscriptions.status eq trialing', 'subscriptions.started_at gte 2025-01-01', 'subscriptions.started_at lt 2026-01-01'] }],
    ['top 5 accounts by MRR', { measures: ['sum(subscriptions.mrr)'], dimensions: ['accounts.id', 'accounts.name'], order: ['total_monthly_recurring_revenue desc'], limit: 5 }],
    ['top 3 industries by MRR', { measures: ['sum(subscriptions.mrr)'], dimensions: ['accounts.industry'], limit: 3 }],
    ['which plan has the most subscriptions?', { root: 'subscriptions', measures: ['count(*)'], dimensions: ['plans.id', 'plans.name'], order: ['subscription_count desc'], limit: 1 }],
    ['total seats of active subscriptions', { measures: ['sum(subscriptions.seats)'], filters: ['subscriptions.status eq active'] }],
    ['average seats per plan', { measures: ['avg(subscriptions.seats)'], dimensions: ['plans.id', 'plans.name'] }],
    ['mean MRR of enterprise accounts', { measures: ['avg(subscriptions.mrr)'], filters: ['accounts.segment eq Enterprise'] }],
    ['mrr of customers in the Healthcare industry', { measures: ['sum(subscriptions.mrr)'], filters: ['accounts.industry eq Healthcare'] }],
    ['customers on the Pro plan', { root: 'subscriptions', columns: ['accounts.name'], filters: ['plans.name eq Pro'], distinct: true }],
  ]);
});

describe('invoices', () => {
  check([
    ['total revenue in 2024', { root: 'invoices', measures: ['sum(invoices.total)'], filters: ['invoices.issued_at gte 2024-01-01', 'invoices.issued_at lt 2025-01-01'] }],
    ['revenue by month this year', { measures: ['sum(invoices.total)'], dimensions: ['invoices.issued_at/month'] }],
    ['sales by industry', { measures: ['sum(invoices.total)'], dimensions: ['accounts.industry'] }],
    ['total invoiced amount in Q1 2025', { measures: ['sum(invoices.total)'], filters: ['invoices.issued_at gte 2025-01-01', 'invoices.issued_at lt 2025-04-01'] }],
    ['invoices that are not paid', { root: 'invoices', filters: ['invoices.status neq paid'] }],
    ['paid invoices total this year', { measures: ['sum(invoices.total)'], filters: ['invoices.status eq paid', 'invoices.issued_at gte 2025-01-01', 'invoices.issued_at lt 2026-01-01'] }],
  ]);
});

describe('accounts and support tickets', () => {
  check([
    ['accounts in Germany', { root: 'accounts', columns: ['accounts.name'], filters: ['accounts.country eq Germany'] }],
    ['how many enterprise accounts', { measures: ['count(*)'], filters: ['accounts.segment eq Enterprise'] }],
    ['how many accounts signed up last month', { measures: ['count(*)'], filters: ['accounts.created_at gte 2025-04-01', 'accounts.created_at lt 2025-05-01'] }],
    ['which industry has the most accounts?', { root: 'accounts', measures: ['count(*)'], dimensions: ['accounts.industry'], limit: 1 }],
    ['accounts by segment', { measures: ['count(*)'], dimensions: ['accounts.segment'] }],
    ['how many accounts have more than 10 employees', { measures: ['count(*)'], filters: ['accounts.employee_count gt 10'] }],
    ['how many tickets are open?', { root: 'support_tickets', measures: ['count(*)'], filters: ['support_tickets.status eq open'] }],
    ['number of urgent tickets by status', { measures: ['count(*)'], dimensions: ['support_tickets.status'], filters: ['support_tickets.priority eq urgent'] }],
    ['number of tickets by priority and status', { measures: ['count(*)'], dimensions: ['support_tickets.priority', 'support_tickets.status'] }],
    ['tickets opened last week', { root: 'support_tickets', filters: ['support_tickets.opened_at gte 2025-04-28', 'support_tickets.opened_at lt 2025-05-05'] }],
    ['tickets resolved in 2024', { root: 'support_tickets', filters: ['support_tickets.resolved_at gte 2024-01-01', 'support_tickets.resolved_at lt 2025-01-01'] }],
    ['how many tickets were resolved?', { measures: ['count(*)'], filters: ['support_tickets.resolved_at not_null'] }],
    ['urgent tickets opened in the last 30 days', { filters: ['support_tickets.priority eq urgent', 'support_tickets.opened_at gte 2025-04-11', 'support_tickets.opened_at lt 2025-05-11'] }],
    ['How many high priority tickets were opened via email?', { measures: ['count(*)'], filters: ['support_tickets.priority eq high', 'support_tickets.channel eq email', 'support_tickets.opened_at not_null'] }],
    ['how many tickets per account', { measures: ['count(*)'], dimensions: ['accounts.id', 'accounts.name'] }],
    ['accounts with more than 3 tickets', { root: 'support_tickets', measures: ['count(*)'], dimensions: ['accounts.id', 'accounts.name'], having: ['support_ticket_count gt 3'] }],
    ['tickets per channel this month', { measures: ['count(*)'], dimensions: ['support_tickets.channel'], filters: ['support_tickets.opened_at gte 2025-05-01', 'support_tickets.opened_at lt 2025-06-01'] }],
    ['number of accounts created per quarter', { measures: ['count(*)'], dimensions: ['accounts.created_at/quarter'] }],
  ]);
});
