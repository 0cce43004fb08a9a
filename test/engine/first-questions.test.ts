/**
 * The day-one questions of issue 8's first paragraph, on the samples: each is answered (several as
 * the reading of a verified question of the sample's semantic layer), with the rows of a
 * hand-written query.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import type { SampleSlug } from '../../src/samples/sample-datasets.ts';

const LINE_VALUE = 'l.quantity * l.unit_price * (1 - l.discount)';
const CONFIRMED = `o.status <> 'cancelled'`;

const QUESTIONS: readonly { dataset: SampleSlug; question: string; sql: string; orderMatters?: boolean }[] = [
  { dataset: 'wholesale', question: 'how many open invoices are overdue?', sql: `SELECT count(*) FROM invoices WHERE status = 'open' AND due_date < CURRENT_DATE` },
  { dataset: 'saas', question: 'how many open invoices are overdue?', sql: `SELECT count(*) FROM invoices WHERE status = 'open' AND due_at < CURRENT_DATE` },
  {
    dataset: 'wholesale', question: 'average order value last quarter',
    sql: `SELECT avg(v) FROM (SELECT o.id, sum(${LINE_VALUE}) AS v FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE ${CONFIRMED} AND o.order_date >= date_trunc('quarter', CURRENT_DATE) - interval '3 months' AND o.order_date < date_trunc('quarter', CURRENT_DATE) GROUP BY o.id) s`,
  },
  {
    dataset: 'wholesale', question: 'who are our best salespeople?', orderMatters: true,
    sql: `SELECT e.first_name, e.last_name FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN employees e ON e.id = o.employee_id
          WHERE ${CONFIRMED} GROUP BY e.id, e.first_name, e.last_name ORDER BY sum(${LINE_VALUE}) DESC LIMIT 1`,
  },
  {
    dataset: 'wholesale', question: 'which customers have not ordered in the last 6 months?',
    sql: `SELECT c.name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id
          AND o.order_date >= date_trunc('month', CURRENT_DATE) - interval '6 months' AND o.order_date < date_trunc('month', CURRENT_DATE))`,
  },
  {
    dataset: 'wholesale', question: 'gross margin by category',
    sql: `SELECT c.name, sum(${LINE_VALUE} - l.quantity * p.unit_cost) FROM order_lines l JOIN orders o ON o.id = l.order_id
          JOIN products p ON p.id = l.product_id JOIN categories c ON c.id = p.category_id WHERE ${CONFIRMED} GROUP BY c.id, c.name`,
  },
  {
    dataset: 'saas', question: 'churn rate by plan',
    sql: `SELECT p.name, 100.0 * count(*) FILTER (WHERE s.status = 'cancelled' AND s.churn_reason IS DISTINCT FROM 'Trial expired')
            / nullif(count(*) FILTER (WHERE s.status <> 'trialing' AND s.churn_reason IS DISTINCT FROM 'Trial expired'), 0)
          FROM subscriptions s JOIN plans p ON p.id = s.plan_id GROUP BY p.id, p.name`,
  },
  { dataset: 'wholesale', question: 'unpaid invoices total', sql: `SELECT sum(amount) FROM invoices WHERE status = 'open'` },
  {
    dataset: 'wholesale', question: 'top 3 products per category',
    sql: `SELECT category, product FROM (SELECT c.name AS category, p.name AS product,
            row_number() OVER (PARTITION BY c.id ORDER BY sum(${LINE_VALUE}) DESC) AS rank
          FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN products p ON p.id = l.product_id JOIN categories c ON c.id = p.category_id
          WHERE ${CONFIRMED} GROUP BY c.id, c.name, p.id, p.name) ranked WHERE rank <= 3`,
  },
  {
    dataset: 'wholesale', question: 'month-over-month revenue growth', orderMatters: true,
    sql: `SELECT month, revenue, 100.0 * (revenue - lag(revenue) OVER (ORDER BY month)) / nullif(lag(revenue) OVER (ORDER BY month), 0)
          FROM (SELECT date_trunc('month', o.order_date)::date AS month, sum(${LINE_VALUE}) AS revenue FROM orders o JOIN order_lines l ON l.order_id = o.id
                WHERE ${CONFIRMED} AND o.order_date < date_trunc('month', CURRENT_DATE) GROUP BY 1) m ORDER BY month`,
  },
  {
    dataset: 'wholesale', question: 'revenue per year, one column per year',
    sql: `SELECT ${[0, 1, 2].map((back) => `sum(${LINE_VALUE}) FILTER (WHERE extract(year FROM o.order_date) = extract(year FROM CURRENT_DATE) - ${2 - back})`).join(', ')}
          FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE ${CONFIRMED}`,
  },
];

const now = new Date();
const sources = useSampleSources(now);

describe('the first questions business users ask, answered right', () => {
  it.each(QUESTIONS.map((entry) => [`${entry.dataset}: ${entry.question}`, entry] as const))('%s', async (_, { dataset, question, sql, orderMatters }) => {
    const source = sources.get(dataset);
    const planned = planQuestion(question, { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    await expectRowsOfSql(source, planned.query, { sql, ...(orderMatters ? { orderMatters } : {}) });
  });
});
