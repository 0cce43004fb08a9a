/**
 * One contract suite for every SQL connector: the same tests run against each target, on the data
 * of `connector-fixture.ts`. A target lists the checks it cannot pass, each with its reason (as
 * Hono's router tests do).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogEntity } from '../../src/connectors/catalog.ts';
import type { CompiledQuery, Connector, ResultTable } from '../../src/connectors/connector.ts';
import { isQuerentError } from '../../src/core/errors.ts';
import { field, type Filter, type LogicalQuery, type ScalarExpression } from '../../src/query/logical-query.ts';
import { HOSTILE_COLUMN, HOSTILE_TABLE, ORDER_COUNT, fixtureRecords, type FixtureValue } from './connector-fixture.ts';

/**
 * Checks a target may skip: `interrupts-statements` (a timeout or an abort stops the statement on
 * the server), `unreachable` (the source can be unreachable at all), `results-snapshot` (values
 * identical to the other targets').
 */
/** Shared by every target, so that their values must be identical. */
const RESULTS_SNAPSHOT = fileURLToPath(new URL('./__snapshots__/connector-contract-results.json', import.meta.url));

export const CONTRACT_CHECKS = ['interrupts-statements', 'unreachable', 'results-snapshot'] as const;
export type ContractCheck = (typeof CONTRACT_CHECKS)[number];

export interface ContractSetup {
  /** A connector on a data source that holds CONTRACT_FIXTURE. */
  readonly connector: Connector;
  /** Hand-made statements in the source's dialect (only tests write SQL by hand). */
  readonly statements: {
    /** Adds a customer (must fail: connections are read-only). */
    readonly insertCustomer: string;
    /** Sleeps for `seconds`; `marker` appears in the statement text, to find it on the server. */
    sleep(seconds: number, marker: string): string;
  };
  /** Runs a statement with full rights, outside the connector; rows as arrays. */
  admin(sql: string): Promise<unknown[][]>;
  /** Counts customers through `admin`. */
  countCustomers(): Promise<number>;
  /** Statements still running on the server whose text contains `marker`. */
  runningStatements?(marker: string): Promise<number>;
  /** Connectors that cannot work (unreachable host, missing database), and the password each was given. */
  broken?(): { readonly label: string; readonly connector: Connector; readonly password: string }[];
  teardown(): Promise<void>;
}

export interface ContractTarget {
  readonly name: string;
  readonly dialect: string;
  setup(): Promise<ContractSetup>;
  /** Checks this target cannot pass, with the reason. */
  readonly skip?: Partial<Record<ContractCheck, string>>;
}

export function connectorContract(target: ContractTarget): void {
  describe(`connector contract: ${target.name}`, () => {
    let setup: ContractSetup;
    let connector: Connector;
    let catalog: Catalog;
    const results: Record<string, ResultTable> = {};
    const skipped = (check: ContractCheck) => target.skip?.[check] !== undefined;
    /** A check a target cannot run is not registered at all (its reason is in the target's `skip`), so nothing counts as skipped. */
    const itUnless = (check: ContractCheck) => (skipped(check) ? (() => undefined) as unknown as typeof it : it);

    beforeAll(async () => {
      setup = await target.setup();
      connector = setup.connector;
      catalog = await connector.introspect();
    });
    afterAll(async () => {
      await setup?.connector.close();
      await setup?.teardown();
    });

    const run = async (name: string, query: LogicalQuery, options: { maxRows?: number } = {}) => {
      const compiled = connector.compile(query, catalog);
      const result = await connector.execute(compiled, options);
      results[name] = result;
      return result;
    };

    describe('introspection', () => {
      const entity = (name: string): CatalogEntity => {
        const found = catalog.entities.find((candidate) => candidate.name === name);
        expect(found, `entity ${name}`).toBeDefined();
        return found!;
      };

      it('finds every table with its columns, types and nullability', () => {
        const names = catalog.entities.map((candidate) => candidate.name);
        expect(names).toEqual(expect.arrayContaining(['customers', 'products', 'orders', 'order_lines', 'line_notes', HOSTILE_TABLE]));
        const customers = entity('customers');
        expect(customers.isView).toBe(false);
        expect(customers.columns.map((column) => [column.name, column.type, column.nullable])).toEqual([
          ['id', 'integer', false],
          ['name', 'text', false],
          ['country', 'text', true],
          ['segment', 'text', true],
          ['signed_up', 'date', true],
          ['active', 'boolean', false],
        ]);
        expect(entity('orders').columns.find((column) => column.name === 'ordered_at')?.type).toBe('timestamp');
        expect(entity('order_lines').columns.find((column) => column.name === 'unit_price')?.type).toBe('number');
        expect(entity(HOSTILE_TABLE).columns.map((column) => column.name)).toEqual(['id', HOSTILE_COLUMN]);
      });

      it('finds primary keys, foreign keys (also multi-column) and row counts', () => {
        expect(entity('order_lines').primaryKey).toEqual(['order_id', 'line_no']);
        expect(entity('orders').foreignKeys).toEqual([{ columns: ['customer_id'], refEntity: 'customers', refColumns: ['id'] }]);
        expect(entity('line_notes').foreignKeys).toEqual([
          { columns: ['order_id', 'line_no'], refEntity: 'order_lines', refColumns: ['order_id', 'line_no'] },
        ]);
        expect([ORDER_COUNT, -1]).toContain(entity('orders').rowCount);
      });

      it('reads table and column comments, and currencies from them', () => {
        expect(entity('customers').description).toBe('People and companies that buy from us');
        expect(entity('customers').columns.find((column) => column.name === 'name')?.description).toBe('Full name of the customer');
        expect(entity('products').columns.find((column) => column.name === 'list_price')?.unit).toBe('EUR');
        expect(entity('customers').columns.find((column) => column.name === 'country')?.unit).toBeUndefined();
      });

      it('samples the values of low-cardinality text columns', async () => {
        const values = await connector.sampleValues(catalog, { maxValuesPerColumn: 5 });
        const of = (entityName: string, column: string) =>
          values.find((candidate) => candidate.entity === entityName && candidate.column === column)?.values;
        expect(of('customers', 'country')).toEqual(['DE', 'FR', 'US']);
        expect(of('orders', 'status')).toEqual(['cancelled', 'paid', 'shipped']);
        expect(of('customers', 'name')).toBeUndefined(); // 8 distinct values > 5
      });
    });

    describe('results', () => {
      const lines = fixtureRecords('order_lines');
      const orders = fixtureRecords('orders');
      const customers = fixtureRecords('customers');
      /** Line amounts in 1/10 000 of a euro: exact integers. */
      const lineAmount = (line: Record<string, FixtureValue>) =>
        (line.quantity as number) * Math.round((line.unit_price as number) * 100) * (100 - Math.round((line.discount as number) * 100));
      const revenue: ScalarExpression = {
        kind: 'arithmetic',
        op: '*',
        left: { kind: 'arithmetic', op: '*', left: field('order_lines', 'quantity'), right: field('order_lines', 'unit_price') },
        right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: field('order_lines', 'discount') },
      };

      it('counts rows', async () => {
        const result = await run('count', query({ root: 'orders', measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }] }));
        expect(result).toEqual({ columns: [{ name: 'orders', type: 'integer' }], rows: [[ORDER_COUNT]], truncated: false });
      });

      it('sums arithmetic exactly', async () => {
        const result = await run('sum', query({ root: 'order_lines', measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: revenue }] }));
        const expected = lines.reduce((sum, line) => sum + lineAmount(line), 0) / 10_000;
        expect(result.columns).toEqual([{ name: 'revenue', type: 'number' }]);
        expect(result.rows).toEqual([[expected]]);
      });

      it('groups by month, as dates, in time order', async () => {
        const result = await run('by-month', query({
          root: 'orders',
          dimensions: [{ id: 'month', label: 'Month', field: field('orders', 'ordered_at'), grain: 'month' }],
          measures: [
            { id: 'orders', label: 'Orders', aggregate: 'count' },
            { id: 'shipping', label: 'Shipping', aggregate: 'sum', expression: field('orders', 'shipping') },
          ],
        }));
        const byMonth = new Map<string, [number, number]>();
        for (const order of orders) {
          const month = `${String(order.ordered_at).slice(0, 7)}-01`;
          const [count, cents] = byMonth.get(month) ?? [0, 0];
          byMonth.set(month, [count + 1, cents + Math.round(((order.shipping as number | null) ?? 0) * 100)]);
        }
        const expected = [...byMonth.entries()].sort(([left], [right]) => left.localeCompare(right)).map(([month, [count, cents]]) => [month, count, cents / 100]);
        expect(result.columns).toEqual([{ name: 'month', type: 'date' }, { name: 'orders', type: 'integer' }, { name: 'shipping', type: 'number' }]);
        expect(result.rows).toEqual(expected);
      });

      it('groups by year, quarter, week and day, and truncates date columns', async () => {
        for (const grain of ['year', 'quarter', 'week', 'day'] as const) {
          const result = await run(`grain-${grain}`, query({
            root: 'orders',
            dimensions: [{ id: 'period', label: 'Period', field: field('orders', 'ordered_at'), grain }],
            measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
          }));
          expect(result.rows.reduce((sum, row) => sum + (row[1] as number), 0)).toBe(ORDER_COUNT);
          expect(result.rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(String(row[0])))).toBe(true);
        }
        expect(results['grain-year']!.rows).toEqual([['2024-01-01', ORDER_COUNT]]);
        expect(results['grain-week']!.rows.every((row) => new Date(`${String(row[0])}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
        const signedUp = await run('signed-up-by-quarter', query({
          root: 'customers',
          dimensions: [{ id: 'quarter', label: 'Quarter', field: field('customers', 'signed_up'), grain: 'quarter' }],
          measures: [{ id: 'customers', label: 'Customers', aggregate: 'count' }],
        }));
        expect(signedUp.rows).toEqual([['2023-01-01', 3], ['2023-04-01', 3], ['2023-07-01', 2]]);
      });

      it('joins three tables (LEFT JOIN keeps rows without a match in the group of null)', async () => {
        const result = await run('join', query({
          root: 'order_lines',
          joins: [
            { fromEntity: 'order_lines', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] },
            { fromEntity: 'orders', fromColumns: ['customer_id'], toEntity: 'customers', toColumns: ['id'] },
          ],
          dimensions: [{ id: 'country', label: 'Country', field: field('customers', 'country') }],
          measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: revenue }],
          order: [{ id: 'country', direction: 'asc' }],
        }));
        const byCountry = new Map<string | null, number>();
        for (const line of lines) {
          const order = orders.find((candidate) => candidate.id === line.order_id)!;
          const country = customers.find((candidate) => candidate.id === order.customer_id)!.country as string | null;
          byCountry.set(country, (byCountry.get(country) ?? 0) + lineAmount(line));
        }
        const expected = [...byCountry.entries()]
          .sort(([left], [right]) => (left === null ? 1 : right === null ? -1 : left.localeCompare(right)))
          .map(([country, amount]) => [country, amount / 10_000]);
        expect(result.rows).toEqual(expected);
      });

      it('filters groups with having, repeating the aggregate', async () => {
        const result = await run('having', query({
          root: 'orders',
          dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
          measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
          having: [{ measureId: 'orders', op: 'gt', values: [2.5] }],
          order: [{ id: 'orders', direction: 'desc' }, { id: 'customer', direction: 'asc' }],
        }));
        const counts = new Map<number, number>();
        for (const order of orders) counts.set(order.customer_id as number, (counts.get(order.customer_id as number) ?? 0) + 1);
        const expected = [...counts.entries()].filter(([, count]) => count > 2.5).sort(([leftId, left], [rightId, right]) => right - left || leftId - rightId);
        expect(result.rows).toEqual(expected);
      });

      it('gives rows tied on the order asked for in the order of the key, and tied groups in the order of their values', async () => {
        const listed = await run('tied-rows', query({
          root: 'orders',
          columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }, { id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
          order: [{ id: 'customer', direction: 'desc' }],
        }));
        const byCustomer = orders.map((order) => [order.id, order.customer_id] as [number, number]).sort(([leftId, left], [rightId, right]) => right - left || leftId - rightId);
        expect(listed.rows).toEqual(byCustomer);
        const grouped = await run('tied-groups', query({
          root: 'orders',
          dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
          measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
          order: [{ id: 'orders', direction: 'desc' }],
        }));
        const counts = new Map<number, number>();
        for (const order of orders) counts.set(order.customer_id as number, (counts.get(order.customer_id as number) ?? 0) + 1);
        expect(new Set(counts.values()).size).toBeLessThan(counts.size);
        expect(grouped.rows).toEqual([...counts.entries()].sort(([leftId, left], [rightId, right]) => right - left || leftId - rightId));
      });

      it('keeps the groups above the average of a measure, beside another measure with values of its own', async () => {
        const discounted = (line: Record<string, FixtureValue>) => ((line.discount as number) > 0 ? lineAmount(line) : 0);
        const result = await run('above-average', query({
          root: 'order_lines',
          dimensions: [{ id: 'order', label: 'Order', field: field('order_lines', 'order_id') }],
          measures: [
            { id: 'discounted', label: 'Discounted', aggregate: 'sum', expression: revenue, where: [{ kind: 'filter', expression: field('order_lines', 'discount'), op: 'gt', values: [0] }] },
            { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: revenue },
          ],
          having: [{ measureId: 'revenue', op: 'gt', values: [], against: 'average' }],
          order: [{ id: 'order', direction: 'asc' }],
        }));
        const byOrder = new Map<number, [number, number]>();
        for (const line of lines) {
          const [sum, total] = byOrder.get(line.order_id as number) ?? [0, 0];
          byOrder.set(line.order_id as number, [sum + discounted(line), total + lineAmount(line)]);
        }
        const average = [...byOrder.values()].reduce((sum, [, total]) => sum + total, 0) / byOrder.size;
        const expected = [...byOrder.entries()].filter(([, [, total]]) => total > average).sort(([left], [right]) => left - right)
          .map(([order, [sum, total]]) => [order, sum === 0 ? null : sum / 10_000, total / 10_000]);
        expect(result.rows.map((row) => [row[0], row[1] === 0 ? null : row[1], row[2]])).toEqual(expected);
      });

      it('orders groups ascending by a measure, with a limit (MariaDB: no aggregate alias inside the NULLS LAST expression)', async () => {
        const result = await run('ascending-by-measure', query({
          root: 'orders',
          dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
          measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
          order: [{ id: 'orders', direction: 'asc' }],
          limit: 3,
        }));
        const counts = new Map<number, number>();
        for (const order of orders) counts.set(order.customer_id as number, (counts.get(order.customer_id as number) ?? 0) + 1);
        expect(result.rows).toEqual([...counts.entries()].sort(([leftId, left], [rightId, right]) => left - right || leftId - rightId).slice(0, 3));
      });

      it('lists distinct values, NULL included and sorted last', async () => {
        const result = await run('distinct', query({
          root: 'customers',
          columns: [{ id: 'country', label: 'Country', field: field('customers', 'country') }],
          distinct: true,
          order: [{ id: 'country', direction: 'asc' }],
        }));
        expect(result.rows).toEqual([['DE'], ['FR'], ['US'], [null]]);
      });

      it('aggregates with min, max, avg and count_distinct, and divides without failing on zero', async () => {
        const result = await run('aggregates', query({
          root: 'order_lines',
          joins: [{ fromEntity: 'order_lines', fromColumns: ['order_id'], toEntity: 'orders', toColumns: ['id'] }],
          measures: [
            { id: 'first', label: 'First order', aggregate: 'min', expression: field('orders', 'ordered_at') },
            { id: 'top_price', label: 'Top price', aggregate: 'max', expression: field('order_lines', 'unit_price') },
            { id: 'mean_quantity', label: 'Mean quantity', aggregate: 'avg', expression: field('order_lines', 'quantity') },
            { id: 'ordering_customers', label: 'Customers', aggregate: 'count_distinct', expression: field('orders', 'customer_id') },
            {
              id: 'price_per_discount',
              label: 'Price per discount',
              aggregate: 'max',
              expression: { kind: 'arithmetic', op: '/', left: field('order_lines', 'unit_price'), right: field('order_lines', 'discount') },
            },
          ],
        }));
        const firstOrder = orders.map((order) => String(order.ordered_at)).sort()[0]!;
        const [first, topPrice, meanQuantity, orderingCustomers, pricePerDiscount] = result.rows[0] as [string, number, number, number, number];
        expect(first).toBe(firstOrder.replace(' ', 'T'));
        expect(topPrice).toBe(Math.max(...lines.map((line) => line.unit_price as number)));
        expect(meanQuantity).toBeCloseTo(lines.reduce((sum, line) => sum + (line.quantity as number), 0) / lines.length, 12);
        expect(orderingCustomers).toBe(new Set(orders.map((order) => order.customer_id)).size);
        const ratios = lines.filter((line) => (line.discount as number) > 0).map((line) => (line.unit_price as number) / (line.discount as number));
        expect(pricePerDiscount).toBeCloseTo(Math.max(...ratios), 10);
        expect(result.columns.map((column) => column.type)).toEqual(['timestamp', 'number', 'number', 'integer', 'number']);
      });

      describe('every filter operator', () => {
        type Predicate = (order: Record<string, FixtureValue>) => boolean;
        const shipping = field('orders', 'shipping');
        const status = field('orders', 'status');
        const cases: [string, Filter, Predicate][] = [
          ['eq', filter(status, 'eq', ['paid']), (order) => order.status === 'paid'],
          ['neq (NULL counts as different)', filter(status, 'neq', ['paid']), (order) => order.status !== 'paid'],
          ['in', filter(status, 'in', ['paid', 'shipped']), (order) => order.status === 'paid' || order.status === 'shipped'],
          ['not_in (NULL kept)', filter(status, 'not_in', ['paid', 'shipped']), (order) => order.status !== 'paid' && order.status !== 'shipped'],
          ['gt', filter(shipping, 'gt', [2.5]), (order) => order.shipping !== null && (order.shipping as number) > 2.5],
          ['gte', filter(shipping, 'gte', [2.5]), (order) => order.shipping !== null && (order.shipping as number) >= 2.5],
          ['lt', filter(shipping, 'lt', [5]), (order) => order.shipping !== null && (order.shipping as number) < 5],
          ['lte', filter(shipping, 'lte', [5]), (order) => order.shipping !== null && (order.shipping as number) <= 5],
          ['between', filter(field('orders', 'id'), 'between', [5, 10]), (order) => (order.id as number) >= 5 && (order.id as number) <= 10],
          ['gte + lt on a timestamp', filter(field('orders', 'ordered_at'), 'gte', ['2024-03-01']), (order) => String(order.ordered_at) >= '2024-03-01'],
          ['is_null', filter(shipping, 'is_null', []), (order) => order.shipping === null],
          ['not_null', filter(shipping, 'not_null', []), (order) => order.shipping !== null],
          ['a non-integer bound on an integer column', filter(field('orders', 'customer_id'), 'gt', [4.5]), (order) => (order.customer_id as number) > 4.5],
        ];
        for (const [name, condition, predicate] of cases) {
          it(name, async () => {
            const result = await run(`filter ${name}`, query({ root: 'orders', measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }], filters: [condition] }));
            expect(result.rows).toEqual([[orders.filter(predicate).length]]);
          });
        }

        it('contains: case-insensitive, with % and _ taken literally', async () => {
          const names = async (value: string) => {
            const result = await run(`contains ${value}`, query({
              root: 'products',
              columns: [{ id: 'name', label: 'Name', field: field('products', 'name') }],
              filters: [filter(field('products', 'name'), 'contains', [value])],
              order: [{ id: 'name', direction: 'asc' }],
            }));
            return result.rows.map((row) => row[0]);
          };
          expect(await names('DESK')).toEqual(['Desk lamp', 'Desk_organizer']);
          expect(await names('0%')).toEqual(['100% Cotton Tee']);
          expect(await names('k_o')).toEqual(['Desk_organizer']);
          expect(await names('%')).toEqual(['100% Cotton Tee']);
        });

        it('booleans and dates', async () => {
          const result = await run('boolean and date', query({
            root: 'customers',
            columns: [{ id: 'id', label: 'Id', field: field('customers', 'id') }, { id: 'signed_up', label: 'Signed up', field: field('customers', 'signed_up') }],
            filters: [filter(field('customers', 'active'), 'eq', [true]), filter(field('customers', 'signed_up'), 'lt', ['2023-05-01'])],
            order: [{ id: 'id', direction: 'asc' }],
          }));
          const expected = customers.filter((customer) => customer.active === true && String(customer.signed_up) < '2023-05-01').map((customer) => [customer.id, customer.signed_up]);
          expect(result.rows).toEqual(expected);
        });
      });

      it('caps rows: one more is fetched and the result marked truncated; a smaller own limit is not truncation', async () => {
        const list = query({ root: 'orders', columns: [{ id: 'id', label: 'Id', field: field('orders', 'id') }], order: [{ id: 'id', direction: 'asc' }] });
        const capped = await run('cap', list, { maxRows: 5 });
        expect(capped.rows).toEqual([[1], [2], [3], [4], [5]]);
        expect(capped.truncated).toBe(true);
        const limited = await run('limit', { ...list, limit: 3 });
        expect(limited).toEqual({ columns: [{ name: 'id', type: 'integer' }], rows: [[1], [2], [3]], truncated: false });
      });

      it('quotes hostile identifiers: the query works and no table is harmed', async () => {
        const result = await run('hostile', query({
          root: HOSTILE_TABLE,
          columns: [{ id: HOSTILE_COLUMN, label: 'Weird', field: field(HOSTILE_TABLE, HOSTILE_COLUMN) }],
          filters: [filter(field(HOSTILE_TABLE, HOSTILE_COLUMN), 'neq', ["x'; DROP TABLE orders; --"])],
          order: [{ id: HOSTILE_COLUMN, direction: 'asc' }],
        }));
        expect(result).toEqual({ columns: [{ name: HOSTILE_COLUMN, type: 'text' }], rows: [['fine"; --'], ["it's"]], truncated: false });
        expect(await setup.countCustomers()).toBe(customers.length);
        expect((await connector.introspect()).entities.map((entity) => entity.name)).toEqual(catalog.entities.map((entity) => entity.name));
      });

      itUnless('results-snapshot')('gives the same values on every target (shared snapshot)', async () => {
        const ordered = Object.fromEntries(Object.entries(results).sort(([left], [right]) => left.localeCompare(right)));
        await expect(`${JSON.stringify(ordered, null, 1)}\n`).toMatchFileSnapshot(RESULTS_SNAPSHOT);
      });
    });

    describe('read-only and limits', () => {
      const handMade = (text: string): CompiledQuery => ({ language: 'sql', dialect: target.dialect, text, params: [] });

      it('compiles nothing but a single SELECT', () => {
        const compiled = connector.compile(query({ root: 'orders', measures: [{ id: 'n', label: 'N', aggregate: 'count' }] }), catalog);
        expect(compiled.text).toMatch(/^SELECT\b/);
        expect(compiled.text).not.toContain(';');
        expect(() => connector.compile({ ...query({ root: 'orders', measures: [{ id: 'n', label: 'N', aggregate: 'count' }] }), kind: 'delete' as 'select' }, catalog)).toThrow();
        expect(() => connector.compile(query({ root: 'missing_table', measures: [{ id: 'n', label: 'N', aggregate: 'count' }] }), catalog)).toThrow(/missing_table/);
        expect(() => connector.compile(query({ root: 'orders', columns: [{ id: 'x', label: 'X', field: field('orders', 'nope') }] }), catalog)).toThrow(/nope/);
      });

      it('refuses a hand-made write inside the read-only transaction; the table is unchanged', async () => {
        const before = await setup.countCustomers();
        await expect(connector.execute(handMade(setup.statements.insertCustomer))).rejects.toMatchObject({ code: 'invalid_request' });
        expect(await setup.countCustomers()).toBe(before);
      });

      it('refuses several statements in one text', async () => {
        await expect(connector.execute(handMade(`SELECT 1; ${setup.statements.insertCustomer}`))).rejects.toThrow();
        expect(await setup.countCustomers()).toBe(fixtureRecords('customers').length);
      });

      it('rejects a statement that runs past the timeout with query_timeout', async () => {
        const startedAt = Date.now();
        await expect(connector.execute(handMade(setup.statements.sleep(2, 'contract_timeout')), { timeoutMs: 300 })).rejects.toMatchObject({ code: 'query_timeout' });
        if (!skipped('interrupts-statements')) expect(Date.now() - startedAt).toBeLessThan(1_500);
      });

      it('rejects at once when the signal is already aborted', async () => {
        const controller = new AbortController();
        controller.abort(new Error('run cancelled'));
        await expect(connector.execute(handMade('SELECT 1'), { signal: controller.signal })).rejects.toThrow('run cancelled');
      });

      itUnless('interrupts-statements')('cancels a running statement on the server when aborted', async () => {
        const marker = `contract_abort_${Date.now()}`;
        const controller = new AbortController();
        const startedAt = Date.now();
        setTimeout(() => controller.abort(new Error('run cancelled')), 300);
        await expect(connector.execute(handMade(setup.statements.sleep(20, marker)), { signal: controller.signal })).rejects.toThrow('run cancelled');
        expect(Date.now() - startedAt).toBeLessThan(5_000);
        expect(await setup.runningStatements!(marker)).toBe(0);
        // The connection is usable afterwards.
        expect((await connector.execute(handMade('SELECT 1 AS one'))).rows).toEqual([[1]]);
      });

      itUnless('unreachable')('reports an unreachable source as connection_unavailable, without the password', async () => {
        for (const { label, connector: broken, password } of setup.broken!()) {
          try {
            const error = await broken.test().then(() => undefined, (caught: unknown) => caught);
            expect(isQuerentError(error), label).toBe(true);
            if (!isQuerentError(error)) continue;
            expect(error.code, label).toBe('connection_unavailable');
            expect(error.detail, label).not.toContain(password);
            expect(JSON.stringify({ detail: error.detail, message: error.message, extensions: error.extensions }), label).not.toContain(password);
            await expect(broken.introspect(), label).rejects.toMatchObject({ code: 'connection_unavailable' });
          } finally {
            await broken.close();
          }
        }
      });
    });
  });
}

function query(parts: Partial<LogicalQuery> & { root: string }): LogicalQuery {
  return { kind: 'select', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

function filter(expression: ScalarExpression, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression, op, values };
}
