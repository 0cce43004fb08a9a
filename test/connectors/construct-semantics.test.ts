/**
 * What the compiled constructs mean, checked on the wholesale sample (PGlite): each answer equals
 * the same thing computed here from the rows of plain queries (no related filter, no per, no
 * window, no limit per group, no having against the average). The cross-kind suite then shows the
 * other kinds agree with PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/connectors/connector.ts';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { createPgliteConnector } from '../../src/connectors/postgres/postgres-connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { openSampleDatabase } from '../../src/samples/sample-datasets.ts';
import { sameValue } from '../cross-kind/compare-answers.ts';
import {
  ABOVE_AVERAGE_SPEND, AT_REORDER_LEVEL, AVERAGE_ORDER_VALUE, FEW_ORDERS_IN_2025, MONTHLY_WINDOWS, NOT_ORDERED_SINCE, ORDERS_OF_EACH_CUSTOMER, TOP_PRODUCTS,
  filter, lineValue, query,
} from '../cross-kind/construct-queries.ts';
import { SHARED_SAMPLES_DIR } from '../support/paths.ts';

type Row = Record<string, unknown>;

let connector: Connector;
let catalog: Catalog;

beforeAll(async () => {
  connector = createPgliteConnector(await openSampleDatabase(SHARED_SAMPLES_DIR, 'wholesale'), { maxRows: 50_000, closeDatabase: true });
  catalog = await connector.introspect();
}, 60_000);

afterAll(() => connector.close());

async function rows(logical: LogicalQuery): Promise<Row[]> {
  const table = await connector.execute(connector.compile(logical, catalog));
  expect(table.truncated).toBe(false);
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, index) => [column.name, row[index]])));
}

/** Without the construct: the same query, its plain parts only. */
function plain(logical: LogicalQuery, parts: Partial<LogicalQuery>): LogicalQuery {
  const { related: _related, limitPerGroup: _limitPerGroup, ...rest } = logical;
  return { ...rest, having: [], order: [], ...parts };
}

function expectClose(actual: unknown, expected: number | null, what: string): void {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(sameValue(Number(actual), expected) && typeof actual === 'number', `${what}: ${String(actual)} instead of ${expected}`).toBe(true);
}

const key = (...values: unknown[]) => JSON.stringify(values);

describe('compiled constructs mean what they say', () => {
  it('NOT EXISTS keeps exactly the customers without a matching order', async () => {
    const answer = await rows(NOT_ORDERED_SINCE);
    const customers = await rows(plain(NOT_ORDERED_SINCE, {}));
    const recent = await rows(query({
      root: 'orders',
      dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
      filters: [filter(field('orders', 'order_date'), 'gte', ['2026-06-01'])],
    }));
    const ordered = new Set(recent.map((row) => row['customer']));
    const expected = customers.filter((row) => !ordered.has(row['id'])).map((row) => row['id']);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(customers.length);
    expect(answer.map((row) => row['id'])).toEqual(expected);
  });

  it('a related count keeps the customers with that many matching orders, those with none included', async () => {
    const answer = await rows(FEW_ORDERS_IN_2025);
    const customers = await rows(plain(FEW_ORDERS_IN_2025, {}));
    const perCustomer = await rows(query({
      root: 'orders',
      dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }],
      measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
      filters: FEW_ORDERS_IN_2025.related![0]!.filters,
    }));
    const counts = new Map(perCustomer.map((row) => [row['customer'], Number(row['orders'])]));
    const expected = customers.map((row) => row['id'] as number).filter((id) => (counts.get(id) ?? 0) <= 1).sort((left, right) => left - right);
    expect(expected.some((id) => !counts.has(id))).toBe(true);
    expect(expected.some((id) => counts.get(id) === 1)).toBe(true);
    expect(answer.map((row) => row['id'])).toEqual(expected);
  });

  it('related count columns give every row its number of matching related rows (or of their distinct values), 0 for none', async () => {
    const answer = await rows(ORDERS_OF_EACH_CUSTOMER);
    const customers = await rows(plain({ ...ORDERS_OF_EACH_CUSTOMER, relatedCounts: [] }, {}));
    const [orders, lines] = ORDERS_OF_EACH_CUSTOMER.relatedCounts!;
    const countsBy = async (root: string, joins: LogicalQuery['joins'], by: { entity: string; column: string }, filters: LogicalQuery['filters']) => new Map((await rows(query({
      root, joins, filters,
      dimensions: [{ id: 'customer', label: 'Customer', field: field(by.entity, by.column) }],
      measures: [{ id: 'rows', label: 'Rows', aggregate: 'count' }],
    }))).map((row) => [row['customer'], Number(row['rows'])]));
    const orderCounts = await countsBy('orders', [], field('orders', 'customer_id'), orders!.filters);
    const lineCounts = await countsBy('order_lines', lines!.joins, field('orders', 'customer_id'), lines!.filters);
    const bought = new Map<unknown, Set<unknown>>();
    for (const row of await rows(query({ root: 'order_lines', joins: lines!.joins, dimensions: [{ id: 'customer', label: 'Customer', field: field('orders', 'customer_id') }, { id: 'product', label: 'Product', field: field('order_lines', 'product_id') }] }))) {
      bought.set(row['customer'], (bought.get(row['customer']) ?? new Set()).add(row['product']));
    }
    const expected = customers.map((row) => ({ id: row['id'], orders: orderCounts.get(row['id']) ?? 0, category_lines: lineCounts.get(row['id']) ?? 0, products: bought.get(row['id'])?.size ?? 0 }))
      .sort((left, right) => right.orders - left.orders || Number(left.id) - Number(right.id));
    expect(expected.some((row) => row.orders === 0)).toBe(true);
    expect(expected.some((row) => row.orders > 1 && row.category_lines > 0)).toBe(true);
    // A customer who bought a product twice has fewer products than lines: distinct values, not rows.
    const allLines = await countsBy('order_lines', lines!.joins, field('orders', 'customer_id'), []);
    expect(expected.some((row) => row.products > 0 && row.products < (allLines.get(row.id) ?? 0))).toBe(true);
    expect(answer.map((row) => ({ id: row['id'], orders: Number(row['orders']), category_lines: Number(row['category_lines']), products: Number(row['products']) }))).toEqual(expected);
  });

  it('two columns of a row compared keep exactly the rows where one is at most the other', async () => {
    const answer = await rows(AT_REORDER_LEVEL);
    const products = await rows({ ...AT_REORDER_LEVEL, filters: [] });
    const expected = products.filter((row) => Number(row['stock']) <= Number(row['reorder'])).map((row) => row['id']);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(products.length);
    expect(answer.map((row) => row['id'])).toEqual(expected);
  });

  it('per-group totals average (and count, and sum) the totals of each order', async () => {
    const answer = await rows(AVERAGE_ORDER_VALUE);
    const orders = await rows(query({
      root: 'order_lines',
      joins: AVERAGE_ORDER_VALUE.joins,
      dimensions: [...AVERAGE_ORDER_VALUE.dimensions, { id: 'order', label: 'Order', field: field('orders', 'id') }],
      measures: [
        { id: 'value', label: 'Value', aggregate: 'sum', expression: lineValue },
        { id: 'lines', label: 'Lines', aggregate: 'count' },
        { id: 'discounted', label: 'Discounted', aggregate: 'count', where: [filter(field('order_lines', 'discount'), 'gt', [0])] },
      ],
    }));
    expect(answer.length).toBeGreaterThan(12);
    for (const row of answer) {
      const own = orders.filter((order) => order['month'] === row['month']);
      const discounted = own.filter((order) => Number(order['discounted']) > 0);
      const average = (list: Row[], column: string) => list.reduce((total, order) => total + Number(order[column]), 0) / list.length;
      expectClose(row['order_value'], average(own, 'value'), `order value in ${String(row['month'])}`);
      expectClose(row['lines'], average(own, 'lines'), `lines per order in ${String(row['month'])}`);
      expectClose(row['biggest'], Math.max(...own.map((order) => Number(order['value']))), `biggest order in ${String(row['month'])}`);
      expect(row['all_lines']).toBe(own.reduce((total, order) => total + Number(order['lines']), 0));
      // Orders without a discounted line are not orders of that measure.
      expectClose(row['discounted_lines'], discounted.length === 0 ? null : average(discounted, 'discounted'), `discounted lines in ${String(row['month'])}`);
    }
  });

  it('against the average keeps the groups above the mean of all groups, before the other having filters', async () => {
    const answer = await rows(ABOVE_AVERAGE_SPEND);
    const customers = await rows(plain(ABOVE_AVERAGE_SPEND, {}));
    const mean = customers.reduce((total, row) => total + Number(row['revenue']), 0) / customers.length;
    const expected = customers.filter((row) => Number(row['revenue']) > mean && Number(row['orders']) >= 2);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(customers.length);
    expect(answer.map((row) => row['customer']).sort()).toEqual(expected.map((row) => row['customer']).sort());
    const spends = answer.map((row) => Number(row['revenue']));
    expect(spends).toEqual([...spends].sort((left, right) => right - left));
  });

  it('share, running total and change read the grouped rows: within, along, gaps and the NULL bucket', async () => {
    const answer = await rows(MONTHLY_WINDOWS);
    const grouped = await rows(plain(MONTHLY_WINDOWS, { measures: MONTHLY_WINDOWS.measures.filter(({ id }) => id === 'revenue' || id === 'orders') }));
    expect(answer.length).toBe(grouped.length);
    const byKey = new Map(grouped.map((row) => [key(row['shipped'], row['segment']), row]));
    let changes = 0;
    let gaps = 0;
    for (const row of answer) {
      const month = row['shipped'] as string | null;
      const segment = row['segment'];
      const sameMonth = grouped.filter((other) => other['shipped'] === month);
      const monthTotal = sameMonth.reduce((total, other) => total + Number(other['revenue']), 0);
      expectClose(row['share'], (Number(row['revenue']) * 100) / monthTotal, `share of ${key(month, segment)}`);
      // Running along the month within the segment; the NULL month sorts last.
      const sameSegment = grouped.filter((other) => other['segment'] === segment && (month === null || (other['shipped'] !== null && String(other['shipped']) <= month)));
      expect(row['running'], `running total of ${key(month, segment)}`).toBe(sameSegment.reduce((total, other) => total + Number(other['orders']), 0));
      const previous = month === null ? undefined : byKey.get(key(monthBefore(month), segment));
      if (previous === undefined) {
        expect(row['change'], `change of ${key(month, segment)}`).toBeNull();
        if (month !== null && grouped.some((other) => other['segment'] === segment && other['shipped'] !== null && String(other['shipped']) < month)) gaps += 1;
      } else {
        changes += 1;
        expect(row['change'], `change of ${key(month, segment)}`).toBe(Number(row['orders']) - Number(previous['orders']));
        const before = Number(previous['revenue']);
        expectClose(row['change_percent'], ((Number(row['revenue']) - before) * 100) / before, `change in percent of ${key(month, segment)}`);
      }
    }
    // The data must exercise each case: consecutive months, a gap, and the NULL month.
    expect(changes).toBeGreaterThan(0);
    expect(gaps).toBeGreaterThan(0);
    expect(answer.some((row) => row['shipped'] === null)).toBe(true);
  });

  it('a limit per group keeps the top rows of each group, ties broken by the other columns', async () => {
    const answer = await rows(TOP_PRODUCTS);
    const all = await rows(plain(TOP_PRODUCTS, {}));
    const expected: Row[] = [];
    for (const category of [...new Set(all.map((row) => row['category'] as string))].sort()) {
      const ranked = all.filter((row) => row['category'] === category).sort((left, right) =>
        Number(right['units']) - Number(left['units']) || compareText(left['product'], right['product']) || Number(left['revenue']) - Number(right['revenue']));
      expected.push(...ranked.slice(0, 3));
    }
    expect(all.length).toBeGreaterThan(expected.length);
    // Without an order of its own, the rows come by group, then by rank.
    expect(answer).toEqual(expected);
  });
});

/** The first day of the month before `date` (`YYYY-MM-01`). */
function monthBefore(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
}

/** Code-point order, as the samples' C collation sorts text. */
function compareText(left: unknown, right: unknown): number {
  const [a, b] = [String(left), String(right)];
  return a < b ? -1 : a > b ? 1 : 0;
}
