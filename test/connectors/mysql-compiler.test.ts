import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogEntity, ValueType } from '../../src/connectors/catalog.ts';
import { compileMysql } from '../../src/connectors/mysql/mysql-compiler.ts';
import { isQuerentError } from '../../src/core/errors.ts';
import { field, type Filter, type LogicalQuery, type ScalarExpression } from '../../src/query/logical-query.ts';

function column(name: string, type: ValueType, nativeType: string = type): CatalogColumn {
  return { name, type, nativeType, nullable: true };
}

function entity(name: string, columns: CatalogColumn[], parts: Partial<CatalogEntity> = {}): CatalogEntity {
  return { name, schema: 'shop', table: name, isView: false, rowCount: 10, primaryKey: ['id'], columns, foreignKeys: [], ...parts };
}

const HOSTILE = 'we`ird`; DROP TABLE orders; --';

const catalog: Catalog = {
  entities: [
    entity('orders', [column('id', 'integer'), column('customer_id', 'integer'), column('status', 'text'), column('ordered_at', 'timestamp'), column('shipped_on', 'date'), column('total', 'number'), column('paid', 'boolean')]),
    entity('customers', [column('id', 'integer'), column('name', 'text'), column('region_id', 'integer')]),
    entity('regions', [column('id', 'integer'), column('name', 'text')]),
    entity('order_lines', [column('order_id', 'integer'), column('quantity', 'integer'), column('unit_price', 'number'), column('discount', 'number')]),
    entity(HOSTILE, [column('id', 'integer'), column('col`umn', 'text')]),
  ],
};

function query(parts: Partial<LogicalQuery> & { root: string }): LogicalQuery {
  return { kind: 'select', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

function filter(expression: ScalarExpression, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression, op, values };
}

const compile = (logical: LogicalQuery, maxRows = 1000) => compileMysql(logical, catalog, { maxRows });
const count = { id: 'orders', label: 'Orders', aggregate: 'count' } as const;

describe('compileMysql', () => {
  it('counts rows: one row, so no LIMIT', () => {
    expect(compile(query({ root: 'orders', measures: [count] }))).toEqual({
      language: 'sql',
      dialect: 'mysql',
      text: 'SELECT\n  COUNT(*) AS `orders`\nFROM `shop`.`orders` AS t0',
      params: [],
    });
  });

  it('sums arithmetic with parentheses, literals as exact decimals, and guarded division', () => {
    const revenue: ScalarExpression = {
      kind: 'arithmetic',
      op: '*',
      left: { kind: 'arithmetic', op: '*', left: field('order_lines', 'quantity'), right: field('order_lines', 'unit_price') },
      right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: field('order_lines', 'discount') },
    };
    const perUnit: ScalarExpression = { kind: 'arithmetic', op: '/', left: field('order_lines', 'unit_price'), right: field('order_lines', 'quantity') };
    const compiled = compile(query({
      root: 'order_lines',
      measures: [
        { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: revenue },
        { id: 'price_per_unit', label: 'Per unit', aggregate: 'avg', expression: perUnit },
      ],
    }));
    expect(compiled.text).toBe([
      'SELECT',
      '  SUM(((t0.`quantity` * t0.`unit_price`) * (CAST(? AS DECIMAL(65,30)) - t0.`discount`))) AS `revenue`,',
      '  AVG((t0.`unit_price` / NULLIF(t0.`quantity`, 0))) AS `price_per_unit`',
      'FROM `shop`.`order_lines` AS t0',
    ].join('\n'));
    expect(compiled.params).toEqual(['1']);
  });

  it('groups by month as a date, ordered by time with NULLs last, with LIMIT maxRows + 1', () => {
    const compiled = compile(query({
      root: 'orders',
      dimensions: [{ id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' }],
      measures: [count],
    }), 500);
    expect(compiled.text).toBe([
      'SELECT',
      "  CAST(DATE_FORMAT(t0.`ordered_at`, '%Y-%m-01') AS DATE) AS `month`,",
      '  COUNT(*) AS `orders`',
      'FROM `shop`.`orders` AS t0',
      "GROUP BY CAST(DATE_FORMAT(t0.`ordered_at`, '%Y-%m-01') AS DATE)",
      'ORDER BY `month` IS NULL, `month` ASC',
      'LIMIT ?',
    ].join('\n'));
    expect(compiled.params).toEqual([501]);
  });

  it('truncates to every grain with MySQL date functions', () => {
    const grains = { year: 'MAKEDATE(YEAR(t0.`shipped_on`), 1)', quarter: '(MAKEDATE(YEAR(t0.`shipped_on`), 1) + INTERVAL (QUARTER(t0.`shipped_on`) - 1) QUARTER)', week: '(DATE(t0.`shipped_on`) - INTERVAL WEEKDAY(t0.`shipped_on`) DAY)', day: 'DATE(t0.`shipped_on`)' } as const;
    for (const [grain, sql] of Object.entries(grains)) {
      const compiled = compile(query({ root: 'orders', dimensions: [{ id: 'p', label: 'P', field: field('orders', 'shipped_on'), grain: grain as keyof typeof grains }], measures: [count] }));
      expect(compiled.text.split('\n')[1]).toBe(`  ${sql} AS \`p\`,`);
    }
    expect(() => compile(query({ root: 'orders', dimensions: [{ id: 'p', label: 'P', field: field('orders', 'status'), grain: 'month' }], measures: [count] }))).toThrow(/not a date/);
  });

  it('joins two and three tables as LEFT JOINs aliased in order', () => {
    const compiled = compile(query({
      root: 'orders',
      joins: [
        { fromEntity: 'orders', fromColumns: ['customer_id'], toEntity: 'customers', toColumns: ['id'] },
        { fromEntity: 'customers', fromColumns: ['region_id'], toEntity: 'regions', toColumns: ['id'] },
      ],
      dimensions: [{ id: 'region', label: 'Region', field: field('regions', 'name') }],
      measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: field('orders', 'total') }],
      order: [{ id: 'revenue', direction: 'desc' }],
      limit: 5,
    }));
    expect(compiled.text).toBe([
      'SELECT',
      '  t2.`name` AS `region`,',
      '  SUM(t0.`total`) AS `revenue`',
      'FROM `shop`.`orders` AS t0',
      'LEFT JOIN `shop`.`customers` AS t1 ON t1.`id` = t0.`customer_id`',
      'LEFT JOIN `shop`.`regions` AS t2 ON t2.`id` = t1.`region_id`',
      'GROUP BY t2.`name`',
      'ORDER BY `revenue` DESC, `region` IS NULL, `region` ASC',
      'LIMIT ?',
    ].join('\n'));
    expect(compiled.params).toEqual([5]);
  });

  it('filters groups with HAVING, repeating the aggregate, bounds as exact decimals', () => {
    const compiled = compile(query({
      root: 'orders',
      dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
      measures: [count],
      having: [{ measureId: 'orders', op: 'gt', values: [2.5] }, { measureId: 'orders', op: 'neq', values: [7] }],
    }));
    expect(compiled.text).toContain('HAVING COUNT(*) > CAST(? AS DECIMAL(65,30))\n  AND NOT (COUNT(*) <=> CAST(? AS DECIMAL(65,30)))');
    expect(compiled.params).toEqual(['2.5', '7', 1001]);
  });

  it('binds the literals of a measure again where HAVING repeats it (`?` placeholders are positional)', () => {
    const net = { kind: 'arithmetic', op: '*', left: field('order_lines', 'unit_price'), right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: field('order_lines', 'discount') } } as const;
    const compiled = compile(query({
      root: 'order_lines',
      dimensions: [{ id: 'order', label: 'Order', field: field('order_lines', 'order_id') }],
      measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: net }],
      having: [{ measureId: 'revenue', op: 'gt', values: [100] }],
    }));
    const revenue = 'SUM((t0.`unit_price` * (CAST(? AS DECIMAL(65,30)) - t0.`discount`)))';
    expect(compiled.text).toContain(`${revenue} AS \`revenue\``);
    expect(compiled.text).toContain(`HAVING ${revenue} > CAST(? AS DECIMAL(65,30))`);
    expect(compiled.params).toEqual(['1', '1', '100', 1001]);
    expect(compiled.text.split('?').length - 1).toBe(compiled.params.length);
  });

  it('lists distinct columns with the requested limit when within the cap, and caps it otherwise', () => {
    const list = query({ root: 'customers', columns: [{ id: 'name', label: 'Name', field: field('customers', 'name') }], distinct: true, order: [{ id: 'name', direction: 'asc' }], limit: 10 });
    expect(compile(list)).toMatchObject({
      text: 'SELECT DISTINCT\n  t0.`name` AS `name`\nFROM `shop`.`customers` AS t0\nORDER BY `name` IS NULL, `name` ASC\nLIMIT ?',
      params: [10],
    });
    expect(compile({ ...list, limit: 5000 }, 100).params).toEqual([101]);
  });

  describe('filters', () => {
    const where = (condition: Filter) => {
      const compiled = compile(query({ root: 'orders', measures: [count], filters: [condition] }));
      return { where: compiled.text.split('\n').find((line) => line.startsWith('WHERE ')), params: compiled.params };
    };
    const cases: [Filter, string, unknown[]][] = [
      [filter(field('orders', 'status'), 'eq', ['paid']), 'WHERE t0.`status` = ?', ['paid']],
      [filter(field('orders', 'status'), 'neq', ['paid']), 'WHERE NOT (t0.`status` <=> ?)', ['paid']],
      [filter(field('orders', 'status'), 'in', ['paid', 'shipped']), 'WHERE t0.`status` IN (?, ?)', ['paid', 'shipped']],
      [filter(field('orders', 'status'), 'not_in', ['paid']), 'WHERE (t0.`status` NOT IN (?) OR t0.`status` IS NULL)', ['paid']],
      [filter(field('orders', 'total'), 'gt', [2.5]), 'WHERE t0.`total` > CAST(? AS DECIMAL(65,30))', ['2.5']],
      [filter(field('orders', 'total'), 'gte', [3]), 'WHERE t0.`total` >= ?', [3]],
      [filter(field('orders', 'total'), 'lt', [3]), 'WHERE t0.`total` < ?', [3]],
      [filter(field('orders', 'total'), 'lte', [3]), 'WHERE t0.`total` <= ?', [3]],
      [filter(field('orders', 'id'), 'between', [5, 10.5]), 'WHERE t0.`id` BETWEEN ? AND CAST(? AS DECIMAL(65,30))', [5, '10.5']],
      [filter(field('orders', 'ordered_at'), 'gte', ['2024-03-01']), 'WHERE t0.`ordered_at` >= ?', ['2024-03-01']],
      [filter(field('orders', 'paid'), 'eq', [true]), 'WHERE t0.`paid` = ?', [true]],
      [filter(field('orders', 'total'), 'is_null', []), 'WHERE t0.`total` IS NULL', []],
      [filter(field('orders', 'total'), 'not_null', []), 'WHERE t0.`total` IS NOT NULL', []],
      [
        filter(field('orders', 'status'), 'contains', ['100%_a!b']),
        "WHERE LOWER(CONVERT(t0.`status` USING utf8mb4)) LIKE LOWER(?) COLLATE utf8mb4_bin ESCAPE '!'",
        ['%100!%!_a!!b%'],
      ],
    ];
    for (const [condition, expected, params] of cases) {
      it(`${condition.op} → ${expected}`, () => {
        expect(where(condition)).toEqual({ where: expected, params });
      });
    }

    it('rejects a wrong number of values, and non-finite numbers', () => {
      expect(() => where(filter(field('orders', 'id'), 'between', [1]))).toThrow(/2 values/);
      expect(() => where(filter(field('orders', 'id'), 'in', []))).toThrow(/at least one/);
      expect(() => where(filter(field('orders', 'id'), 'gt', [Number.NaN]))).toThrow(/finite/);
    });
  });

  it('quotes hostile table and column names, doubling the backticks inside', () => {
    const compiled = compile(query({
      root: HOSTILE,
      columns: [{ id: 'x`y', label: 'X', field: field(HOSTILE, 'col`umn') }],
      filters: [filter(field(HOSTILE, 'col`umn'), 'eq', ["'; DROP TABLE orders; --"])],
    }));
    expect(compiled.text).toBe([
      'SELECT',
      '  t0.`col``umn` AS `x``y`',
      'FROM `shop`.`we``ird``; DROP TABLE orders; --` AS t0',
      'WHERE t0.`col``umn` = ?',
      'LIMIT ?',
    ].join('\n'));
    expect(compiled.params).toEqual(["'; DROP TABLE orders; --", 1001]);
  });

  it('accepts only a select root, and only catalog entities and columns', () => {
    expect(() => compile({ ...query({ root: 'orders', measures: [count] }), kind: 'delete' as 'select' })).toThrow(/select/);
    expect(() => compile(query({ root: 'nope', measures: [count] }))).toThrow(/nope/);
    expect(() => compile(query({ root: 'orders', columns: [{ id: 'x', label: 'X', field: field('orders', 'nope') }] }))).toThrow(/nope/);
    expect(() => compile(query({ root: 'orders', measures: [count], joins: [{ fromEntity: 'regions', fromColumns: ['id'], toEntity: 'customers', toColumns: ['id'] }] }))).toThrow(/not joined yet/);
  });

  it('refuses malformed shapes with invalid_request', () => {
    const bad = [
      query({ root: 'orders' }),
      query({ root: 'orders', measures: [count], columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }] }),
      query({ root: 'orders', measures: [count, count] }),
      query({ root: 'orders', measures: [{ ...count, id: 'x'.repeat(65) }] }),
      query({ root: 'orders', measures: [{ ...count, id: 'trailing ' }] }),
      query({ root: 'orders', measures: [count], limit: 0 }),
      query({ root: 'orders', measures: [count], order: [{ id: 'missing', direction: 'asc' }] }),
      query({ root: 'orders', measures: [{ id: 's', label: 'S', aggregate: 'sum', expression: field('orders', 'status') }] }),
    ];
    for (const logical of bad) {
      const error = (() => {
        try {
          compile(logical);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(isQuerentError(error) && error.code === 'invalid_request', JSON.stringify(logical)).toBe(true);
    }
  });
});
