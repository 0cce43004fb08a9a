/**
 * The words the samples' semantic layer gives their tables and columns, as their owner would say
 * them: in the SaaS sample the customers are the accounts (companies), "company size" their
 * employee count and "customer satisfaction" the tickets' score; in the wholesale sample the staff
 * are the employees, clients the customers and the list price the products' unit price. Each question is answered with the rows of a
 * hand-written query.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import type { SampleSlug } from '../../src/samples/sample-datasets.ts';

const QUESTIONS: readonly { dataset: SampleSlug; question: string; sql: string }[] = [
  { dataset: 'saas', question: 'how many customers do we have', sql: 'SELECT count(*) FROM accounts' },
  { dataset: 'saas', question: 'average company size of Enterprise accounts', sql: `SELECT avg(employee_count) FROM accounts WHERE segment = 'Enterprise'` },
  { dataset: 'saas', question: 'What is the average customer satisfaction score on tickets?', sql: 'SELECT avg(satisfaction_score) FROM support_tickets' },
  { dataset: 'wholesale', question: 'how many staff members are in Germany?', sql: `SELECT count(*) FROM employees WHERE country = 'Germany'` },
  { dataset: 'wholesale', question: 'number of clients in France', sql: `SELECT count(*) FROM customers WHERE country = 'France'` },
  { dataset: 'wholesale', question: 'What is the average list price of our products?', sql: 'SELECT avg(unit_price) FROM products' },
];

const now = new Date();
const sources = useSampleSources(now);

describe('the samples\' own words for their tables and columns', () => {
  it.each(QUESTIONS.map((entry) => [`${entry.dataset}: ${entry.question}`, entry] as const))('%s', async (_, { dataset, question, sql }) => {
    const source = sources.get(dataset);
    const planned = planQuestion(question, { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    await expectRowsOfSql(source, planned.query, { sql });
  });
});
