/**
 * "How much did customers in Germany spend in 2024?": "how much did" asks for the amount the verb
 * of its clause names (the sample's revenue metric said as "spend"), and a value said right after
 * rows is theirs (the customers' country, not the orders' ship country). On the wholesale sample,
 * with the rows of a hand-written query.
 */
import { expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';

const now = new Date();
const sources = useSampleSources(now);
const lastYear = now.getUTCFullYear() - 1;

it('reads "how much did X spend" as the revenue of X', async () => {
  const source = sources.get('wholesale');
  const planned = planQuestion(`How much did customers in Germany spend in ${lastYear}?`, { catalog: source.catalog, values: source.values, now }, { suggest: false });
  if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
  await expectRowsOfSql(source, planned.query, {
    sql: `SELECT sum(l.quantity * l.unit_price * (1 - l.discount)) FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN customers c ON c.id = o.customer_id
          WHERE c.country = 'Germany' AND o.status <> 'cancelled' AND o.order_date >= '${lastYear}-01-01' AND o.order_date < '${lastYear + 1}-01-01'`,
  });
});
