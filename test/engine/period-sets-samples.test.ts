/**
 * Set questions over two periods on the samples, answered as users ask them, against hand-written
 * SQL: related rows in the first period and none (or some) in the second.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { runSql } from './accuracy/evaluate-samples.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';

const now = new Date();
const sources = useSampleSources(now);
const LAST_YEAR = `o.order_date >= date_trunc('year', CURRENT_DATE) - interval '1 year' AND o.order_date < date_trunc('year', CURRENT_DATE)`;
const THIS_YEAR = `o.order_date >= date_trunc('year', CURRENT_DATE) AND o.order_date < date_trunc('year', CURRENT_DATE) + interval '1 year'`;

describe('two periods of the same related rows', () => {
  it('"customers who ordered last year but not this year": orders last year, none this year', async () => {
    const source = sources.get('wholesale');
    const planned = planQuestion('customers who ordered last year but not this year', { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    const sql = `SELECT c.name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${LAST_YEAR}) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${THIS_YEAR})`;
    expect((await runSql(source.connector, sql)).rows.length, 'the sample has such customers').toBeGreaterThan(0);
    await expectRowsOfSql(source, planned.query, { sql });
  });

  it('"how many customers ordered both last year and this year": orders in each', async () => {
    const source = sources.get('wholesale');
    const planned = planQuestion('How many customers ordered both last year and this year?', { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    await expectRowsOfSql(source, planned.query, { sql: `SELECT count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${LAST_YEAR}) AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${THIS_YEAR})` });
  });
});
