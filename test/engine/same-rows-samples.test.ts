/**
 * "List the customers in Austria": the customers' own country, or the country their orders were
 * shipped to. On words alone the two readings are too close to answer; on the wholesale sample
 * they list the same customers, so whichever was meant, the answer is the same and it is given,
 * read as the nearer one.
 */
import { expect, it } from 'vitest';
import { useSampleSources } from './accuracy/sample-sql-checks.ts';
import { runSql } from './accuracy/evaluate-samples.ts';
import { planQuestion, planQuestionOnData } from '../../src/engine/builtin-engine.ts';
import { rowsOnConnection } from '../../src/runs/rows-of.ts';

const now = new Date();
const sources = useSampleSources(now);
const question = 'List the customers in Austria';

it('answers readings too close to tell apart by their words when they give the same rows', async () => {
  const { connector, catalog, values } = sources.get('wholesale');
  const own = await runSql(connector, `SELECT name FROM customers WHERE country = 'Austria' ORDER BY name`);
  const shipped = await runSql(connector, `SELECT DISTINCT c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.ship_country = 'Austria' ORDER BY c.name`);
  expect(own.rows.length, 'the sample has customers in Austria').toBeGreaterThan(1);
  expect(shipped.rows, 'the two readings give the same customers on this data').toEqual(own.rows);

  expect(planQuestion(question, { catalog, values, now }, { suggest: false }).ok).toBe(false);
  const planned = await planQuestionOnData(question, { catalog, values, now, rowsOf: rowsOnConnection(connector, catalog, { maxRows: 10_000 }) }, { suggest: false });
  if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
  expect(planned.query.root).toBe('customers');
  expect(planned.query.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'customers', column: 'country' }, values: ['Austria'] }));
});
