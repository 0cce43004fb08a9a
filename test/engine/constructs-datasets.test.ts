/**
 * The constructs schemas (test/engine/fixtures/constructs) are deterministic and load: the same
 * anchor month gives the same SQL, every table gets rows, and the foreign keys hold. No engine here.
 */
import { describe, expect, it } from 'vitest';
import { constructsDatasetSql, CONSTRUCTS_SLUGS, openConstructsDatabase } from './fixtures/constructs/constructs-datasets.ts';

const ANCHOR = new Date('2026-11-24T12:00:00Z');

describe.each(CONSTRUCTS_SLUGS)('constructs dataset %s', (slug) => {
  it('gives the same SQL for the same anchor month, and other rows for another month', () => {
    expect(constructsDatasetSql(slug, new Date('2026-11-02T00:00:00Z'))).toBe(constructsDatasetSql(slug, ANCHOR));
    expect(constructsDatasetSql(slug, new Date('2026-12-15T00:00:00Z'))).not.toBe(constructsDatasetSql(slug, ANCHOR));
  });

  it('loads into PGlite with rows in every table, dated up to the end of the anchor month, read-only afterwards', async () => {
    const db = await openConstructsDatabase(slug, ANCHOR);
    try {
      const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
      expect(tables.rows.length).toBeGreaterThanOrEqual(8);
      for (const { table_name: table } of tables.rows) {
        const { rows } = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table}`);
        expect(rows[0]!.n, table).toBeGreaterThan(0);
      }
      const dates = await db.query<{ first: string; last: string }>(
        slug === 'fieldservice' ? 'SELECT MIN(reported_on)::text AS first, MAX(reported_on)::text AS last FROM work_orders' : 'SELECT MIN(ord_dt)::text AS first, MAX(ord_dt)::text AS last FROM ord',
      );
      expect(dates.rows[0]).toEqual({ first: expect.stringMatching(/^2024-01-0/), last: expect.stringMatching(/^2026-11-/) });
      await expect(db.query('CREATE TABLE scratch (x integer)')).rejects.toThrow(/read-only/);
    } finally {
      await db.close();
    }
  });
});
