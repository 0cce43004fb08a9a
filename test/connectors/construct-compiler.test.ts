/**
 * Related filters, per-group totals, window measures, a limit per group and having against the
 * average, as the PostgreSQL and MySQL compilers write them: the SQL shape of each, positional
 * parameters bound in text order wherever text is repeated or nested, and the shapes refused.
 */
import { describe, expect, it } from 'vitest';
import { compileMysql } from '../../src/connectors/mysql/mysql-compiler.ts';
import { compilePostgres } from '../../src/connectors/postgres/postgres-compiler.ts';
import { field, type Filter, type LogicalQuery, type Measure, type RelatedFilter } from '../../src/query/logical-query.ts';
import { legalCatalog } from '../adversarial/legal-queries.ts';

function query(parts: Partial<LogicalQuery>): LogicalQuery {
  return { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}
const postgres = (logical: LogicalQuery) => compilePostgres(logical, legalCatalog('public'), { maxRows: 100 });
const mysql = (logical: LogicalQuery) => compileMysql(logical, legalCatalog('shop'), { maxRows: 100 });

const paid: Filter = { kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['paid'] };
const big: Filter = { kind: 'filter', expression: field('orders', 'total'), op: 'gt', values: [100] };
const total: Measure = { id: 'total', label: 'Total', aggregate: 'sum', expression: field('orders', 'total') };
const rows: Measure = { id: 'n', label: 'Orders', aggregate: 'count' };
const status = { id: 'status', label: 'Status', field: field('orders', 'status') };
const month = { id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' as const };
const customer = { id: 'customer', label: 'Customer', field: field('orders', 'customer_id') };
const toOrders = { fromEntity: 'order_lines', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] };
const ordersOfCustomer = (exists: boolean, filters: readonly Filter[]): RelatedFilter => ({
  kind: 'related', exists, root: 'orders', joins: [], link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'customers', outerColumns: ['id'] }, filters,
});
const lineCount = (parts: Partial<Measure> = {}): Measure => ({ id: 'lines', label: 'Lines per order', aggregate: 'avg', per: { aggregate: 'count', by: [field('orders', 'id')] }, ...parts });

describe('related filters', () => {
  const logical = query({
    root: 'customers',
    columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }],
    filters: [{ kind: 'filter', expression: field('customers', 'name'), op: 'starts_with', values: ['A'] }],
    related: [ordersOfCustomer(true, [paid]), ordersOfCustomer(false, [big])],
  });

  it('are correlated EXISTS / NOT EXISTS sub-selects with their own aliases, values bound in text order', () => {
    const pg = postgres(logical);
    expect(pg.text).toBe([
      'SELECT',
      '  t0."name" AS "name"',
      'FROM "customers" AS t0',
      'WHERE t0."name" ILIKE $1',
      '  AND EXISTS (',
      '    SELECT 1',
      '    FROM "orders" AS r0_0',
      '    WHERE r0_0."customer_id" = t0."id"',
      '      AND r0_0."status" = $2',
      '  )',
      '  AND NOT EXISTS (',
      '    SELECT 1',
      '    FROM "orders" AS r1_0',
      '    WHERE r1_0."customer_id" = t0."id"',
      '      AND r1_0."total" > $3',
      '  )',
      'LIMIT $4',
    ].join('\n'));
    expect(pg.params).toEqual(['A%', 'paid', 100, 101]);
    expect(mysql(logical).params).toEqual(['A%', 'paid', 100, 101]);
  });

  it('join inside the sub-select and refuse filters on the outer query\'s tables or a broken link', () => {
    const joined: RelatedFilter = {
      ...ordersOfCustomer(true, [{ kind: 'filter', expression: field('regions', 'name'), op: 'eq', values: ['North'] }]),
      joins: [{ fromEntity: 'orders', fromColumns: ['customer_id'], toEntity: 'customers', toColumns: ['id'] }, { fromEntity: 'customers', fromColumns: ['region_id'], toEntity: 'regions', toColumns: ['id'] }],
    };
    const text = mysql(query({ root: 'customers', measures: [rows], related: [joined] })).text;
    expect(text).toContain('LEFT JOIN `shop`.`customers` AS r0_1 ON r0_1.`id` = r0_0.`customer_id`');
    expect(text).toContain('LEFT JOIN `shop`.`regions` AS r0_2 ON r0_2.`id` = r0_1.`region_id`');
    expect(text).toContain('AND r0_2.`name` = ?');
    const outerFilter = ordersOfCustomer(false, [{ kind: 'filter', expression: field('customers', 'name'), op: 'eq', values: ['x'] }]);
    expect(() => postgres(query({ root: 'customers', measures: [rows], related: [outerFilter] }))).toThrow(/"customers" is neither the root nor joined/);
    const badLink = { ...ordersOfCustomer(true, []), link: { entity: 'orders', columns: ['customer_id'], outerEntity: 'regions', outerColumns: ['id'] } };
    expect(() => postgres(query({ root: 'customers', measures: [rows], related: [badLink] }))).toThrow(/"regions", which is neither the query's root nor joined/);
    const noColumns = { ...ordersOfCustomer(true, []), link: { entity: 'orders', columns: [], outerEntity: 'customers', outerColumns: [] } };
    expect(() => postgres(query({ root: 'customers', measures: [rows], related: [noColumns] }))).toThrow(/matching, non-empty link column lists/);
  });
});

describe('per-group totals', () => {
  const orderValue: Measure = { id: 'order_value', label: 'Order value', aggregate: 'avg', expression: field('order_lines', 'unit_price'), per: { aggregate: 'sum', by: [field('orders', 'id')] } };

  it('group by the dimensions and the per fields first, then aggregate the totals by the dimensions', () => {
    const logical = query({ root: 'order_lines', joins: [toOrders], dimensions: [status], measures: [orderValue, lineCount({ where: [paid] })] });
    expect(postgres(logical).text).toBe([
      'SELECT',
      '  p."status" AS "status",',
      '  AVG(p."order_value") AS "order_value",',
      '  AVG(NULLIF(p."lines", 0)) AS "lines"',
      'FROM (',
      '  SELECT',
      '    t1."status" AS "status",',
      '    SUM(t0."unit_price") AS "order_value",',
      '    COUNT(CASE WHEN t1."status" = $1 THEN 1 END) AS "lines"',
      '  FROM "order_lines" AS t0',
      '  LEFT JOIN "orders" AS t1 ON t1."id" = t0."order_id"',
      '  GROUP BY t1."status", t1."id"',
      ') AS p',
      'GROUP BY p."status"',
      'ORDER BY "status" ASC',
      'LIMIT $2',
    ].join('\n'));
  });

  it('keep a sum of counted totals an integer, and put ratios over the outer aggregates', () => {
    const lines = lineCount({ id: 'all_lines', aggregate: 'sum' });
    const paidLines = lineCount({ id: 'paid_lines', aggregate: 'sum', where: [paid] });
    const share: Measure = { id: 'share', label: 'Share', aggregate: 'ratio', numeratorId: 'paid_lines', denominatorId: 'all_lines' };
    const logical = query({ root: 'order_lines', joins: [toOrders], measures: [lines, paidLines, share] });
    expect(postgres(logical).text).toContain('(SUM(p."all_lines"))::int8 AS "all_lines"');
    expect(postgres(logical).text).toContain('(COALESCE((SUM(NULLIF(p."paid_lines", 0)))::int8, 0)::numeric / NULLIF((SUM(p."all_lines"))::int8, 0)) AS "share"');
    expect(mysql(logical).text).toContain('SUM(p.`all_lines`) AS `all_lines`');
    expect(mysql(logical).params).toEqual(['paid']);
  });

  it('refuse measures with other or no per fields, per on a ratio, and counts of values under a condition', () => {
    const other: Measure = { ...orderValue, id: 'other', per: { aggregate: 'sum', by: [field('orders', 'customer_id')] } };
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [orderValue, other] }))).toThrow(/different fields/);
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [orderValue, rows] }))).toThrow(/"n" needs the same "per"/);
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [{ ...orderValue, per: { aggregate: 'sum', by: [] } }] }))).toThrow(/at least one "per.by"/);
    const ratio: Measure = { id: 'r', label: 'R', aggregate: 'ratio', numeratorId: 'order_value', denominatorId: 'order_value', per: orderValue.per! };
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [orderValue, ratio] }))).toThrow(/takes no "per"/);
    const distinctPaid = lineCount({ expression: field('order_lines', 'quantity'), per: { aggregate: 'count_distinct', by: [field('orders', 'id')] }, where: [paid] });
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [distinctPaid] }))).toThrow(/cannot tell a group without passing rows/);
    const averageOfText: Measure = { ...orderValue, per: { aggregate: 'max', by: [field('orders', 'id')] }, expression: field('orders', 'status') };
    expect(() => postgres(query({ root: 'order_lines', joins: [toOrders], measures: [averageOfText] }))).toThrow(/cannot avg per-group max values that are not numbers/);
  });
});

describe('having against the average', () => {
  const logical = query({
    dimensions: [customer],
    measures: [{ ...total, where: [paid] }, rows],
    filters: [big],
    having: [{ measureId: 'total', op: 'gt', values: [], against: 'average' }, { measureId: 'n', op: 'neq', values: [], against: 'average' }],
  });

  it('compares with the exact mean of the same grouped query, without its having', () => {
    const pg = postgres(logical);
    expect(pg.text).toContain([
      'HAVING SUM(CASE WHEN t0."status" = $1 THEN t0."total" END) > (',
      '    SELECT SUM(s."total")::numeric / NULLIF(COUNT(s."total"), 0)',
      '    FROM (',
      '      SELECT',
      '        SUM(CASE WHEN t0."status" = $3 THEN t0."total" END) AS "total"',
      '      FROM "orders" AS t0',
      '      WHERE t0."total" > $4',
      '      GROUP BY t0."customer_id"',
      '    ) AS s',
      '  )',
      '  AND COUNT(*) IS DISTINCT FROM (',
    ].join('\n'));
  });

  it('binds MySQL\'s positional values in text order, sub-selects included', () => {
    const my = mysql(logical);
    expect(my.text).toContain('AND NOT (COUNT(*) <=> (\n    SELECT CAST(SUM(s.`n`) AS DECIMAL(65,30)) / NULLIF(COUNT(s.`n`), 0)');
    // SELECT's CASE, WHERE, HAVING's CASE, the first sub-select's CASE and WHERE, the second's WHERE, LIMIT.
    expect(my.params).toEqual(['paid', 100, 'paid', 'paid', 100, 100, 101]);
  });

  it('takes no values and no between', () => {
    expect(() => postgres(query({ ...logical, having: [{ measureId: 'n', op: 'gt', values: [3], against: 'average' }] }))).toThrow(/against the average needs 0 values/);
    expect(() => postgres(query({ ...logical, having: [{ measureId: 'n', op: 'between', values: [], against: 'average' }] }))).toThrow(/between/);
  });
});

describe('window measures', () => {
  const windows = query({
    dimensions: [month, status],
    measures: [
      total,
      rows,
      { id: 'share', label: 'Share', aggregate: 'share', of: 'total', within: ['month'], percent: true },
      { id: 'running', label: 'Running', aggregate: 'running_total', of: 'n', along: 'month' },
      { id: 'change', label: 'Change', aggregate: 'change', of: 'total', along: 'month' },
    ],
    filters: [paid],
  });

  it('read the grouped rows as a derived table, the same on both dialects but for quoting, casts and NULL order', () => {
    const pg = postgres(windows);
    expect(pg.text.split('\n').slice(0, 8)).toEqual([
      'SELECT',
      '  w."month" AS "month",',
      '  w."status" AS "status",',
      '  w."total" AS "total",',
      '  w."n" AS "n",',
      '  (w."total"::numeric * 100 / NULLIF(SUM(w."total") OVER (PARTITION BY w."month"), 0)) AS "share",',
      '  (SUM(w."n") OVER (ORDER BY w."month" ASC, w."status" ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::int8 AS "running",',
      '  CASE WHEN LAG(w."month") OVER (PARTITION BY w."status" ORDER BY w."month" ASC) = date_trunc(\'month\', (w."month" - 1)::timestamp)::date'
        + ' THEN (w."total" - LAG(w."total") OVER (PARTITION BY w."status" ORDER BY w."month" ASC)) END AS "change"',
    ]);
    expect(pg.text).toContain(') AS w\nORDER BY "month" ASC, "status" ASC\nLIMIT $2');
    const my = mysql(windows);
    expect(my.text).toContain('CASE WHEN LAG(w.`month`) OVER (PARTITION BY w.`status` ORDER BY w.`month` IS NULL, w.`month` ASC) = CAST(DATE_FORMAT((w.`month` - INTERVAL 1 DAY), \'%Y-%m-01\') AS DATE) THEN');
    expect(my.text).toContain('SUM(w.`n`) OVER (ORDER BY w.`month` IS NULL, w.`month` ASC, w.`status` IS NULL, w.`status` ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS `running`');
    expect(my.params).toEqual(['paid', 101]);
  });

  it('refuse what they cannot mean', () => {
    const refusals: [Measure, RegExp][] = [
      [{ id: 'x', label: 'X', aggregate: 'share', of: 'nothing' }, /not another measure/],
      [{ id: 'x', label: 'X', aggregate: 'share', of: 'total', within: ['customer'] }, /"customer", which is not a dimension/],
      [{ id: 'x', label: 'X', aggregate: 'share', of: 'total', along: 'month' }, /takes no "along"/],
      [{ id: 'x', label: 'X', aggregate: 'running_total', of: 'total' }, /needs "along"/],
      [{ id: 'x', label: 'X', aggregate: 'running_total', of: 'total', along: 'month', within: ['month'] }, /cannot also be within/],
      [{ id: 'x', label: 'X', aggregate: 'running_total', of: 'total', along: 'month', percent: true }, /cannot be in percent/],
      [{ id: 'x', label: 'X', aggregate: 'change', of: 'total', along: 'status' }, /not a date dimension with a grain/],
      [{ id: 'x', label: 'X', aggregate: 'change', of: 'total', along: 'month', within: ['status'] }, /takes no "within"/],
      [{ id: 'x', label: 'X', aggregate: 'change', of: 'share', along: 'month' }, /cannot read the window measure "share"/],
      [{ id: 'x', label: 'X', aggregate: 'share', of: 'total', expression: field('orders', 'total') }, /takes no expression/],
      [{ id: 'x', label: 'X', aggregate: 'ratio', numeratorId: 'share', denominatorId: 'total' }, /cannot divide a window measure/],
    ];
    for (const [measure, message] of refusals) {
      expect(() => postgres(query({ ...windows, measures: [...windows.measures, measure] })), measure.aggregate).toThrow(message);
    }
    expect(() => postgres(query({ ...windows, having: [{ measureId: 'share', op: 'gt', values: [1] }] }))).toThrow(/cannot be filtered by the window measure/);
    expect(() => mysql(query({ ...windows, measures: [...windows.measures, { ...rows, id: 'N' }] }))).toThrow(/"n" and "N" differ only in letter case/);
  });
});

describe('a limit per group', () => {
  const top = query({
    dimensions: [status, customer],
    measures: [total, rows],
    filters: [big],
    limitPerGroup: { by: ['status'], order: [{ id: 'total', direction: 'desc' }], limit: 3 },
  });

  it('numbers the rows of each group, ties broken by the other columns, and keeps the first ones without the number', () => {
    const pg = postgres(top);
    expect(pg.text).toBe([
      'SELECT',
      '  r."status" AS "status",',
      '  r."customer" AS "customer",',
      '  r."total" AS "total",',
      '  r."n" AS "n"',
      'FROM (',
      '  SELECT',
      '    g."status" AS "status",',
      '    g."customer" AS "customer",',
      '    g."total" AS "total",',
      '    g."n" AS "n",',
      '    ROW_NUMBER() OVER (PARTITION BY g."status" ORDER BY g."total" DESC NULLS LAST, g."customer" ASC, g."n" ASC) AS "rn"',
      '  FROM (',
      '    SELECT',
      '      t0."status" AS "status",',
      '      t0."customer_id" AS "customer",',
      '      SUM(t0."total") AS "total",',
      '      COUNT(*) AS "n"',
      '    FROM "orders" AS t0',
      '    WHERE t0."total" > $1',
      '    GROUP BY t0."status", t0."customer_id"',
      '  ) AS g',
      ') AS r',
      'WHERE r."rn" <= $2',
      'ORDER BY "status" ASC, r."rn"',
      'LIMIT $3',
    ].join('\n'));
    expect(pg.params).toEqual([100, 3, 101]);
    expect(mysql({ ...top, limit: 5, order: [{ id: 'total', direction: 'desc' }] }).text).toMatch(/WHERE r\.`rn` <= \?\nORDER BY `total` DESC, `status` IS NULL, `status` ASC, `customer` IS NULL, `customer` ASC\nLIMIT \?$/);
  });

  it('names the row number apart from every output column', () => {
    const taken = query({ ...top, dimensions: [{ ...status, id: 'RN' }, customer], limitPerGroup: { ...top.limitPerGroup!, by: ['RN'] } });
    expect(postgres(taken).text).toContain(') AS "rn_1"');
  });

  it('refuses groups or ranks that are not output columns, and lists', () => {
    const cut = top.limitPerGroup!;
    expect(() => postgres(query({ ...top, limitPerGroup: { ...cut, by: ['total'] } }))).toThrow(/by "total", which is not a dimension/);
    expect(() => postgres(query({ ...top, limitPerGroup: { ...cut, order: [] } }))).toThrow(/needs an order/);
    expect(() => postgres(query({ ...top, limitPerGroup: { ...cut, order: [{ id: 'status', direction: 'asc' }] } }))).toThrow(/ranks by "status"/);
    expect(() => postgres(query({ ...top, limitPerGroup: { ...cut, limit: 0 } }))).toThrow(/positive integer/);
    expect(() => postgres(query({ columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }], limitPerGroup: cut }))).toThrow(/aggregate query with dimensions/);
  });
});
