/** Creates Odoo's tables for every served model (Odoo's table and column names) and loads the demo data. */
import pg from 'pg';
import { buildDemoData } from './demo-data.ts';
import { MODELS } from './model-registry.ts';
import { hasColumn, type FieldDefinition } from './model-types.ts';
import { quote } from './sql-context.ts';

const COLUMN_TYPES: Readonly<Record<string, string>> = {
  char: 'varchar', text: 'text', html: 'text', integer: 'integer', float: 'double precision', monetary: 'numeric',
  boolean: 'boolean', date: 'date', datetime: 'timestamp', selection: 'varchar', many2one: 'integer', binary: 'bytea', json: 'jsonb',
};
/** Lines go with their document; other required links refuse the delete (Odoo's ondelete cascade / restrict). */
const CASCADE = new Set(['order_id', 'move_id', 'product_tmpl_id']);

function columnType(definition: FieldDefinition): string {
  return definition.translate === true ? 'jsonb' : COLUMN_TYPES[definition.type];
}

/** CREATE TABLE statements, then the constraints (added after the data is loaded). */
export function schemaStatements(): { tables: string[]; constraints: string[] } {
  const tables: string[] = [];
  const constraints: string[] = [];
  for (const model of MODELS.values()) {
    const columns = ['id serial PRIMARY KEY', `create_date timestamp DEFAULT (now() AT TIME ZONE 'UTC')`, `write_date timestamp DEFAULT (now() AT TIME ZONE 'UTC')`];
    for (const [name, definition] of Object.entries(model.fields)) {
      if (hasColumn(definition)) {
        columns.push(`${quote(name)} ${columnType(definition)}`);
        if (definition.type === 'many2one') {
          const target = MODELS.get(definition.relation ?? '');
          const onDelete = CASCADE.has(name) ? 'CASCADE' : definition.required === true ? 'RESTRICT' : 'SET NULL';
          if (target !== undefined) constraints.push(`ALTER TABLE ${quote(model.table)} ADD FOREIGN KEY (${quote(name)}) REFERENCES ${quote(target.table)} (id) ON DELETE ${onDelete}`);
        }
      }
      if (definition.type === 'many2many' && definition.relationTable !== undefined) {
        const [relation, own, other] = definition.relationTable;
        const target = MODELS.get(definition.relation ?? '');
        constraints.push(`CREATE TABLE ${quote(relation)} (${quote(own)} integer NOT NULL REFERENCES ${quote(model.table)} (id) ON DELETE CASCADE, `
          + `${quote(other)} integer NOT NULL REFERENCES ${quote(target?.table ?? '')} (id) ON DELETE CASCADE, PRIMARY KEY (${quote(own)}, ${quote(other)}))`);
      }
    }
    for (const [name, type] of Object.entries(model.extraColumns ?? {})) columns.push(`${quote(name)} ${type}`);
    tables.push(`CREATE TABLE ${quote(model.table)} (\n  ${columns.join(',\n  ')}\n)`);
  }
  return { tables, constraints };
}

async function insertRows(client: pg.Client, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const batchSize = 200;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const columns = [...new Set(batch.flatMap((row) => Object.keys(row)))];
    const params: unknown[] = [];
    const tuples = batch.map((row) => `(${columns.map((column) => {
      const value = row[column];
      params.push(typeof value === 'object' && value !== null && !Array.isArray(value) ? JSON.stringify(value) : value ?? null);
      return `$${params.length}`;
    }).join(', ')})`);
    await client.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** Creates the schema and the deterministic demo data in an empty PostgreSQL database. */
export async function createOdooTestDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { tables, constraints } = schemaStatements();
    for (const statement of tables) await client.query(statement);
    // Relation tables are created among the constraints; load them after those exist.
    const data = buildDemoData();
    const isRelation = (table: string) => ![...MODELS.values()].some((model) => model.table === table);
    for (const [table, rows] of data) if (!isRelation(table) && rows.length > 0) await insertRows(client, table, rows);
    for (const statement of constraints) await client.query(statement);
    for (const [table, rows] of data) if (isRelation(table) && rows.length > 0) await insertRows(client, table, rows);
    for (const model of MODELS.values()) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${model.table}', 'id'), GREATEST((SELECT max(id) FROM ${quote(model.table)}), 1))`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
