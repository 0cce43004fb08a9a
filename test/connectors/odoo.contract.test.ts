import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import type { Connector, ResultTable } from '../../src/connectors/connector.ts';
import { createOdooConnector } from '../../src/connectors/odoo/odoo-connector.ts';
import { ODOO_READ_METHODS } from '../../src/connectors/odoo/odoo-client.ts';
import { field, type LogicalQuery, type RelatedFilter } from '../../src/query/logical-query.ts';
import { createOdooTestDatabase, startOdooTestServer, type OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

/** The connector against the protocol-level Odoo test double: 17.0 over /jsonrpc, 19.0 over /json/2. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: OdooTestServer[] = [];
const answers = new Map<string, ResultTable[]>();

beforeAll(async () => {
  database = await createTestDatabase('querent_odoo');
  await createOdooTestDatabase(database.url);
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.drop();
});

function query(parts: Partial<LogicalQuery>): LogicalQuery {
  return { kind: 'select', root: 'sale.order', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}

const QUESTIONS: Record<string, LogicalQuery> = {
  revenueByMonth: query({
    measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: field('sale.order', 'amount_untaxed') }, { id: 'orders', label: 'Orders', aggregate: 'count' }],
    dimensions: [{ id: 'month', label: 'Month', field: field('sale.order', 'date_order'), grain: 'month' }],
    filters: [{ kind: 'filter', expression: field('sale.order', 'state'), op: 'in', values: ['sale', 'done'] }],
  }),
  topCustomers: query({
    measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: field('sale.order', 'amount_untaxed') }],
    dimensions: [{ id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }],
    order: [{ id: 'revenue', direction: 'desc' }],
    limit: 5,
  }),
  orderCount: query({ measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }] }),
  latestOrders: query({
    columns: [{ id: 'reference', label: 'Reference', field: field('sale.order', 'name') }, { id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }, { id: 'date', label: 'Order Date', field: field('sale.order', 'date_order') }],
    order: [{ id: 'date', direction: 'desc' }],
    limit: 3,
  }),
};

for (const version of ['17.0', '19.0'] as const) {
  describe(`the Odoo connector on the Odoo ${version} test server`, () => {
    let server: OdooTestServer;
    let connector: Connector;
    let catalog: Catalog;

    beforeAll(async () => {
      server = await startOdooTestServer({ version, databaseUrl: database.url });
      servers.push(server);
      connector = createOdooConnector({ url: server.url, database: 'odoo', login: 'bot', apiKey: 'bot-api-key', maxRows: 50 });
    });

    it('tests the connection, and refuses a wrong key with a safe message', async () => {
      await connector.test();
      const wrong = createOdooConnector({ url: server.url, database: 'odoo', login: 'bot', apiKey: 'wrong-S3CRET' });
      const error = await wrong.test().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'connection_unavailable' });
      expect((error as Error).message).not.toContain('S3CRET');
    });

    it('builds the catalog from fields_get with labels and many2one keys', async () => {
      catalog = await connector.introspect();
      const order = catalog.entities.find((entity) => entity.name === 'sale.order');
      expect(order?.columns.find((column) => column.name === 'partner_id')).toMatchObject({ type: 'text', nativeType: 'many2one' });
      expect(order?.foreignKeys).toContainEqual({ columns: ['partner_id'], refEntity: 'res.partner', refColumns: ['id'] });
      const values = await connector.sampleValues(catalog);
      expect(values.some((each) => each.entity === 'sale.order' && each.column === 'state')).toBe(true);
    });

    for (const [name, logical] of Object.entries(QUESTIONS)) {
      it(`answers ${name}`, async () => {
        const table = await connector.execute(connector.compile(logical, catalog));
        expect(table.rows.length).toBeGreaterThan(0);
        answers.set(name, [...(answers.get(name) ?? []), table]);
      });
    }

    it('counts the orders passing either of two conditions as the server does: those of each, less those of both', async () => {
      const cancelled = { kind: 'filter' as const, expression: field('sale.order', 'state'), op: 'eq' as const, values: ['cancel'] };
      const large = { kind: 'filter' as const, expression: field('sale.order', 'amount_untaxed'), op: 'between' as const, values: [500, 5000] };
      const count = async (filters: LogicalQuery['filters']) => Number((await connector.execute(connector.compile(query({ measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }], filters }), catalog))).rows[0]![0]);
      const [either, first, second, both] = [await count([{ ...cancelled, or: [large] }]), await count([cancelled]), await count([large]), await count([cancelled, large])];
      expect(first, 'the demo data has cancelled orders').toBeGreaterThan(0);
      expect(second, 'and orders of that size').toBeGreaterThan(0);
      expect(either).toBe(first + second - both);
      expect(JSON.parse(connector.compile(query({ measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }], filters: [{ ...cancelled, or: [large] }] }), catalog).text).domain)
        .toEqual(['|', ['state', '=', 'cancel'], '&', ['amount_untaxed', '>=', 500], ['amount_untaxed', '<=', 5000]]);
    });

    it('counts the orders above the average amount as those above the average the server computes', async () => {
      const amount = field('sale.order', 'amount_untaxed');
      const run = async (logical: LogicalQuery) => (await connector.execute(connector.compile(logical, catalog))).rows;
      const [[average]] = await run(query({ measures: [{ id: 'average', label: 'Average', aggregate: 'avg', expression: amount }] })) as [[number]];
      const counted = (filter: LogicalQuery['filters'][number]) => query({ measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }], filters: [filter] });
      const [[aboveAverage]] = await run(counted({ kind: 'filter', expression: amount, op: 'gt', values: [], against: 'average' })) as [[number]];
      const [[aboveValue]] = await run(counted({ kind: 'filter', expression: amount, op: 'gt', values: [Number(average)] })) as [[number]];
      const [[all]] = await run(query({ measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }] })) as [[number]];
      expect(Number(aboveAverage)).toBe(Number(aboveValue));
      expect(Number(aboveAverage)).toBeGreaterThan(0);
      expect(Number(aboveAverage)).toBeLessThan(Number(all));
      const text = JSON.parse(connector.compile(counted({ kind: 'filter', expression: amount, op: 'gt', values: [], against: 'average' }), catalog).text);
      expect(text.averages[0].compare).toBe('amount_untaxed > the average');
    });

    it('composes a share of rows by group from one grouped read per condition, as the two counts give it', async () => {
      const cancelled = { kind: 'filter' as const, expression: field('sale.order', 'state'), op: 'eq' as const, values: ['cancel'] };
      const byCustomer = [{ id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') }];
      const share = query({
        dimensions: byCustomer,
        measures: [
          { id: 'cancelled', label: 'Cancelled orders', aggregate: 'count', where: [cancelled] },
          { id: 'orders', label: 'Orders', aggregate: 'count' },
          { id: 'share', label: 'Share cancelled', aggregate: 'ratio', numeratorId: 'cancelled', denominatorId: 'orders', percent: true },
        ],
        order: [{ id: 'share', direction: 'desc' }, { id: 'customer', direction: 'asc' }],
      });
      const compiled = connector.compile(share, catalog);
      expect(JSON.parse(compiled.text).composed).toHaveLength(2);
      const merged = await connector.execute(compiled);
      const counts = async (filters: LogicalQuery['filters']) => new Map((await connector.execute(connector.compile(query({ dimensions: byCustomer, measures: [{ id: 'n', label: 'N', aggregate: 'count' }], filters }), catalog))).rows.map((row) => [JSON.stringify(row[0]), Number(row[1])]));
      const [all, cancelledOnly] = [await counts([]), await counts([cancelled])];
      expect(merged.rows.length).toBe(all.size);
      for (const [customer, cancelledCount, orderCount, percent] of merged.rows) {
        const key = JSON.stringify(customer);
        expect(orderCount).toBe(all.get(key));
        expect(cancelledCount).toBe(cancelledOnly.get(key) ?? 0);
        expect(percent).toBeCloseTo(((cancelledOnly.get(key) ?? 0) * 100) / all.get(key)!, 9);
      }
      const percents = merged.rows.map((row) => Number(row[3]));
      expect(percents).toEqual([...percents].sort((left, right) => right - left));
      expect(percents.some((percent) => percent > 0)).toBe(true);
    });

    it('counts the contacts whose parent company has a name through the parent key, as the contacts grouped by parent give it', async () => {
      const partners = (parts: Partial<LogicalQuery>) => query({ root: 'res.partner', ...parts });
      const run = async (logical: LogicalQuery) => (await connector.execute(connector.compile(logical, catalog))).rows;
      const withContacts = await run(partners({ dimensions: [{ id: 'parent', label: 'Parent', field: field('res.partner', 'parent_id') }], measures: [{ id: 'contacts', label: 'Contacts', aggregate: 'count' }], filters: [{ kind: 'filter', expression: field('res.partner', 'parent_id'), op: 'not_null', values: [] }] }));
      const [parent, expected] = withContacts.find((row) => typeof row[0] === 'string' && Number(row[1]) > 0)! as [string, number];
      const parentNamed: RelatedFilter = { kind: 'related', exists: true, root: 'res.partner', joins: [], link: { entity: 'res.partner', columns: ['id'], outerEntity: 'res.partner', outerColumns: ['parent_id'] }, filters: [{ kind: 'filter', expression: field('res.partner', 'name'), op: 'eq', values: [parent] }] };
      const compiled = connector.compile(partners({ measures: [{ id: 'contacts', label: 'Contacts', aggregate: 'count' }], related: [parentNamed] }), catalog);
      expect(JSON.parse(compiled.text).domain).toEqual([['parent_id', '!=', false], ['parent_id.name', '=', parent]]);
      expect(Number((await connector.execute(compiled)).rows[0]![0])).toBe(Number(expected));
      // The others: no parent, or another one.
      const [[all]] = await run(partners({ measures: [{ id: 'partners', label: 'Partners', aggregate: 'count' }] })) as [[number]];
      const [[others]] = await run(partners({ measures: [{ id: 'contacts', label: 'Contacts', aggregate: 'count' }], related: [{ ...parentNamed, exists: false }] })) as [[number]];
      expect(Number(others)).toBe(Number(all) - Number(expected));
    });

    it('sent nothing but read methods', () => {
      const allowed = new Set<string>([...ODOO_READ_METHODS, 'version', 'login', 'authenticate']);
      expect(server.calls.filter((call) => !allowed.has(call.method))).toEqual([]);
    });
  });
}

describe('both protocols', () => {
  it('give the same answers', () => {
    for (const [name, tables] of answers) {
      expect(tables, name).toHaveLength(2);
      expect(tables[1], name).toEqual(tables[0]);
    }
  });
});
