import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogEntity, ValueType } from '../../src/connectors/catalog.ts';
import { compilePostgres } from '../../src/connectors/postgres/postgres-compiler.ts';
import { field, type Filter, type LogicalQuery, type ScalarExpression } from '../../src/query/logical-query.ts';

function column(name: string, type: ValueType, nativeType = type): CatalogColumn {
  return { name, type, nativeType, nullable: true };
}

function entity(name: string, columns: CatalogColumn[], parts: Partial<CatalogEntity> = {}): CatalogEntity {
  return { name, schema: 'public', table: name, isView: false, rowCount: 10, primaryKey: ['id'], columns, foreignKeys: [], ...parts };
}

const HOSTILE = 'we"ird; DROP TABLE orders; --';

const catalog: Catalog = {
  entities: [
    entity('orders', [column('id', 'integer'), column('customer_id', 'integer'), column('status', 'text'), column('ordered_at', 'timestamp'), column('shipped_on', 'date'), column('total', 'number'), column('paid', 'boolean')]),
    entity('customers', [column('id', 'integer'), column('name', 'text'), column('region_id', 'integer')]),
    entity('regions', [column('id', 'integer'), column('name', 'text')]),
    entity('order_lines', [column('order_id', 'integer'), column('quantity', 'integer'), column('unit_price', 'number'), column('discount', 'number')]),
    entity('invoices', [column('id', 'integer'), column('amount', 'number')], { schema: 'billing', table: 'invoices' }),
    entity('sales.orders', [column('id', 'integer')], { schema: 'sales', table: 'orders' }),
    entity('pg_things', [column('id', 'integer')]),
    entity(HOSTILE, [column('id', 'integer'), column('col"umn', 'text')]),
  ],
};

function query(parts: Partial<LogicalQuery> & { root: string }): LogicalQuery {
  return { kind: 'select', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

function filter(expression: ScalarExpression, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression, op, values };
}

const compile = (logical: LogicalQuery, maxRows = 1000) => compilePostgres(logical, catalog, { maxRows });
const count = { id: 'orders', label: 'Orders', aggregate: 'count' } as const;

describe('compilePostgres', () => {
  it('counts rows: one row, so no LIMIT', () => {
    expect(compile(query({ root: 'orders', measures: [count] }))).toEqual({
      language: 'sql',
      dialect: 'postgresql',
      text: 'SELECT\n  COUNT(*) AS "orders"\nFROM "orders" AS t0',
      params: [],
    });
  });

  it('sums arithmetic with parentheses, literals as parameters, and guarded division', () => {
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
      '  SUM(((t0."quantity" * t0."unit_price") * ($1::numeric - t0."discount"))) AS "revenue",',
      '  AVG((t0."unit_price"::numeric / NULLIF(t0."quantity", 0))) AS "price_per_unit"',
      'FROM "order_lines" AS t0',
    ].join('\n'));
    expect(compiled.params).toEqual([1]);
  });

  it('groups by month as a date, ordered by time unless told otherwise, with LIMIT maxRows + 1', () => {
    const compiled = compile(query({
      root: 'orders',
      dimensions: [{ id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' }],
      measures: [count],
    }), 500);
    expect(compiled.text).toBe([
      'SELECT',
      '  date_trunc(\'month\', t0."ordered_at")::date AS "month",',
      '  COUNT(*) AS "orders"',
      'FROM "orders" AS t0',
      'GROUP BY date_trunc(\'month\', t0."ordered_at")::date',
      'ORDER BY "month" ASC',
      'LIMIT $1',
    ].join('\n'));
    expect(compiled.params).toEqual([501]);
  });

  it('truncates date columns through timestamp (not timestamptz), for every grain', () => {
    for (const grain of ['year', 'quarter', 'week', 'day'] as const) {
      const compiled = compile(query({ root: 'orders', dimensions: [{ id: 'period', label: 'P', field: field('orders', 'shipped_on'), grain }], measures: [count] }));
      expect(compiled.text).toContain(`date_trunc('${grain}', t0."shipped_on"::timestamp)::date AS "period"`);
    }
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
      '  t2."name" AS "region",',
      '  SUM(t0."total") AS "revenue"',
      'FROM "orders" AS t0',
      'LEFT JOIN "customers" AS t1 ON t1."id" = t0."customer_id"',
      'LEFT JOIN "regions" AS t2 ON t2."id" = t1."region_id"',
      'GROUP BY t2."name"',
      'ORDER BY "revenue" DESC NULLS LAST, "region" ASC',
      'LIMIT $1',
    ].join('\n'));
    expect(compiled.params).toEqual([5]);
  });

  it('joins on several columns', () => {
    const catalogWithKeys: Catalog = {
      entities: [
        entity('lines', [column('order_id', 'integer'), column('line_no', 'integer')]),
        entity('notes', [column('order_id', 'integer'), column('line_no', 'integer'), column('note', 'text')]),
      ],
    };
    const compiled = compilePostgres(query({
      root: 'notes',
      joins: [{ fromEntity: 'notes', fromColumns: ['order_id', 'line_no'], toEntity: 'lines', toColumns: ['order_id', 'line_no'] }],
      measures: [count],
    }), catalogWithKeys, { maxRows: 10 });
    expect(compiled.text).toContain('LEFT JOIN "lines" AS t1 ON t1."order_id" = t0."order_id" AND t1."line_no" = t0."line_no"');
  });

  it('filters groups with HAVING, repeating the aggregate and its parameters', () => {
    const compiled = compile(query({
      root: 'order_lines',
      dimensions: [{ id: 'order', label: 'Order', field: field('order_lines', 'order_id') }],
      measures: [{ id: 'value', label: 'Value', aggregate: 'sum', expression: { kind: 'arithmetic', op: '*', left: field('order_lines', 'quantity'), right: { kind: 'literal', value: 2 } } }],
      having: [{ measureId: 'value', op: 'between', values: [10, 20.5] }, { measureId: 'value', op: 'neq', values: [15] }],
    }));
    expect(compiled.text).toContain('HAVING SUM((t0."quantity" * $1::numeric)) BETWEEN $2::numeric AND $3::numeric\n  AND SUM((t0."quantity" * $1::numeric)) IS DISTINCT FROM $4::numeric');
    expect(compiled.params).toEqual([2, 10, 20.5, 15, 1001]);
  });

  it('lists distinct columns with the requested limit when it is within the cap', () => {
    const compiled = compile(query({
      root: 'orders',
      columns: [{ id: 'status', label: 'Status', field: field('orders', 'status') }],
      distinct: true,
      order: [{ id: 'status', direction: 'asc' }],
      limit: 20,
    }));
    expect(compiled.text).toBe('SELECT DISTINCT\n  t0."status" AS "status"\nFROM "orders" AS t0\nORDER BY "status" ASC\nLIMIT $1');
    expect(compiled.params).toEqual([20]);
  });

  it('caps a requested limit above maxRows at maxRows + 1', () => {
    const compiled = compile(query({ root: 'orders', columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }], limit: 5000 }), 1000);
    expect(compiled.params).toEqual([1001]);
  });

  describe('filters', () => {
    const where = (condition: Filter) => {
      const compiled = compile(query({ root: 'orders', measures: [count], filters: [condition] }));
      return { where: compiled.text.split('\n').find((line) => line.startsWith('WHERE ')), params: compiled.params };
    };
    const status = field('orders', 'status');
    const total = field('orders', 'total');
    const cases: [Filter, string, unknown[]][] = [
      [filter(status, 'eq', ['paid']), 'WHERE t0."status" = $1', ['paid']],
      [filter(status, 'neq', ['paid']), 'WHERE t0."status" IS DISTINCT FROM $1', ['paid']],
      [filter(status, 'in', ['paid', 'sent']), 'WHERE t0."status" IN ($1, $2)', ['paid', 'sent']],
      [filter(status, 'not_in', ['paid', 'sent']), 'WHERE (t0."status" NOT IN ($1, $2) OR t0."status" IS NULL)', ['paid', 'sent']],
      [filter(total, 'gt', [10]), 'WHERE t0."total" > $1', [10]],
      [filter(total, 'gte', [10]), 'WHERE t0."total" >= $1', [10]],
      [filter(total, 'lt', [10]), 'WHERE t0."total" < $1', [10]],
      [filter(total, 'lte', [10.5]), 'WHERE t0."total" <= $1::numeric', [10.5]],
      [filter(field('orders', 'ordered_at'), 'between', ['2024-01-01', '2024-02-01']), 'WHERE t0."ordered_at" BETWEEN $1 AND $2', ['2024-01-01', '2024-02-01']],
      [filter(status, 'contains', ['50%_off\\']), 'WHERE t0."status" ILIKE $1', ['%50\\%\\_off\\\\%']],
      [filter(field('orders', 'id'), 'contains', [12]), 'WHERE t0."id"::text ILIKE $1', ['%12%']],
      [filter(total, 'is_null', []), 'WHERE t0."total" IS NULL', []],
      [filter(total, 'not_null', []), 'WHERE t0."total" IS NOT NULL', []],
      [filter(field('orders', 'paid'), 'eq', [true]), 'WHERE t0."paid" = $1', [true]],
      [
        filter({ kind: 'arithmetic', op: '-', left: total, right: { kind: 'literal', value: 1.5 } }, 'gt', [0]),
        'WHERE (t0."total" - $1::numeric) > $2',
        [1.5, 0],
      ],
    ];
    for (const [condition, expected, params] of cases) {
      it(`${condition.op} → ${expected}`, () => {
        expect(where(condition)).toEqual({ where: expected, params });
      });
    }

    it('joins several filters with AND, one per line', () => {
      const compiled = compile(query({ root: 'orders', measures: [count], filters: [filter(status, 'eq', ['paid']), filter(total, 'gt', [1])] }));
      expect(compiled.text).toContain('WHERE t0."status" = $1\n  AND t0."total" > $2');
    });

    it('rejects a wrong number of values', () => {
      expect(() => where(filter(status, 'eq', []))).toThrow(/needs 1 value/);
      expect(() => where(filter(status, 'between', [1]))).toThrow(/needs 2 values/);
      expect(() => where(filter(status, 'in', []))).toThrow(/at least one/);
      expect(() => where(filter(status, 'is_null', ['x']))).toThrow(/needs 0 values/);
    });
  });

  describe('identifiers', () => {
    it('quotes hostile table and column names, doubling the quotes inside', () => {
      const compiled = compile(query({ root: HOSTILE, columns: [{ id: 'x"y', label: 'X', field: field(HOSTILE, 'col"umn') }] }));
      expect(compiled.text).toBe('SELECT\n  t0."col""umn" AS "x""y"\nFROM "we""ird; DROP TABLE orders; --" AS t0\nLIMIT $1');
    });

    it('qualifies tables outside public, and public tables that pg_catalog could shadow', () => {
      expect(compile(query({ root: 'invoices', measures: [count] })).text).toContain('FROM "billing"."invoices" AS t0');
      expect(compile(query({ root: 'sales.orders', measures: [count] })).text).toContain('FROM "sales"."orders" AS t0');
      expect(compile(query({ root: 'pg_things', measures: [count] })).text).toContain('FROM "public"."pg_things" AS t0');
    });
  });

  describe('refusals', () => {
    it('accepts only a select root', () => {
      expect(() => compile({ ...query({ root: 'orders', measures: [count] }), kind: 'update' as 'select' })).toThrow(/Only select/);
    });

    it('refuses entities and columns not in the catalog', () => {
      expect(() => compile(query({ root: 'secrets', measures: [count] }))).toThrow(/"secrets" is not in the catalog/);
      expect(() => compile(query({ root: 'orders', columns: [{ id: 'x', label: 'X', field: field('orders', 'password') }] }))).toThrow(/no column "password"/);
      expect(() => compile(query({ root: 'orders', columns: [{ id: 'x', label: 'X', field: field('customers', 'name') }] }))).toThrow(/neither the root nor joined/);
    });

    it('refuses joins that do not connect known entities', () => {
      const join = (fromEntity: string, fromColumns: string[], toEntity: string, toColumns: string[]) =>
        () => compile(query({ root: 'orders', joins: [{ fromEntity, fromColumns, toEntity, toColumns }], measures: [count] }));
      expect(join('customers', ['region_id'], 'regions', ['id'])).toThrow(/not joined yet/);
      expect(join('orders', ['customer_id'], 'ghosts', ['id'])).toThrow(/"ghosts" is not in the catalog/);
      expect(join('orders', ['nope'], 'customers', ['id'])).toThrow(/no column "nope"/);
      expect(join('orders', ['customer_id'], 'customers', [])).toThrow(/matching, non-empty/);
      expect(join('orders', ['customer_id'], 'orders', ['id'])).toThrow(/joined twice/);
    });

    it('refuses malformed shapes', () => {
      expect(() => compile(query({ root: 'orders' }))).toThrow(/needs measures/);
      expect(() => compile(query({ root: 'orders', measures: [count], columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }] }))).toThrow(/not both/);
      expect(() => compile(query({ root: 'orders', measures: [count, count] }))).toThrow(/used twice/);
      expect(() => compile(query({ root: 'orders', measures: [{ ...count, id: 'x'.repeat(64) }] }))).toThrow(/longer than 63 bytes/);
      expect(() => compile(query({ root: 'orders', measures: [count], order: [{ id: 'nope', direction: 'asc' }] }))).toThrow(/not an output column/);
      expect(() => compile(query({ root: 'orders', measures: [count], having: [{ measureId: 'nope', op: 'gt', values: [1] }] }))).toThrow(/not a measure/);
      expect(() => compile(query({ root: 'orders', columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }], limit: 0 }))).toThrow(/positive integer/);
      expect(() => compile(query({ root: 'orders', measures: [{ id: 's', label: 'S', aggregate: 'sum', expression: field('orders', 'status') }] }))).toThrow(/cannot sum text/);
      expect(() => compile(query({ root: 'orders', measures: [{ id: 's', label: 'S', aggregate: 'sum' }] }))).toThrow(/needs an expression/);
      expect(() => compile(query({ root: 'orders', dimensions: [{ id: 'm', label: 'M', field: field('orders', 'status'), grain: 'month' }], measures: [count] }))).toThrow(/not a date/);
    });

    it('throws QuerentErrors with code invalid_request', () => {
      expect(() => compile(query({ root: 'secrets', measures: [count] }))).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    });
  });
});
