/**
 * CONTRACT_FIXTURE as MySQL DDL and inserts, and throwaway databases on the MariaDB (or MySQL)
 * server the tests use (`QUERENT_TEST_MYSQL_URL`, default root on 127.0.0.1:3306).
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { CONTRACT_FIXTURE, type FixtureType, type FixtureValue } from '../contracts/connector-fixture.ts';

export const MYSQL_ADMIN_URL = process.env.QUERENT_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/mysql';

const MYSQL_TYPES: Readonly<Record<FixtureType, string>> = {
  integer: 'INT',
  decimal: 'DECIMAL(12,2)',
  text: 'VARCHAR(255)',
  date: 'DATE',
  timestamp: 'DATETIME',
  boolean: 'BOOLEAN',
};

/** One statement per element: the admin connection runs them one by one. */
export function mysqlFixtureStatements(): string[] {
  const statements: string[] = [];
  for (const table of CONTRACT_FIXTURE) {
    const name = identifier(table.name);
    const definitions = [
      ...table.columns.map((column) =>
        `${identifier(column.name)} ${MYSQL_TYPES[column.type]}${column.notNull === true ? ' NOT NULL' : ' NULL'}${column.comment === undefined ? '' : ` COMMENT ${literal(column.comment)}`}`),
      `PRIMARY KEY (${table.primaryKey.map(identifier).join(', ')})`,
      ...table.foreignKeys.map((key) => `FOREIGN KEY (${key.columns.map(identifier).join(', ')}) REFERENCES ${identifier(key.refTable)} (${key.refColumns.map(identifier).join(', ')})`),
    ];
    const comment = table.comment === undefined ? '' : ` COMMENT=${literal(table.comment)}`;
    statements.push(`CREATE TABLE ${name} (\n  ${definitions.join(',\n  ')}\n) ENGINE=InnoDB${comment}`);
    if (table.rows.length > 0) statements.push(`INSERT INTO ${name} VALUES\n  ${table.rows.map((row) => `(${row.map(literal).join(', ')})`).join(',\n  ')}`);
  }
  // Statistics as a running server would have them (row estimates).
  statements.push(`ANALYZE TABLE ${CONTRACT_FIXTURE.map((table) => identifier(table.name)).join(', ')}`);
  return statements;
}

export interface MysqlTestDatabase {
  readonly name: string;
  /** The database as root, for the connector. */
  readonly url: string;
  /** A root connection to the database, for setup and checks. */
  readonly admin: mysql.Connection;
  drop(): Promise<void>;
}

/** Creates a database with a unique name (`<prefix>_<random>`); `drop` removes it. */
export async function createMysqlTestDatabase(prefix = 'querent_test'): Promise<MysqlTestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  await admin.query(`CREATE DATABASE ${identifier(name)} CHARACTER SET utf8mb4`);
  await admin.query(`USE ${identifier(name)}`);
  const url = new URL(MYSQL_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${identifier(name)}`);
      } finally {
        await admin.end();
      }
    },
  };
}

export function identifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** A string literal valid with and without NO_BACKSLASH_ESCAPES (the fixture holds no backslash). */
export function literal(value: FixtureValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (value.includes('\\')) throw new Error('fixture strings must not hold backslashes');
  return `'${value.replaceAll("'", "''")}'`;
}
