/**
 * The sample databases as they are served: built into archives, loaded into fresh in-memory
 * PGlite instances, read-only, documented, consistent and shaped like real businesses.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_DATASETS,
  SCHEMA_VERSION,
  ensureSampleArchives,
  openSampleDatabase,
  sampleArchivePath,
  type SampleSlug,
} from '../../src/samples/sample-datasets.ts';

/** A fixed anchor: the data runs from 2023-01-01 to 2025-12-31. */
const ANCHOR = new Date(Date.UTC(2025, 11, 10));
const END_OF_DATA = '2026-01-01';

let samplesDir: string;
const databases = new Map<SampleSlug, PGlite>();

function db(slug: SampleSlug): PGlite {
  return databases.get(slug)!;
}

async function scalar<T>(database: PGlite, sql: string): Promise<T> {
  const result = await database.query<Record<string, T>>(sql);
  return Object.values(result.rows[0]!)[0]!;
}

async function tableNames(database: PGlite): Promise<string[]> {
  const result = await database.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY relname",
  );
  return result.rows.map((row) => row.name);
}

/** md5 of every table's rows in id order: equal checksums mean equal data. */
async function checksums(database: PGlite): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of await tableNames(database)) {
    sums[table] = await scalar<string>(database, `SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM "${table}" t`);
  }
  return sums;
}

beforeAll(async () => {
  samplesDir = await mkdtemp(join(tmpdir(), 'querent-samples-'));
  await ensureSampleArchives(samplesDir, { anchor: ANCHOR });
  for (const { slug } of SAMPLE_DATASETS) {
    databases.set(slug, await openSampleDatabase(samplesDir, slug, { anchor: ANCHOR }));
  }
});

afterAll(async () => {
  for (const database of databases.values()) await database.close();
  await rm(samplesDir, { recursive: true, force: true });
});

describe('archives', () => {
  it('lists both datasets with a name and a description', () => {
    expect(SAMPLE_DATASETS.map((dataset) => dataset.slug)).toEqual(['wholesale', 'saas']);
    for (const dataset of SAMPLE_DATASETS) {
      expect(dataset.name).toMatch(/^Sample: /);
      expect(dataset.description.length).toBeGreaterThan(20);
    }
  });

  it('names each archive by dataset, schema version and anchor month', async () => {
    expect(sampleArchivePath(samplesDir, 'saas', { anchor: ANCHOR })).toBe(join(samplesDir, `saas-v${SCHEMA_VERSION}-2025-12.tar.gz`));
    expect((await readdir(samplesDir)).sort()).toEqual([`saas-v${SCHEMA_VERSION}-2025-12.tar.gz`, `wholesale-v${SCHEMA_VERSION}-2025-12.tar.gz`]);
  });

  it('opens an existing archive without rebuilding it', async () => {
    const modified = async (): Promise<number[]> =>
      Promise.all(SAMPLE_DATASETS.map(async ({ slug }) => (await stat(sampleArchivePath(samplesDir, slug, { anchor: ANCHOR }))).mtimeMs));
    const before = await modified();
    const again = await openSampleDatabase(samplesDir, 'saas', { anchor: ANCHOR });
    await again.close();
    expect(await modified()).toEqual(before);
  });

  it('generates identical data again, also when several callers ask at once', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'querent-samples-'));
    try {
      const opened = await Promise.all([
        openSampleDatabase(otherDir, 'wholesale', { anchor: ANCHOR }),
        openSampleDatabase(otherDir, 'wholesale', { anchor: ANCHOR }),
        openSampleDatabase(otherDir, 'saas', { anchor: ANCHOR }),
      ]);
      try {
        expect(await checksums(opened[0])).toEqual(await checksums(db('wholesale')));
        expect(await checksums(opened[1])).toEqual(await checksums(db('wholesale')));
        expect(await checksums(opened[2])).toEqual(await checksums(db('saas')));
      } finally {
        for (const database of opened) await database.close();
      }
      // One archive per dataset and no temporary file left behind.
      expect((await readdir(otherDir)).length).toBe(2);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe.each(SAMPLE_DATASETS.map((dataset) => dataset.slug))('%s database', (slug) => {
  it('refuses writes by default', async () => {
    expect(await scalar<string>(db(slug), 'SHOW default_transaction_read_only')).toBe('on');
    const table = (await tableNames(db(slug)))[0]!;
    await expect(db(slug).query(`INSERT INTO "${table}" (id) VALUES (-1)`)).rejects.toThrow(/read-only transaction/);
    await expect(db(slug).query(`DELETE FROM "${table}"`)).rejects.toThrow(/read-only transaction/);
    await expect(db(slug).exec('CREATE TABLE scratch (id integer)')).rejects.toThrow(/read-only transaction/);
  });

  it('has a comment on every table, and on every money column naming the currency', async () => {
    const uncommented = await db(slug).query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND obj_description(oid, 'pg_class') IS NULL",
    );
    expect(uncommented.rows).toEqual([]);
    const money = await db(slug).query<{ name: string; comment: string | null }>(`
      SELECT c.table_name || '.' || c.column_name AS name, col_description(('public.' || c.table_name)::regclass, c.ordinal_position) AS comment
      FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.data_type = 'numeric' AND c.numeric_scale = 2 AND c.numeric_precision = 12`);
    expect(money.rows.length).toBeGreaterThan(2);
    const currency = slug === 'wholesale' ? 'EUR' : 'USD';
    for (const column of money.rows) expect(column.comment, column.name).toContain(currency);
  });

  it('has primary keys everywhere, foreign keys and no orphan rows', async () => {
    const withoutKey = await db(slug).query(
      "SELECT relname FROM pg_class c WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p')",
    );
    expect(withoutKey.rows).toEqual([]);
    const foreignKeys = await db(slug).query<{ child: string; column: string; parent: string }>(`
      SELECT k.conrelid::regclass::text AS child, a.attname AS column, k.confrelid::regclass::text AS parent
      FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`);
    expect(foreignKeys.rows.length).toBe(slug === 'wholesale' ? 10 : 6);
    for (const key of foreignKeys.rows) {
      const orphans = await scalar<number>(db(slug),
        `SELECT count(*)::int FROM ${key.child} c WHERE c.${key.column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE p.id = c.${key.column})`);
      expect(orphans, `${key.child}.${key.column}`).toBe(0);
    }
  });

  it('has planner statistics, so row estimates are right', async () => {
    const estimates = await db(slug).query<{ name: string; estimate: number }>(
      "SELECT relname AS name, reltuples AS estimate FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace",
    );
    for (const table of estimates.rows) {
      const count = await scalar<number>(db(slug), `SELECT count(*)::int FROM "${table.name}"`);
      expect(table.estimate, table.name).toBe(count);
    }
  });
});

describe('wholesale data', () => {
  it('has the expected tables and volumes', async () => {
    expect(await tableNames(db('wholesale'))).toEqual(
      ['categories', 'customers', 'employees', 'invoices', 'order_lines', 'orders', 'payments', 'products', 'suppliers']);
    const orders = await scalar<number>(db('wholesale'), 'SELECT count(*)::int FROM orders');
    const lines = await scalar<number>(db('wholesale'), 'SELECT count(*)::int FROM order_lines');
    expect(orders).toBeGreaterThan(9000);
    expect(orders).toBeLessThan(12_000);
    expect(lines).toBeGreaterThan(35_000);
    expect(lines).toBeLessThan(45_000);
  });

  it('sells more in Q4 than in Q3 every year, least in August, and grows year on year', async () => {
    const quarters = await db('wholesale').query<{ year: number; q3: number; q4: number }>(`
      SELECT extract(year FROM order_date)::int AS year,
        count(*) FILTER (WHERE extract(quarter FROM order_date) = 3)::int AS q3,
        count(*) FILTER (WHERE extract(quarter FROM order_date) = 4)::int AS q4
      FROM orders GROUP BY 1 ORDER BY 1`);
    expect(quarters.rows.map((row) => row.year)).toEqual([2023, 2024, 2025]);
    for (const row of quarters.rows) expect(row.q4, String(row.year)).toBeGreaterThan(row.q3 * 1.2);
    const quietest = await scalar<number>(db('wholesale'),
      'SELECT extract(month FROM order_date)::int FROM orders GROUP BY 1 ORDER BY count(*) LIMIT 1');
    expect(quietest).toBe(8);
    const yearly = quarters.rows.map((row) => row.q3 + row.q4);
    expect(yearly[2]!).toBeGreaterThan(yearly[0]!);
  });

  it('has a few customers that bring most of the revenue', async () => {
    const share = await scalar<number>(db('wholesale'), `
      WITH revenue AS (SELECT customer_id, sum(amount) AS amount FROM invoices WHERE status IN ('open', 'paid') GROUP BY 1),
      ranked AS (SELECT amount, ntile(5) OVER (ORDER BY amount DESC) AS fifth FROM revenue)
      SELECT (sum(amount) FILTER (WHERE fifth = 1) / sum(amount))::float8 FROM ranked`);
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.9);
  });

  it('has cancellations, returns, overdue open invoices and partly paid ones', async () => {
    const statuses = await db('wholesale').query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM orders GROUP BY 1');
    const byStatus = Object.fromEntries(statuses.rows.map((row) => [row.status, row.count]));
    expect(Object.keys(byStatus).sort()).toEqual(['cancelled', 'delivered', 'pending', 'returned', 'shipped']);
    expect(byStatus.cancelled).toBeGreaterThan(100);
    expect(byStatus.returned).toBeGreaterThan(50);
    const overdue = await scalar<number>(db('wholesale'), `SELECT count(*)::int FROM invoices WHERE status = 'open' AND due_date < date '${END_OF_DATA}'`);
    expect(overdue).toBeGreaterThan(20);
    const partlyPaid = await scalar<number>(db('wholesale'),
      "SELECT count(*)::int FROM invoices i WHERE status = 'open' AND EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id)");
    expect(partlyPaid).toBeGreaterThan(0);
    const mismatched = await scalar<number>(db('wholesale'), `
      SELECT count(*)::int FROM invoices i WHERE status = 'paid' AND amount <> (SELECT sum(amount) FROM payments p WHERE p.invoice_id = i.id)`);
    expect(mismatched).toBe(0);
  });

  it('keeps employees in a reporting line with one managing director', async () => {
    expect(await scalar<number>(db('wholesale'), 'SELECT count(*)::int FROM employees WHERE manager_id IS NULL')).toBe(1);
    expect(await scalar<number>(db('wholesale'), "SELECT count(*)::int FROM orders o JOIN employees e ON e.id = o.employee_id WHERE o.order_date < e.hire_date")).toBe(0);
  });
});

describe('saas data', () => {
  it('has the expected tables and volumes', async () => {
    expect(await tableNames(db('saas'))).toEqual(['accounts', 'invoices', 'plans', 'subscriptions', 'support_agents', 'support_tickets']);
    const total = await scalar<number>(db('saas'), `
      SELECT ((SELECT count(*) FROM accounts) + (SELECT count(*) FROM subscriptions) + (SELECT count(*) FROM invoices)
        + (SELECT count(*) FROM support_tickets) + (SELECT count(*) FROM plans) + (SELECT count(*) FROM support_agents))::int`);
    expect(total).toBeGreaterThan(25_000);
    expect(total).toBeLessThan(40_000);
  });

  it('has every subscription status, churn reasons and growing recurring revenue', async () => {
    const statuses = await db('saas').query<{ status: string }>('SELECT DISTINCT status FROM subscriptions ORDER BY 1');
    expect(statuses.rows.map((row) => row.status)).toEqual(['active', 'cancelled', 'past_due', 'trialing']);
    expect(await scalar<number>(db('saas'), "SELECT count(*)::int FROM subscriptions WHERE status = 'cancelled' AND churn_reason IS NULL")).toBe(0);
    const mrrAt = (day: string): Promise<number> => scalar<number>(db('saas'), `
      SELECT sum(mrr)::float8 FROM subscriptions
      WHERE coalesce(trial_ends_at, started_at) <= '${day}' AND (ended_at IS NULL OR ended_at > '${day}') AND mrr > 0`);
    expect(await mrrAt('2025-12-01')).toBeGreaterThan((await mrrAt('2023-06-01')) * 1.5);
  });

  it('has overdue open invoices, each on a past-due subscription', async () => {
    const overdue = await db('saas').query<{ status: string }>(`
      SELECT s.status FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
      WHERE i.status = 'open' AND i.due_at < '${END_OF_DATA}'`);
    expect(overdue.rows.length).toBeGreaterThan(5);
    expect(new Set(overdue.rows.map((row) => row.status))).toEqual(new Set(['past_due']));
  });

  it('resolves urgent tickets faster than low-priority ones, with outage spikes', async () => {
    const hours = await db('saas').query<{ priority: string; median: number }>(`
      SELECT priority, percentile_cont(0.5) WITHIN GROUP (ORDER BY resolution_hours)::float8 AS median
      FROM support_tickets GROUP BY 1`);
    const median = Object.fromEntries(hours.rows.map((row) => [row.priority, row.median]));
    expect(median.urgent).toBeLessThan(median.high!);
    expect(median.high).toBeLessThan(median.normal!);
    expect(median.normal).toBeLessThan(median.low!);
    const busiest = await scalar<number>(db('saas'), 'SELECT count(*)::int FROM support_tickets GROUP BY opened_at::date ORDER BY 1 DESC LIMIT 1');
    expect(busiest).toBeGreaterThan(40);
  });
});
