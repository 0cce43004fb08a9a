/**
 * Loads generated rows into PGlite with one COPY per table. PGlite's COPY reads a virtual file,
 * `/dev/blob`, whose contents are the `blob` query option (see PGlite's docs, "/dev/blob"), which is
 * far faster than INSERT statements for tens of thousands of rows.
 */
import type { PGlite } from '@electric-sql/pglite';

/** A cell as the generators produce it: dates and timestamps are already formatted strings. */
export type CellValue = string | number | boolean | null;

/** The rows of one table, in the order of `columns`. */
export interface TableRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly CellValue[])[];
}

function csvCell(value: CellValue): string {
  // Unquoted empty is NULL in COPY's CSV format; strings are always quoted, so '' stays ''.
  if (value === null) return '';
  if (typeof value === 'string') return `"${value.replaceAll('"', '""')}"`;
  return String(value);
}

export function toCsv(rows: readonly (readonly CellValue[])[]): string {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function copyRows(db: PGlite, tableRows: TableRows): Promise<void> {
  if (tableRows.rows.length === 0) return;
  const columns = tableRows.columns.map(quoteIdentifier).join(', ');
  const blob = new Blob([toCsv(tableRows.rows)], { type: 'text/csv' });
  await db.query(`COPY ${quoteIdentifier(tableRows.table)} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob });
}
