/**
 * Counts asked of every member of a group on the samples, against hand-written SQL that lists the
 * members with none too (a LEFT JOIN): those members are in the answer, with 0.
 */
import { describe, expect, it } from 'vitest';
import { expectRowsOfSql, useSampleSources } from './accuracy/sample-sql-checks.ts';
import { runSql } from './accuracy/evaluate-samples.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';

const now = new Date();
const sources = useSampleSources(now);
const SQL = `SELECT e.first_name, e.last_name, count(o.id) FROM employees e LEFT JOIN orders o ON o.employee_id = e.id GROUP BY e.id, e.first_name, e.last_name`;

describe('a count asked of each member of a group', () => {
  it('lists every employee with their orders, those with none as 0', async () => {
    const source = sources.get('wholesale');
    const planned = planQuestion('How many orders has each employee taken?', { catalog: source.catalog, values: source.values, now }, { suggest: false });
    if (!planned.ok) expect.fail(`declined: ${planned.code} ${planned.reason}`);
    expect(planned.assumptions).toContainEqual(expect.stringMatching(/is listed, one with no orders with 0\.$/));
    const gold = await runSql(source.connector, SQL);
    expect(gold.rows.some((row) => Number(row[2]) === 0), 'the sample has employees without orders').toBe(true);
    await expectRowsOfSql(source, planned.query, { sql: SQL });
  });
});
