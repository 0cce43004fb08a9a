/**
 * Related filters on Odoo: composed from a grouped read of the related model and `id in` / `id not
 * in` on the root's domain when the link is a many2one to the root's id, refused otherwise; related
 * count columns from the same grouped read, filled in beside the listed records; and the
 * constructs that need every group compared or aggregated again, refused with their reason. On the
 * protocol-level test server (17 over /jsonrpc, 19 over /json/2), answers equal what plain
 * search_read calls give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import type { Connector } from '../../src/connectors/connector.ts';
import { createOdooClient } from '../../src/connectors/odoo/odoo-client.ts';
import { compileOdoo, planOdoo } from '../../src/connectors/odoo/odoo-compiler.ts';
import { createOdooConnector } from '../../src/connectors/odoo/odoo-connector.ts';
import { describeModel } from '../../src/connectors/odoo/odoo-introspector.ts';
import { ODOO_READ_METHODS } from '../../src/connectors/odoo/odoo-client.ts';
import { countRelated, renderRelatedCall } from '../../src/connectors/odoo/odoo-related.ts';
import { field, type Filter, type LogicalQuery, type Measure, type RelatedFilter } from '../../src/query/logical-query.ts';
import { createOdooTestDatabase, startOdooTestServer, type OdooTestServer } from '../odoo-server/odoo-test-server.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

const present = new Set(['sale.order', 'sale.order.line', 'res.partner', 'product.product']);
const describe17 = (model: string, fields: Parameters<typeof describeModel>[2]) => describeModel(model, model, fields, { flags: true, present });
const stored = { store: true, groupable: true, searchable: true, sortable: true };

const unitCatalog: Catalog = {
  entities: [
    describe17('res.partner', { name: { type: 'char', string: 'Name', ...stored }, parent_id: { type: 'many2one', string: 'Parent', relation: 'res.partner', ...stored } }),
    describe17('sale.order', {
      name: { type: 'char', string: 'Order Reference', ...stored },
      partner_id: { type: 'many2one', string: 'Customer', relation: 'res.partner', ...stored },
      state: { type: 'selection', string: 'Status', ...stored, selection: [['draft', 'Quotation'], ['sale', 'Sales Order']] },
      date_order: { type: 'datetime', string: 'Order Date', ...stored },
      amount_untaxed: { type: 'monetary', string: 'Untaxed Amount', ...stored, groupable: false },
      partner_invoice_id: { type: 'many2one', string: 'Invoice Address', relation: 'res.partner', ...stored, groupable: false },
      active: { type: 'boolean', string: 'Active', ...stored },
    }),
  ],
};

function query(parts: Partial<LogicalQuery>): LogicalQuery {
  return { kind: 'select', root: 'res.partner', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...parts };
}
function filter(entity: string, column: string, op: Filter['op'], values: Filter['values']): Filter {
  return { kind: 'filter', expression: field(entity, column), op, values };
}
function ordersOf(exists: boolean, filters: readonly Filter[], linkColumn = 'partner_id'): RelatedFilter {
  return { kind: 'related', exists, root: 'sale.order', joins: [], link: { entity: 'sale.order', columns: [linkColumn], outerEntity: 'res.partner', outerColumns: ['id'] }, filters };
}
const names = [{ id: 'name', label: 'Name', field: field('res.partner', 'name') }];
const partners = (related: RelatedFilter[]) => query({ columns: names, related });
const rowsOf = ({ root, joins, link, filters }: RelatedFilter) => ({ root, joins, link, filters });

describe('related rows through the root\'s own key in the Odoo plan', () => {
  const parentNamed = (exists: boolean): RelatedFilter => ({ kind: 'related', exists, root: 'res.partner', joins: [], link: { entity: 'res.partner', columns: ['id'], outerEntity: 'res.partner', outerColumns: ['parent_id'] }, filters: [filter('res.partner', 'name', 'eq', ['Acme'])] });

  it('are domain terms through the key, with no read of their own', () => {
    const plan = planOdoo(partners([parentNamed(true)]), unitCatalog, { maxRows: 10 });
    expect(plan.domain).toEqual([['parent_id', '!=', false], ['parent_id.name', '=', 'Acme']]);
    expect(plan.related).toBeUndefined();
  });

  it('are the key empty or the record not passing, when the rows must have none', () => {
    const plan = planOdoo(partners([parentNamed(false)]), unitCatalog, { maxRows: 10 });
    expect(plan.domain).toEqual(['|', ['parent_id', '=', false], '!', ['parent_id.name', '=', 'Acme']]);
    const twoConditions = { ...parentNamed(false), filters: [filter('res.partner', 'name', 'eq', ['Acme']), filter('res.partner', 'name', 'neq', ['Other'])] };
    expect(planOdoo(partners([twoConditions]), unitCatalog, { maxRows: 10 }).domain).toEqual(['|', ['parent_id', '=', false], '!', '&', ['parent_id.name', '=', 'Acme'], ['parent_id.name', '!=', 'Other']]);
  });

  it('are refused with a number of them', () => {
    expect(() => planOdoo(partners([{ ...parentNamed(true), count: { op: 'gt', values: [1] } }]), unitCatalog, { maxRows: 10 })).toThrow(/not by how many/);
  });
});

describe('related filters in the Odoo plan', () => {
  it('read the distinct link values of the related model first, with its own domain and active_test', () => {
    const plan = planOdoo(partners([ordersOf(true, [filter('sale.order', 'state', 'eq', ['Sales Order'])]), ordersOf(false, [filter('sale.order', 'active', 'eq', [false])])]), unitCatalog, { maxRows: 10 });
    expect(plan.related).toEqual([
      { model: 'sale.order', domain: [['state', '=', 'sale']], activeTest: true, field: 'partner_id', exists: true },
      { model: 'sale.order', domain: [['active', '=', false]], activeTest: false, field: 'partner_id', exists: false },
    ]);
    expect(renderRelatedCall(plan.related![0]!, 17)).toEqual({ model: 'sale.order', method: 'read_group', params: { domain: [['state', '=', 'sale']], fields: ['partner_id'], groupby: ['partner_id'], lazy: false } });
    expect(renderRelatedCall(plan.related![0]!, 19)).toEqual({ model: 'sale.order', method: 'formatted_read_group', params: { domain: [['state', '=', 'sale']], groupby: ['partner_id'], aggregates: ['__count'] } });
    const shown = JSON.parse(compileOdoo(partners([ordersOf(false, [])]), unitCatalog, { maxRows: 10 }).text) as { method: string; related: { method: string; keep: string }[] };
    expect(shown.method).toBe('search_read');
    expect(shown.related).toEqual([{ model: 'sale.order', method: 'read_group', domain: [], fields: ['partner_id'], groupby: ['partner_id'], lazy: false, keep: 'id not in the partner_id values' }]);
  });

  it('carry a count of related records, and refuse one that compares with no number', () => {
    const moreThanTwo: RelatedFilter = { ...ordersOf(true, []), count: { op: 'gt', values: [2] } };
    expect(planOdoo(partners([moreThanTwo]), unitCatalog, { maxRows: 10 }).related).toEqual([
      { model: 'sale.order', domain: [], activeTest: true, field: 'partner_id', exists: true, count: { op: 'gt', values: [2] } },
    ]);
    const shown = JSON.parse(compileOdoo(partners([moreThanTwo]), unitCatalog, { maxRows: 10 }).text) as { related: { keep: string }[] };
    expect(shown.related[0]!.keep).toBe('id whose count of partner_id values is gt 2');
    expect(() => planOdoo(partners([{ ...moreThanTwo, count: { op: 'gt', values: [] } }]), unitCatalog, { maxRows: 10 })).toThrow(/related count/);
    expect(() => planOdoo(partners([{ ...moreThanTwo, exists: false }]), unitCatalog, { maxRows: 10 })).toThrow(/related count/);
  });

  it('are refused unless the link is a groupable many2one of the related root to the root\'s id', () => {
    const refusals: [RelatedFilter, RegExp][] = [
      [{ ...ordersOf(true, []), link: { entity: 'sale.order', columns: ['partner_id'], outerEntity: 'res.partner', outerColumns: ['parent_id'] } }, /to the id of "res.partner"/],
      [{ ...ordersOf(true, []), link: { entity: 'sale.order', columns: ['partner_id', 'name'], outerEntity: 'res.partner', outerColumns: ['id', 'name'] } }, /to the id of "res.partner"/],
      [ordersOf(true, [], 'name'), /not a many2one field to "res.partner"/],
      [ordersOf(true, [], 'partner_invoice_id'), /not groupable/],
      [ordersOf(true, [filter('res.partner', 'name', 'eq', ['x'])]), /neither the root nor joined/],
      [ordersOf(true, [{ ...filter('sale.order', 'amount_untaxed', 'gt', []), against: 'average' }]), /against the average is not composed for Odoo, in a related filter either/],
    ];
    for (const [related, message] of refusals) expect(() => planOdoo(partners([related]), unitCatalog, { maxRows: 10 })).toThrow(message);
    const fromJoined = query({ root: 'sale.order', joins: [{ fromEntity: 'sale.order', fromColumns: ['partner_id'], toEntity: 'res.partner', toColumns: ['id'] }], measures: [{ id: 'n', label: 'N', aggregate: 'count' }], related: [ordersOf(true, [])] });
    expect(() => planOdoo(fromJoined, unitCatalog, { maxRows: 10 })).toThrow(/to the id of "sale.order"/);
  });
});

describe('related count columns in the Odoo plan', () => {
  it('read each count as a grouped read of its model, then order and cut the counted list', async () => {
    const logical = query({ columns: names, relatedCounts: [{ id: 'orders', label: 'Orders', ...rowsOf(ordersOf(true, [filter('sale.order', 'state', 'eq', ['Sales Order'])])) }], order: [{ id: 'orders', direction: 'desc' }], limit: 3 });
    const plan = planOdoo(logical, unitCatalog, { maxRows: 10 });
    expect(plan).toMatchObject({
      kind: 'search_read', order: '', limit: 11,
      counts: [{ key: '__related_count_0', search: { model: 'sale.order', domain: [['state', '=', 'sale']], field: 'partner_id', exists: true } }],
      afterCounting: { order: [{ key: '__related_count_0', direction: 'desc' }], limit: 3 },
    });
    expect(plan.output.map((column) => column.id)).toEqual(['name', 'orders']);
    expect(() => planOdoo({ ...logical, distinct: true }, unitCatalog, { maxRows: 10 })).toThrow(/beside the columns of a list of records/);
    const distinctStates = { ...logical, relatedCounts: [{ ...logical.relatedCounts![0]!, distinct: field('sale.order', 'state') }] };
    expect(() => planOdoo(distinctStates, unitCatalog, { maxRows: 10 })).toThrow(/distinct values of a field of related records/);
    // More records than the cap cannot all be ranked by their counts: refused, not ranked from a cut list.
    const records = Array.from({ length: 11 }, (_, index) => ({ id: index + 1, name: `P${index}` }));
    await expect(countRelated(plan, records, 17, async () => [], 10)).rejects.toThrow(/more than 10 res.partner records/);
    const counted = await countRelated(plan, records.slice(0, 4), 17, async () => [{ partner_id: [2, 'P1'], __count: 5 }, { partner_id: [4, 'P3'], __count: 1 }], 10) as Record<string, unknown>[];
    expect(counted.map((record) => [record['id'], record['__related_count_0']])).toEqual([[2, 5], [4, 1], [1, 0]]);
    expect(() => planOdoo({ ...logical, relatedCounts: [{ id: 'orders', label: 'Orders', ...rowsOf(ordersOf(true, [], 'partner_invoice_id')) }] }, unitCatalog, { maxRows: 10 })).toThrow(/not groupable/);
  });
});

describe('constructs that compare or re-aggregate groups on Odoo', () => {
  const revenue: Measure = { id: 'revenue', label: 'Revenue', aggregate: 'sum', expression: field('sale.order', 'amount_untaxed') };
  const customer = { id: 'customer', label: 'Customer', field: field('sale.order', 'partner_id') };
  const month = { id: 'month', label: 'Month', field: field('sale.order', 'date_order'), grain: 'month' as const };
  const orders = (parts: Partial<LogicalQuery>) => query({ root: 'sale.order', dimensions: [customer], measures: [revenue], ...parts });

  it('are refused with the reason read_group cannot give them', () => {
    const refusals: [LogicalQuery, RegExp][] = [
      [orders({ measures: [{ ...revenue, aggregate: 'avg', per: { aggregate: 'sum', by: [field('sale.order', 'partner_id')] } }] }), /per-group totals \("revenue"\): read_group aggregates the records once/],
      [orders({ measures: [revenue, { id: 'share', label: 'Share', aggregate: 'share', of: 'revenue' }] }), /share "share": read_group does not compare/],
      [orders({ dimensions: [month], measures: [revenue, { id: 'running', label: 'Running', aggregate: 'running_total', of: 'revenue', along: 'month' }] }), /running total "running"/],
      [orders({ dimensions: [month], measures: [revenue, { id: 'change', label: 'Change', aggregate: 'change', of: 'revenue', along: 'month' }] }), /change "change"/],
      [orders({ dimensions: [month, customer], limitPerGroup: { by: ['month'], order: [{ id: 'revenue', direction: 'desc' }], limit: 3 } }), /first rows of each group: read_group limits the whole result only/],
      [orders({ having: [{ measureId: 'revenue', op: 'gt', values: [], against: 'average' }] }), /average of all groups/],
    ];
    for (const [logical, message] of refusals) {
      expect(() => planOdoo(logical, unitCatalog, { maxRows: 10 })).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }));
    }
  });
});

/** Related filters on the test server, checked against plain search_read calls. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: OdooTestServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase('querent_odoo_related');
  await createOdooTestDatabase(database.url);
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.drop();
});

for (const version of ['17.0', '19.0'] as const) {
  describe(`related filters on the Odoo ${version} test server`, () => {
    let server: OdooTestServer;
    let connector: Connector;
    let catalog: Catalog;
    /** `search_read` of one field, as `[id, many2one id or value]` pairs. */
    let read: (model: string, domain: unknown[], fieldName: string) => Promise<[number, unknown][]>;

    beforeAll(async () => {
      server = await startOdooTestServer({ version, databaseUrl: database.url });
      servers.push(server);
      const endpoint = { url: server.url, database: 'odoo', login: 'bot', apiKey: 'bot-api-key' };
      connector = createOdooConnector({ ...endpoint, maxRows: 5_000 });
      catalog = await connector.introspect();
      const client = createOdooClient(endpoint);
      read = async (model, domain, fieldName) => {
        const records = await client.call(model, 'search_read', { domain, fields: [fieldName] }) as Record<string, unknown>[];
        return records.map((record) => [record['id'] as number, Array.isArray(record[fieldName]) ? record[fieldName][0] : record[fieldName]]);
      };
    });

    const ids = async (logical: LogicalQuery) => {
      const table = await connector.execute(connector.compile(logical, catalog));
      expect(table.truncated).toBe(false);
      return table.rows.map((row) => row[0] as number).sort((left, right) => left - right);
    };
    const idColumn = [{ id: 'id', label: 'Id', field: field('res.partner', 'id') }];
    const confirmed = [filter('sale.order', 'state', 'eq', ['sale'])];

    it('keeps the partners with (and without) a confirmed order', async () => {
      const withOrders = await ids(query({ columns: idColumn, related: [ordersOf(true, confirmed)] }));
      const withoutOrders = await ids(query({ columns: idColumn, related: [ordersOf(false, confirmed)] }));
      const everyone = (await read('res.partner', [], 'id')).map(([id]) => id).sort((left, right) => left - right);
      const buyers = new Set((await read('sale.order', [['state', '=', 'sale']], 'partner_id')).map(([, partner]) => partner));
      expect(withOrders.length).toBeGreaterThan(0);
      expect(withoutOrders.length).toBeGreaterThan(0);
      expect(withOrders).toEqual(everyone.filter((id) => buyers.has(id)));
      expect(withoutOrders).toEqual(everyone.filter((id) => !buyers.has(id)));
    });

    it('keeps the partners by how many confirmed orders they have, those with none when a count of 0 passes', async () => {
      const perPartner = new Map<unknown, number>();
      for (const [, partner] of await read('sale.order', [['state', '=', 'sale']], 'partner_id')) perPartner.set(partner, (perPartner.get(partner) ?? 0) + 1);
      const everyone = (await read('res.partner', [], 'id')).map(([id]) => id).sort((left, right) => left - right);
      const countOf = (id: number) => perPartner.get(id) ?? 0;
      const withCount = (count: RelatedFilter['count']) => ids(query({ columns: idColumn, related: [{ ...ordersOf(true, confirmed), count }] }));
      const moreThanOne = await withCount({ op: 'gt', values: [1] });
      const fewerThanTwo = await withCount({ op: 'lt', values: [2] });
      expect(moreThanOne.length).toBeGreaterThan(0);
      expect(fewerThanTwo.some((id) => countOf(id) === 0)).toBe(true);
      expect(moreThanOne).toEqual(everyone.filter((id) => countOf(id) > 1));
      expect(fewerThanTwo).toEqual(everyone.filter((id) => countOf(id) < 2));
      expect(await withCount({ op: 'between', values: [1, 2] })).toEqual(everyone.filter((id) => countOf(id) >= 1 && countOf(id) <= 2));
    });

    it('lists every partner with their number of confirmed orders, 0 for none, ranked by it', async () => {
      const perPartner = new Map<unknown, number>();
      for (const [, partner] of await read('sale.order', [['state', '=', 'sale']], 'partner_id')) perPartner.set(partner, (perPartner.get(partner) ?? 0) + 1);
      const everyone = (await read('res.partner', [], 'id')).map(([id]) => id);
      const expected = everyone.map((id) => [id, perPartner.get(id) ?? 0]).sort((left, right) => right[1]! - left[1]! || left[0]! - right[0]!);
      const counted = (limit?: number) => connector.execute(connector.compile(query({
        columns: idColumn, relatedCounts: [{ id: 'orders', label: 'Orders', ...rowsOf(ordersOf(true, confirmed)) }], order: [{ id: 'orders', direction: 'desc' }], ...(limit ? { limit } : {}),
      }), catalog));
      const all = await counted();
      expect(all.truncated).toBe(false);
      expect(all.rows).toEqual(expected);
      expect(expected.some(([, count]) => count === 0) && expected.some(([, count]) => count! > 1)).toBe(true);
      expect((await counted(3)).rows).toEqual(expected.slice(0, 3));
    });

    it('counts orders by state that have (and have no) line of a product, both filters at once', async () => {
      const lines = await read('sale.order.line', [['product_id', '!=', false]], 'product_id');
      const product = lines[0]![1] as number;
      const orderLines = (exists: boolean, productId: number): RelatedFilter => ({
        kind: 'related', exists, root: 'sale.order.line', joins: [],
        link: { entity: 'sale.order.line', columns: ['order_id'], outerEntity: 'sale.order', outerColumns: ['id'] },
        filters: [filter('sale.order.line', 'product_id', 'eq', [productId])],
      });
      const other = lines.find(([, id]) => id !== product)![1] as number;
      const logical = query({
        root: 'sale.order',
        dimensions: [{ id: 'state', label: 'Status', field: field('sale.order', 'state') }],
        measures: [{ id: 'orders', label: 'Orders', aggregate: 'count' }],
        related: [orderLines(true, product), orderLines(false, other)],
      });
      const table = await connector.execute(connector.compile(logical, catalog));
      const withProduct = new Set((await read('sale.order.line', [['product_id', '=', product]], 'order_id')).map(([, order]) => order));
      const withOther = new Set((await read('sale.order.line', [['product_id', '=', other]], 'order_id')).map(([, order]) => order));
      const expected = (await read('sale.order', [['id', 'in', [...withProduct].filter((id) => !withOther.has(id))]], 'state')).length;
      expect(expected).toBeGreaterThan(0);
      expect(table.rows.reduce((total, row) => total + Number(row[1]), 0)).toBe(expected);
    });

    it('sent nothing but read methods', () => {
      const allowed = new Set<string>([...ODOO_READ_METHODS, 'version', 'login', 'authenticate']);
      expect(server.calls.filter((call) => !allowed.has(call.method))).toEqual([]);
      expect(server.calls.some((call) => call.method === (version === '19.0' ? 'formatted_read_group' : 'read_group'))).toBe(true);
    });
  });
}
