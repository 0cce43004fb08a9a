/**
 * Copies a sample dataset from its PGlite copy into a real PostgreSQL or MariaDB database, so that
 * the same questions can be asked of all three. The catalog is read from pg_catalog (tables,
 * columns with their declared types, constraints, indexes, comments), the rows as text; nothing
 * here knows the datasets' tables.
 *
 * PostgreSQL gets the schema as PGlite reports it (`format_type`, `pg_get_constraintdef`,
 * `pg_get_indexdef`), rows first and constraints after, as `pg_restore` does. MariaDB gets the
 * nearest MySQL types (see `mysqlTypeOf`), primary and foreign keys and comments, with
 * `utf8mb4_bin` so that text compares and sorts by code point like PostgreSQL's C collation.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Connection } from 'mysql2/promise';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { openSampleDatabase, type SampleSlug } from '../../src/samples/sample-datasets.ts';
import { SHARED_SAMPLES_DIR } from './paths.ts';

interface SourceColumn {
  readonly name: string;
  /** `format_type` of the column, e.g. `numeric(12,2)`, `timestamp with time zone`. */
  readonly type: string;
  /** `pg_type.typname`, e.g. `int4`, `numeric`, `timestamptz`. */
  readonly baseType: string;
  readonly notNull: boolean;
  readonly comment: string | null;
  /** Longest text value in characters (text types only), for choosing VARCHAR or TEXT. */
  maxLength: number;
  /** True when some timestamp value has fractional seconds. */
  hasFraction: boolean;
}

interface SourceConstraint {
  readonly name: string;
  /** `p` primary, `f` foreign, `u` unique, `c` check. */
  readonly type: string;
  readonly definition: string;
  readonly columns: readonly string[];
  readonly refTable: string | null;
  readonly refColumns: readonly string[];
}

interface SourceTable {
  readonly name: string;
  readonly comment: string | null;
  readonly columns: SourceColumn[];
  readonly constraints: SourceConstraint[];
  /** `CREATE INDEX …` of indexes no constraint owns. */
  readonly indexes: string[];
  /** Every row as text: timestamps with time zone in UTC without offset, booleans as 0/1. */
  readonly rows: (string | null)[][];
}

const TABLES_SQL = `
SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS comment
FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY c.relname`;

const COLUMNS_SQL = `
SELECT c.relname AS table_name, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, t.typname AS base_type,
  a.attnotnull AS not_null, col_description(c.oid, a.attnum) AS comment
FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT c.relname AS table_name, k.conname AS name, k.contype AS type, pg_get_constraintdef(k.oid) AS definition,
  ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columns,
  r.relname AS ref_table,
  ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) AS ref_columns
FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class r ON r.oid = k.confrelid
WHERE c.relnamespace = 'public'::regnamespace ORDER BY c.relname, k.conname`;

const INDEXES_SQL = `
SELECT c.relname AS table_name, pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
WHERE c.relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
ORDER BY 1, 2`;

const TEXT_TYPES = new Set(['text', 'varchar', 'bpchar']);

/** A column as text: instants in UTC without offset (both servers read that), booleans as 0/1. */
function textExpression(column: SourceColumn): string {
  const name = pgIdentifier(column.name);
  if (column.baseType === 'timestamptz') return `(${name} AT TIME ZONE 'UTC')::text`;
  if (column.baseType === 'bool') return `${name}::int::text`;
  return `${name}::text`;
}

/** Each dataset is read once per process, whatever the number of servers it is loaded into. */
const samples = new Map<SampleSlug, Promise<SourceTable[]>>();

function readSample(slug: SampleSlug): Promise<SourceTable[]> {
  let sample = samples.get(slug);
  if (sample === undefined) {
    sample = readSampleFromPglite(slug);
    samples.set(slug, sample);
  }
  return sample;
}

async function readSampleFromPglite(slug: SampleSlug): Promise<SourceTable[]> {
  const db = await openSampleDatabase(SHARED_SAMPLES_DIR, slug);
  try {
    const tables = new Map<string, SourceTable>();
    for (const row of await records(db, TABLES_SQL)) {
      tables.set(String(row.name), { name: String(row.name), comment: row.comment as string | null, columns: [], constraints: [], indexes: [], rows: [] });
    }
    for (const row of await records(db, COLUMNS_SQL)) {
      tables.get(String(row.table_name))?.columns.push({
        name: String(row.name), type: String(row.type), baseType: String(row.base_type), notNull: row.not_null === true,
        comment: row.comment as string | null, maxLength: 0, hasFraction: false,
      });
    }
    for (const row of await records(db, CONSTRAINTS_SQL)) {
      tables.get(String(row.table_name))?.constraints.push({
        name: String(row.name), type: String(row.type), definition: String(row.definition),
        columns: row.columns as string[], refTable: row.ref_table as string | null, refColumns: row.ref_columns as string[],
      });
    }
    for (const row of await records(db, INDEXES_SQL)) tables.get(String(row.table_name))?.indexes.push(String(row.definition));
    for (const table of tables.values()) {
      const select = `SELECT ${table.columns.map(textExpression).join(', ')} FROM ${pgIdentifier(table.name)}`;
      const result = await db.query<(string | null)[]>(select, [], { rowMode: 'array' });
      table.rows.push(...result.rows);
      table.columns.forEach((column, index) => {
        for (const row of table.rows) {
          const value = row[index];
          if (value === null || value === undefined) continue;
          if (TEXT_TYPES.has(column.baseType)) column.maxLength = Math.max(column.maxLength, [...value].length);
          if (column.baseType.startsWith('timestamp') && /\.\d*[1-9]/.test(value)) column.hasFraction = true;
        }
      });
    }
    return [...tables.values()];
  } finally {
    await db.close();
  }
}

async function records(db: PGlite, sql: string): Promise<Record<string, unknown>[]> {
  return (await db.query<Record<string, unknown>>(sql)).rows;
}

export interface LoadReport {
  readonly tables: number;
  readonly rows: number;
  readonly milliseconds: number;
}

/** Rows per INSERT … SELECT FROM unnest(…) on PostgreSQL: one statement, one array per column. */
const POSTGRES_BATCH = 5_000;

/**
 * Loads the dataset into the (empty) database at `url`: tables, rows, then constraints, indexes,
 * comments and ANALYZE.
 */
export async function loadSampleIntoPostgres(slug: SampleSlug, url: string): Promise<LoadReport> {
  const started = performance.now();
  const tables = await readSample(slug);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET TIME ZONE 'UTC'`);
    await client.query('BEGIN');
    for (const table of tables) {
      const columns = table.columns.map((column) => `${pgIdentifier(column.name)} ${column.type}${column.notNull ? ' NOT NULL' : ''}`);
      await client.query(`CREATE TABLE ${pgIdentifier(table.name)} (${columns.join(', ')})`);
      const names = table.columns.map((column) => pgIdentifier(column.name)).join(', ');
      const casts = table.columns.map((column, index) => `u.c${index}::${column.type}`).join(', ');
      const arrays = table.columns.map((_, index) => `$${index + 1}::text[]`).join(', ');
      const aliases = table.columns.map((_, index) => `c${index}`).join(', ');
      const insert = `INSERT INTO ${pgIdentifier(table.name)} (${names}) SELECT ${casts} FROM unnest(${arrays}) AS u(${aliases})`;
      for (let start = 0; start < table.rows.length; start += POSTGRES_BATCH) {
        const batch = table.rows.slice(start, start + POSTGRES_BATCH);
        await client.query(insert, table.columns.map((_, index) => batch.map((row) => row[index] ?? null)));
      }
    }
    // Keys and checks before foreign keys, which need the referenced unique index.
    const order = ['p', 'u', 'c', 'x', 'f'];
    // Other kinds (PostgreSQL 18's `n`, NOT NULL) are already in the column definitions.
    const constraints = tables.flatMap((table) => table.constraints.filter((constraint) => order.includes(constraint.type)).map((constraint) => ({ table: table.name, constraint })));
    constraints.sort((left, right) => order.indexOf(left.constraint.type) - order.indexOf(right.constraint.type));
    for (const { table, constraint } of constraints) {
      await client.query(`ALTER TABLE ${pgIdentifier(table)} ADD CONSTRAINT ${pgIdentifier(constraint.name)} ${constraint.definition}`);
    }
    for (const table of tables) {
      for (const index of table.indexes) await client.query(index);
      if (table.comment !== null) await client.query(`COMMENT ON TABLE ${pgIdentifier(table.name)} IS ${pg.escapeLiteral(table.comment)}`);
      for (const column of table.columns) {
        if (column.comment === null) continue;
        await client.query(`COMMENT ON COLUMN ${pgIdentifier(table.name)}.${pgIdentifier(column.name)} IS ${pg.escapeLiteral(column.comment)}`);
      }
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
  return report(tables, started);
}

/** Rows per multi-row INSERT on MariaDB. */
const MARIADB_BATCH = 1_000;

/**
 * Loads the dataset into the database `connection` is using (empty, `USE`d by the caller): tables
 * with primary and foreign keys and comments, rows, then ANALYZE TABLE.
 */
export async function loadSampleIntoMariadb(slug: SampleSlug, connection: Connection): Promise<LoadReport> {
  const started = performance.now();
  const tables = await readSample(slug);
  // Foreign keys are declared with the tables, in any order, and checked by the constraints'
  // source already; UTC so that TIMESTAMP values are stored as the instants they are.
  await connection.query(`SET SESSION foreign_key_checks = 0, time_zone = '+00:00', unique_checks = 0`);
  try {
    for (const table of tables) {
      await connection.query(mariadbCreateTable(table));
      const names = table.columns.map((column) => mysqlIdentifier(column.name)).join(', ');
      for (let start = 0; start < table.rows.length; start += MARIADB_BATCH) {
        const batch = table.rows.slice(start, start + MARIADB_BATCH);
        const tuples = batch.map((row) => `(${row.map((value) => mysql.escape(value)).join(', ')})`);
        await connection.query(`INSERT INTO ${mysqlIdentifier(table.name)} (${names}) VALUES ${tuples.join(', ')}`);
      }
    }
    await connection.query(`ANALYZE TABLE ${tables.map((table) => mysqlIdentifier(table.name)).join(', ')}`);
  } finally {
    await connection.query('SET SESSION foreign_key_checks = 1, unique_checks = 1');
  }
  return report(tables, started);
}

function mariadbCreateTable(table: SourceTable): string {
  const definitions = table.columns.map((column) => {
    const comment = column.comment === null ? '' : ` COMMENT ${mysql.escape(column.comment)}`;
    return `${mysqlIdentifier(column.name)} ${mysqlTypeOf(column)} ${column.notNull ? 'NOT NULL' : 'NULL'}${comment}`;
  });
  for (const constraint of table.constraints) {
    const columns = constraint.columns.map(mysqlIdentifier).join(', ');
    if (constraint.type === 'p') definitions.push(`PRIMARY KEY (${columns})`);
    if (constraint.type === 'f' && constraint.refTable !== null) {
      const refColumns = constraint.refColumns.map(mysqlIdentifier).join(', ');
      definitions.push(`CONSTRAINT ${mysqlIdentifier(constraint.name)} FOREIGN KEY (${columns}) REFERENCES ${mysqlIdentifier(constraint.refTable)} (${refColumns})`);
    }
  }
  const comment = table.comment === null ? '' : ` COMMENT=${mysql.escape(table.comment)}`;
  return `CREATE TABLE ${mysqlIdentifier(table.name)} (\n  ${definitions.join(',\n  ')}\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin${comment}`;
}

/**
 * The MySQL type for a PostgreSQL column. Text that fits 255 characters becomes VARCHAR(255) (it
 * can be indexed), longer text TEXT. Timestamps keep microseconds only when the data has any, so
 * that both servers print the same text for whole seconds. timestamptz becomes TIMESTAMP, which
 * MySQL stores in UTC and converts with the session time zone, like PostgreSQL.
 */
export function mysqlTypeOf(column: Pick<SourceColumn, 'type' | 'baseType' | 'maxLength' | 'hasFraction'>): string {
  const fraction = column.hasFraction ? '(6)' : '';
  switch (column.baseType) {
    case 'int2': return 'SMALLINT';
    case 'int4': return 'INT';
    case 'int8': return 'BIGINT';
    case 'float4': return 'FLOAT';
    case 'float8': return 'DOUBLE';
    case 'bool': return 'BOOLEAN';
    case 'date': return 'DATE';
    case 'timestamp': return `DATETIME${fraction}`;
    case 'timestamptz': return `TIMESTAMP${fraction}`;
    case 'numeric': {
      const match = /^numeric\((\d+),(\d+)\)$/.exec(column.type);
      return match === null ? 'DECIMAL(65,30)' : `DECIMAL(${match[1]},${match[2]})`;
    }
    case 'varchar': {
      const match = /\((\d+)\)$/.exec(column.type);
      return match === null ? 'TEXT' : `VARCHAR(${match[1]})`;
    }
    case 'text':
    case 'bpchar':
      return column.maxLength <= 255 ? 'VARCHAR(255)' : 'TEXT';
    default:
      throw new Error(`No MySQL type for PostgreSQL type ${column.type}`);
  }
}

function report(tables: readonly SourceTable[], started: number): LoadReport {
  return { tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows.length, 0), milliseconds: Math.round(performance.now() - started) };
}

function pgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function mysqlIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}
