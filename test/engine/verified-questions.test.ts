/**
 * The samples' verified questions, checked as their owner would: the engine's reading of each must
 * give the rows of a hand-written query. A verified question vouches for its reading, and questions
 * that read the same are answered with it, so a wrong reading here would be a confident wrong answer.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources, type SqlCheck } from './accuracy/sample-sql-checks.ts';
import { shippedModel } from '../../src/engine/readings/model.ts';
import { verifiedReading } from '../../src/engine/readings/verified.ts';
import type { SampleSlug } from '../../src/samples/sample-datasets.ts';
import { VERIFIED_QUESTIONS } from '../../src/samples/sample-semantics.ts';

const LINE_VALUE = 'l.quantity * l.unit_price * (1 - l.discount)';
const CONFIRMED = `o.status <> 'cancelled'`;
const SOLD = `FROM orders o JOIN order_lines l ON l.order_id = o.id`;
const THIS_YEAR = (column: string) => `${column} >= date_trunc('year', CURRENT_DATE) AND ${column} < date_trunc('year', CURRENT_DATE) + interval '1 year'`;
const LIVE = `s.status IN ('active', 'past_due')`;
const MONTH = (column: string, back: number) => `${column} >= date_trunc('month', CURRENT_DATE) - interval '${back} month' AND ${column} < date_trunc('month', CURRENT_DATE) - interval '${back - 1} month'`;

const CHECKS: Readonly<Record<SampleSlug, Readonly<Record<string, SqlCheck>>>> = {
  wholesale: {
    'who are our best salespeople?': {
      orderMatters: true,
      sql: `SELECT e.first_name, e.last_name ${SOLD} JOIN employees e ON e.id = o.employee_id WHERE ${CONFIRMED}
            GROUP BY e.id, e.first_name, e.last_name ORDER BY sum(${LINE_VALUE}) DESC LIMIT 1`,
    },
    'which customers have not ordered in the last 6 months?': {
      sql: `SELECT c.name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id
            AND o.order_date >= date_trunc('month', CURRENT_DATE) - interval '6 months' AND o.order_date < date_trunc('month', CURRENT_DATE))`,
    },
    'gross margin by category': {
      sql: `SELECT c.name, sum(${LINE_VALUE} - l.quantity * p.unit_cost) ${SOLD} JOIN products p ON p.id = l.product_id
            JOIN categories c ON c.id = p.category_id WHERE ${CONFIRMED} GROUP BY c.id, c.name`,
    },
    'top 3 products per category': {
      sql: `SELECT category, product FROM (SELECT c.name AS category, p.name AS product,
              row_number() OVER (PARTITION BY c.id ORDER BY sum(${LINE_VALUE}) DESC) AS rank
            ${SOLD} JOIN products p ON p.id = l.product_id JOIN categories c ON c.id = p.category_id
            WHERE ${CONFIRMED} GROUP BY c.id, c.name, p.id, p.name) ranked WHERE rank <= 3`,
    },
    'month-over-month revenue growth': {
      orderMatters: true,
      sql: `SELECT month, revenue, 100.0 * (revenue - lag(revenue) OVER (ORDER BY month)) / nullif(lag(revenue) OVER (ORDER BY month), 0)
            FROM (SELECT date_trunc('month', o.order_date)::date AS month, sum(${LINE_VALUE}) AS revenue ${SOLD}
                  WHERE ${CONFIRMED} AND o.order_date < date_trunc('month', CURRENT_DATE) GROUP BY 1) m ORDER BY month`,
    },
    'revenue per year, one column per year': {
      sql: `SELECT ${[2, 1, 0].map((back) => `sum(${LINE_VALUE}) FILTER (WHERE extract(year FROM o.order_date) = extract(year FROM CURRENT_DATE) - ${back})`).join(', ')}
            ${SOLD} WHERE ${CONFIRMED}`,
    },
    'top 10 customers by revenue': {
      orderMatters: true,
      sql: `SELECT c.name, sum(${LINE_VALUE}) ${SOLD} JOIN customers c ON c.id = o.customer_id WHERE ${CONFIRMED}
            GROUP BY c.id, c.name ORDER BY 2 DESC LIMIT 10`,
    },
    'revenue by month this year': {
      sql: `SELECT date_trunc('month', o.order_date)::date, sum(${LINE_VALUE}) ${SOLD} WHERE ${CONFIRMED} AND ${THIS_YEAR('o.order_date')} GROUP BY 1`,
    },
    'units sold per product': {
      sql: `SELECT p.name, sum(l.quantity) ${SOLD} JOIN products p ON p.id = l.product_id WHERE ${CONFIRMED} GROUP BY p.id, p.name`,
    },
    'total amount of overdue invoices by customer': {
      sql: `SELECT c.name, sum(i.amount) FROM invoices i JOIN customers c ON c.id = i.customer_id
            WHERE i.status = 'open' AND i.due_date < CURRENT_DATE GROUP BY c.id, c.name`,
    },
    'average order value by month': {
      sql: `SELECT month, avg(value) FROM (SELECT o.id, date_trunc('month', o.order_date)::date AS month, sum(${LINE_VALUE}) AS value
            ${SOLD} WHERE ${CONFIRMED} GROUP BY o.id, 2) per_order GROUP BY month`,
    },
    'orders by status': { sql: `SELECT status, count(*) FROM orders GROUP BY status` },
    'revenue last month': { sql: `SELECT sum(${LINE_VALUE}) ${SOLD} WHERE ${CONFIRMED} AND ${MONTH('o.order_date', 1)}` },
    'revenue by country': {
      sql: `SELECT c.country, sum(${LINE_VALUE}) ${SOLD} JOIN customers c ON c.id = o.customer_id WHERE ${CONFIRMED} GROUP BY c.country`,
    },
    'how many orders this month': { sql: `SELECT count(*) FROM orders o WHERE ${MONTH('o.order_date', 0)}` },
    'revenue by salesperson': {
      sql: `SELECT e.first_name, e.last_name, sum(${LINE_VALUE}) ${SOLD} JOIN employees e ON e.id = o.employee_id WHERE ${CONFIRMED}
            GROUP BY e.id, e.first_name, e.last_name`,
    },
    'top 5 products by revenue': {
      orderMatters: true,
      sql: `SELECT p.name, sum(${LINE_VALUE}) ${SOLD} JOIN products p ON p.id = l.product_id WHERE ${CONFIRMED} GROUP BY p.id, p.name ORDER BY 2 DESC LIMIT 5`,
    },
    'revenue by category': {
      sql: `SELECT c.name, sum(${LINE_VALUE}) ${SOLD} JOIN products p ON p.id = l.product_id JOIN categories c ON c.id = p.category_id
            WHERE ${CONFIRMED} GROUP BY c.id, c.name`,
    },
    'how many customers do we have': { sql: `SELECT count(*) FROM customers` },
    'revenue by customer segment': {
      sql: `SELECT c.segment, sum(${LINE_VALUE}) ${SOLD} JOIN customers c ON c.id = o.customer_id WHERE ${CONFIRMED} GROUP BY c.segment`,
    },
    'orders by month this year': {
      sql: `SELECT date_trunc('month', o.order_date)::date, count(*) FROM orders o WHERE ${THIS_YEAR('o.order_date')} GROUP BY 1`,
    },
    'top 10 products by units sold': {
      orderMatters: true,
      sql: `SELECT p.name, sum(l.quantity) ${SOLD} JOIN products p ON p.id = l.product_id WHERE ${CONFIRMED} GROUP BY p.id, p.name ORDER BY 2 DESC LIMIT 10`,
    },
    'revenue by supplier': {
      sql: `SELECT s.name, sum(${LINE_VALUE}) ${SOLD} JOIN products p ON p.id = l.product_id JOIN suppliers s ON s.id = p.supplier_id
            WHERE ${CONFIRMED} GROUP BY s.id, s.name`,
    },
    'revenue this year vs last year': {
      sql: `SELECT ${[1, 0].map((back) => `sum(${LINE_VALUE}) FILTER (WHERE extract(year FROM o.order_date) = extract(year FROM CURRENT_DATE) - ${back})`).join(', ')}
            ${SOLD} WHERE ${CONFIRMED}`,
    },
  },
  saas: {
    'churn rate by plan': {
      sql: `SELECT p.name, 100.0 * count(*) FILTER (WHERE s.status = 'cancelled' AND s.churn_reason IS DISTINCT FROM 'Trial expired')
              / nullif(count(*) FILTER (WHERE s.status <> 'trialing' AND s.churn_reason IS DISTINCT FROM 'Trial expired'), 0)
            FROM subscriptions s JOIN plans p ON p.id = s.plan_id GROUP BY p.id, p.name`,
    },
    'mrr by plan': { sql: `SELECT p.name, sum(s.mrr) FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE ${LIVE} GROUP BY p.id, p.name` },
    'active subscriptions by plan': {
      sql: `SELECT p.name, count(*) FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.status = 'active' GROUP BY p.id, p.name`,
    },
    'unresolved tickets by priority': { sql: `SELECT priority, count(*) FROM support_tickets WHERE status IN ('open', 'pending') GROUP BY priority` },
    'accounts by segment': { sql: `SELECT segment, count(*) FROM accounts GROUP BY segment` },
    'total mrr': { sql: `SELECT sum(s.mrr) FROM subscriptions s WHERE ${LIVE}` },
    'arr': { sql: `SELECT 12 * sum(s.mrr) FROM subscriptions s WHERE ${LIVE}` },
    'how many active subscriptions': { sql: `SELECT count(*) FROM subscriptions WHERE status = 'active'` },
    'open tickets by priority': { sql: `SELECT priority, count(*) FROM support_tickets WHERE status = 'open' GROUP BY priority` },
    'tickets by channel': { sql: `SELECT channel, count(*) FROM support_tickets GROUP BY channel` },
    'mrr by country': { sql: `SELECT a.country, sum(s.mrr) FROM subscriptions s JOIN accounts a ON a.id = s.account_id WHERE ${LIVE} GROUP BY a.country` },
    'mrr by segment': { sql: `SELECT a.segment, sum(s.mrr) FROM subscriptions s JOIN accounts a ON a.id = s.account_id WHERE ${LIVE} GROUP BY a.segment` },
    'how many overdue invoices': { sql: `SELECT count(*) FROM invoices WHERE status = 'open' AND due_at < CURRENT_DATE` },
    'average satisfaction score by agent': {
      sql: `SELECT a.name, avg(t.satisfaction_score) FROM support_tickets t JOIN support_agents a ON a.id = t.agent_id GROUP BY a.id, a.name`,
    },
    'billings last month': { sql: `SELECT sum(amount) FROM invoices WHERE status <> 'void' AND ${MONTH(`(issued_at AT TIME ZONE 'UTC')`, 1)}` },
    'billings this year vs last year': {
      sql: `SELECT ${[1, 0].map((back) => `sum(amount) FILTER (WHERE extract(year FROM issued_at AT TIME ZONE 'UTC') = extract(year FROM CURRENT_DATE) - ${back})`).join(', ')}
            FROM invoices WHERE status <> 'void'`,
    },
    'billings by month this year': {
      sql: `SELECT date_trunc('month', issued_at AT TIME ZONE 'UTC')::date, sum(amount) FROM invoices
            WHERE status <> 'void' AND ${THIS_YEAR(`(issued_at AT TIME ZONE 'UTC')`)} GROUP BY 1`,
    },
    'top 5 accounts by mrr': {
      orderMatters: true,
      sql: `SELECT a.name, sum(s.mrr) FROM subscriptions s JOIN accounts a ON a.id = s.account_id WHERE ${LIVE} GROUP BY a.id, a.name ORDER BY 2 DESC LIMIT 5`,
    },
    'average satisfaction score by team': {
      sql: `SELECT a.team, avg(t.satisfaction_score) FROM support_tickets t JOIN support_agents a ON a.id = t.agent_id GROUP BY a.team`,
    },
  },
};

const now = new Date();
const sources = useSampleSources(now);

describe('the samples\' verified questions', () => {
  it.each(['wholesale', 'saas'] as const)('%s: each one has its hand-written check', (dataset) => {
    expect(Object.keys(CHECKS[dataset]).sort()).toEqual([...VERIFIED_QUESTIONS[dataset]].sort());
  });

  const all = (['wholesale', 'saas'] as const).flatMap((dataset) => Object.entries(CHECKS[dataset]).map(([question, check]) => [`${dataset}: ${question}`, dataset, question, check] as const));
  it.each(all)('%s', async (_, dataset, question, check) => {
    const source = sources.get(dataset);
    // The reading the engine vouches for, found as the engine finds it (every word read).
    const reading = verifiedReading(question, source.catalog, source.values, shippedModel(), now);
    if (!reading) expect.fail('no reading that reads every word');
    await expectRowsOfSql(source, reading.planned.query, check);
  });
});
