/** CONTRACT_FIXTURE as PostgreSQL DDL and inserts (one script, for PGlite's exec or pg's simple query). */
import { CONTRACT_FIXTURE, type FixtureType, type FixtureValue } from '../contracts/connector-fixture.ts';

const POSTGRES_TYPES: Readonly<Record<FixtureType, string>> = {
  integer: 'integer',
  decimal: 'numeric(12,2)',
  text: 'text',
  date: 'date',
  timestamp: 'timestamp',
  boolean: 'boolean',
};

export function postgresFixtureSql(): string {
  const statements: string[] = [];
  for (const table of CONTRACT_FIXTURE) {
    const name = identifier(table.name);
    const definitions = [
      ...table.columns.map((column) => `${identifier(column.name)} ${POSTGRES_TYPES[column.type]}${column.notNull === true ? ' NOT NULL' : ''}`),
      `PRIMARY KEY (${table.primaryKey.map(identifier).join(', ')})`,
      ...table.foreignKeys.map((key) => `FOREIGN KEY (${key.columns.map(identifier).join(', ')}) REFERENCES ${identifier(key.refTable)} (${key.refColumns.map(identifier).join(', ')})`),
    ];
    statements.push(`CREATE TABLE ${name} (\n  ${definitions.join(',\n  ')}\n)`);
    if (table.comment !== undefined) statements.push(`COMMENT ON TABLE ${name} IS ${literal(table.comment)}`);
    for (const column of table.columns) {
      if (column.comment !== undefined) statements.push(`COMMENT ON COLUMN ${name}.${identifier(column.name)} IS ${literal(column.comment)}`);
    }
    if (table.rows.length > 0) {
      statements.push(`INSERT INTO ${name} VALUES\n  ${table.rows.map((row) => `(${row.map(literal).join(', ')})`).join(',\n  ')}`);
    }
  }
  return `${statements.join(';\n')};\n`;
}

function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literal(value: FixtureValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}
