/**
 * Conditional measures (`where`) and ratios, as the PostgreSQL and MySQL compilers write them:
 * the CASE inside the aggregate, the exact percentage guarded against a zero denominator, HAVING
 * and ORDER BY on a ratio, and positional parameters bound again wherever the text is repeated.
 */
import { describe, expect, it } from 'vitest';
import { compileMysql } from '../../src/connectors/mysql/mysql-compiler.ts';
import { compilePostgres } from '../../src/connectors/postgres/postgres-compiler.ts';
import { field, type Filter, type LogicalQuery, type Measure } from '../../src/query/logical-query.ts';
import { legalCatalog } from '../adversarial/legal-queries.ts';

const cancelled: Filter = { kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['cancelled'] };
const rows: Measure = { id: 'n', label: 'Orders', aggregate: 'count' };
const cancelledRows: Measure = { ...rows, id: 'cancelled', where: [cancelled] };
const share: Measure = { id: 'share', label: 'Share of orders', aggregate: 'ratio', numeratorId: 'cancelled', denominatorId: 'n', percent: true, unit: '%' };

function query(parts: Partial<LogicalQuery>): LogicalQuery {
  return { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}
const postgres = (logical: LogicalQuery) => compilePostgres(logical, legalCatalog('public'), { maxRows: 100 });
const mysql = (logical: LogicalQuery) => compileMysql(logical, legalCatalog('shop'), { maxRows: 100 });

describe('conditional measures and ratios in SQL', () => {
  it('counts the rows passing a measure\'s filters, and divides in percent, exactly, NULL on a zero denominator', () => {
    const compiled = postgres(query({ measures: [cancelledRows, rows, share] }));
    expect(compiled.text.split('\n').slice(0, 4)).toEqual([
      'SELECT',
      '  COUNT(CASE WHEN t0."status" = $1 THEN 1 END) AS "cancelled",',
      '  COUNT(*) AS "n",',
      '  (COALESCE(COUNT(CASE WHEN t0."status" = $1 THEN 1 END), 0)::numeric * 100 / NULLIF(COUNT(*), 0)) AS "share"',
    ]);
    expect(compiled.params).toEqual(['cancelled']);
  });

  it('sums under a condition and keeps a plain fraction without percent', () => {
    const total: Measure = { id: 'total', label: 'Total', aggregate: 'sum', expression: field('orders', 'total') };
    const paid: Measure = { ...total, id: 'paid', where: [{ ...cancelled, values: ['paid'] }, { kind: 'filter', expression: field('orders', 'total'), op: 'gt', values: [0] }] };
    const fraction: Measure = { id: 'fraction', label: 'Fraction', aggregate: 'ratio', numeratorId: 'paid', denominatorId: 'total' };
    const text = postgres(query({ measures: [paid, total, fraction] })).text;
    expect(text).toContain('SUM(CASE WHEN t0."status" = $1 AND t0."total" > $2 THEN t0."total" END) AS "paid"');
    expect(text).toContain('(COALESCE(SUM(CASE WHEN t0."status" = $1 AND t0."total" > $2 THEN t0."total" END), 0)::numeric / NULLIF(SUM(t0."total"), 0)) AS "fraction"');
  });

  it('filters and orders groups by a ratio; MySQL binds repeated text again and keeps 30 decimals', () => {
    const logical = query({
      measures: [cancelledRows, rows, share],
      dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
      having: [{ measureId: 'share', op: 'gte', values: [50] }],
      order: [{ id: 'share', direction: 'desc' }],
    });
    const pg = postgres(logical);
    expect(pg.text).toContain('HAVING (COALESCE(COUNT(CASE WHEN t0."status" = $1 THEN 1 END), 0)::numeric * 100 / NULLIF(COUNT(*), 0)) >= $2::numeric');
    expect(pg.text).toContain('ORDER BY "share" DESC NULLS LAST');
    const my = mysql(logical);
    expect(my.text).toContain('(CAST(COALESCE(COUNT(CASE WHEN t0.`status` = ? THEN 1 END), 0) AS DECIMAL(65,30)) * 100 / NULLIF(COUNT(*), 0)) AS `share`');
    expect(my.params).toEqual(['cancelled', 'cancelled', 'cancelled', '50', 101]);
  });

  it('refuses malformed ratios and conditions', () => {
    const refusals: [Measure[], RegExp][] = [
      [[rows, { ...share, numeratorId: 'nope' }], /not a measure of the query/],
      [[rows, { ...share, numeratorId: undefined }], /needs a numerator/],
      [[rows, { ...share, numeratorId: 'n', denominatorId: 'share' }], /another ratio/],
      [[cancelledRows, rows, { ...share, where: [cancelled] }], /neither an expression nor filters/],
      [[{ ...rows, where: [] }], /empty "where"/],
    ];
    for (const [measures, message] of refusals) {
      for (const compile of [postgres, mysql]) {
        expect(() => compile(query({ measures })), JSON.stringify(measures)).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }));
      }
    }
  });
});
