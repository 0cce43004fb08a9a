/** The generators on their own, without PGlite: determinism, volumes, time span and CSV encoding. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv, type TableRows } from '../../src/samples/bulk-load.ts';
import { timeSpanForAnchor, formatDay } from '../../src/samples/calendar.ts';
import { generateSaasRows } from '../../src/samples/saas-generator.ts';
import { generateWholesaleRows } from '../../src/samples/wholesale-generator.ts';

const ANCHOR = new Date(Date.UTC(2025, 11, 10));

function rowCounts(tables: readonly TableRows[]): Record<string, number> {
  return Object.fromEntries(tables.map((table) => [table.table, table.rows.length]));
}

function column(tables: readonly TableRows[], table: string, name: string): unknown[] {
  const rows = tables.find((candidate) => candidate.table === table)!;
  const index = rows.columns.indexOf(name);
  return rows.rows.map((row) => row[index]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('time span', () => {
  it('runs from 1 January two years before the anchor to the end of the anchor month', () => {
    const span = timeSpanForAnchor(new Date('2025-12-10T23:59:00Z'));
    expect(span.anchorMonth).toBe('2025-12');
    expect(formatDay(span.firstDay)).toBe('2023-01-01');
    expect(formatDay(span.lastDay)).toBe('2025-12-31');
    const february = timeSpanForAnchor(new Date('2024-02-01T00:00:00Z'));
    expect([formatDay(february.firstDay), formatDay(february.lastDay)]).toEqual(['2022-01-01', '2024-02-29']);
  });
});

describe.each([
  ['wholesale', generateWholesaleRows],
  ['saas', generateSaasRows],
] as const)('%s generator', (_slug, generate) => {
  it('gives identical rows for the same anchor without Math.random or the clock', () => {
    const random = vi.spyOn(Math, 'random');
    const now = vi.spyOn(Date, 'now');
    const first = generate(timeSpanForAnchor(ANCHOR));
    const second = generate(timeSpanForAnchor(new Date(Date.UTC(2025, 11, 28, 17))));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it('gives different rows for another anchor month', () => {
    const december = generate(timeSpanForAnchor(ANCHOR));
    const november = generate(timeSpanForAnchor(new Date(Date.UTC(2025, 10, 10))));
    expect(JSON.stringify(november)).not.toBe(JSON.stringify(december));
  });

  it('gives every row a unique integer id, ascending from 1', () => {
    for (const table of generate(timeSpanForAnchor(ANCHOR))) {
      const ids = table.rows.map((row) => row[0]);
      expect(ids, table.table).toEqual(ids.map((_id, index) => index + 1));
    }
  });
});

describe('volumes and dates', () => {
  it('puts about 100,000 rows in the two datasets together, whatever the anchor month', () => {
    for (const anchor of [ANCHOR, new Date(Date.UTC(2026, 0, 1))]) {
      const wholesale = rowCounts(generateWholesaleRows(timeSpanForAnchor(anchor)));
      const saas = rowCounts(generateSaasRows(timeSpanForAnchor(anchor)));
      const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((total, count) => total + count, 0);
      expect(wholesale.order_lines).toBeGreaterThan(35_000);
      expect(wholesale.order_lines).toBeLessThan(45_000);
      expect(sum(wholesale)).toBeGreaterThan(60_000);
      expect(sum(wholesale)).toBeLessThan(75_000);
      expect(sum(saas)).toBeGreaterThan(20_000);
      expect(sum(saas)).toBeLessThan(40_000);
      expect(sum(wholesale) + sum(saas)).toBeGreaterThan(85_000);
      expect(sum(wholesale) + sum(saas)).toBeLessThan(115_000);
    }
  });

  it('keeps every fact inside the span', () => {
    const wholesale = generateWholesaleRows(timeSpanForAnchor(ANCHOR));
    const days = [
      ...column(wholesale, 'orders', 'order_date'),
      ...column(wholesale, 'orders', 'shipped_date'),
      ...column(wholesale, 'invoices', 'invoice_date'),
      ...column(wholesale, 'payments', 'payment_date'),
    ].filter((day) => day !== null) as string[];
    expect(days.every((day) => day >= '2023-01-01' && day <= '2025-12-31')).toBe(true);
    const saas = generateSaasRows(timeSpanForAnchor(ANCHOR));
    const times = [
      ...column(saas, 'invoices', 'issued_at'),
      ...column(saas, 'invoices', 'paid_at'),
      ...column(saas, 'support_tickets', 'opened_at'),
      ...column(saas, 'support_tickets', 'resolved_at'),
    ].filter((time) => time !== null) as string[];
    expect(times.every((time) => time >= '2023-01-01' && time < '2026-01-01')).toBe(true);
  });
});

describe('CSV for COPY', () => {
  it('quotes text, keeps empty text apart from NULL and escapes quotes', () => {
    expect(toCsv([[1, 'a "quoted", comma', null, '', true, 'two\nlines']])).toBe('1,"a ""quoted"", comma",,"",true,"two\nlines"\n');
    expect(toCsv([])).toBe('');
  });
});
