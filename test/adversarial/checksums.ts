/**
 * Fingerprints of everything a write could change, taken with full rights outside the connector:
 * two fingerprints differ when any row, table, view, function or large object was added, changed
 * or removed.
 */
import type mysql from 'mysql2/promise';

/** Runs one statement and returns its rows as arrays. */
export type RunSql = (sql: string) => Promise<unknown[][]>;

export interface Fingerprint {
  /** Every relation (or table) with its kind, in order. */
  readonly objects: readonly string[];
  /** Per table: row count and checksum of all rows. */
  readonly tables: Readonly<Record<string, string>>;
}

const quotePg = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteMysql = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/**
 * PostgreSQL (a server or PGlite): the relations and functions of every non-system schema, the
 * large objects (`lo_import` would add one), and for each table md5 over all its rows. Rows are
 * ordered by their own text, a total order that needs no primary key.
 */
export async function postgresFingerprint(run: RunSql): Promise<Fingerprint> {
  const relations = await run(`
    SELECT n.nspname, c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
    ORDER BY 1, 2`);
  const functions = await run(`
    SELECT n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  const largeObjects = await run('SELECT count(*)::text FROM pg_largeobject_metadata');
  const tables: Record<string, string> = {};
  for (const [schema, table, kind] of relations as [string, string, string][]) {
    if (kind !== 'r' && kind !== 'p' && kind !== 'm') continue;
    const rows = await run(`SELECT count(*)::text || ':' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) FROM ${quotePg(schema)}.${quotePg(table)} AS t`);
    tables[`${schema}.${table}`] = String(rows[0]![0]);
  }
  return {
    objects: [
      ...relations.map((row) => row.join(':')),
      ...functions.map((row) => `function:${String(row[0])}`),
      `large objects:${String(largeObjects[0]![0])}`,
    ],
    tables,
  };
}

/** MariaDB/MySQL: the tables and views of the database, and `CHECKSUM TABLE … EXTENDED` of each table plus its row count. */
export async function mysqlFingerprint(admin: mysql.Connection, database: string): Promise<Fingerprint> {
  const [listed] = await admin.query({ sql: `SHOW FULL TABLES FROM ${quoteMysql(database)}`, rowsAsArray: true });
  const objects = (listed as [string, string][]).map(([name, type]) => `${name}:${type}`).sort();
  const tables: Record<string, string> = {};
  for (const [name, type] of listed as [string, string][]) {
    if (type !== 'BASE TABLE') continue;
    const qualified = `${quoteMysql(database)}.${quoteMysql(name)}`;
    const [checksum] = await admin.query({ sql: `CHECKSUM TABLE ${qualified} EXTENDED`, rowsAsArray: true });
    const [count] = await admin.query({ sql: `SELECT COUNT(*) FROM ${qualified}`, rowsAsArray: true });
    tables[name] = `${String((count as unknown[][])[0]![0])}:${String((checksum as unknown[][])[0]![1])}`;
  }
  const [routines] = await admin.query({ sql: 'SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? ORDER BY 1', values: [database], rowsAsArray: true });
  return { objects: [...objects, ...(routines as string[][]).map(([name]) => `routine:${name}`)], tables };
}
