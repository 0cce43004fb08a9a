/**
 * Ways business users phrase questions, on the wholesale sample, each answered with the rows of a
 * hand-written query: "how much did X spend" (the revenue metric said as a verb, and a value said
 * right after rows is theirs), a unit after the number a comparison uses ("more than 30 days"), a
 * metric's term split by "did we", and a bare number after rows with one amount.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';

const now = new Date();
const sources = useSampleSources(now);
const lastYear = now.getUTCFullYear() - 1;
const LAST_YEAR = (column: string) => `${column} >= '${lastYear}-01-01' AND ${column} < '${lastYear + 1}-01-01'`;

const QUESTIONS: readonly { question: string; sql: string }[] = [
  {
    question: `How much did customers in Germany spend in ${lastYear}?`,
    sql: `SELECT sum(l.quantity * l.unit_price * (1 - l.discount)) FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN customers c ON c.id = o.customer_id
          WHERE c.country = 'Germany' AND o.status <> 'cancelled' AND ${LAST_YEAR('o.order_date')}`,
  },
  { question: 'how many customers have payment terms of more than 30 days', sql: 'SELECT count(*) FROM customers WHERE payment_terms_days > 30' },
  {
    question: 'How many units did we sell last year?',
    sql: `SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled' AND ${LAST_YEAR('o.order_date')}`,
  },
  { question: 'number of invoices over 5000', sql: 'SELECT count(*) FROM invoices WHERE amount > 5000' },
];

describe('business phrasings on the wholesale sample', () => {
  it.each(QUESTIONS.map((entry) => [entry.question, entry] as const))('%s', async (_, { question, sql }) => {
    const source = sources.get('wholesale');
    const planned = planQuestion(question, { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    await expectRowsOfSql(source, planned.query, { sql });
  });
});
