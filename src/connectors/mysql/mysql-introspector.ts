/**
 * The catalog of one MySQL/MariaDB database (the URL's), read from information_schema in two
 * statements whatever the number of tables: relations with their columns, then keys. Both filter
 * on TABLE_SCHEMA by equality, which both servers use to open only that database's tables.
 */
import type { Catalog, CatalogColumn, CatalogEntity, CatalogForeignKey, ValueType } from '../catalog.ts';
import type { MysqlClient, MysqlRawResult } from './mysql-client.ts';
import { detectCurrencyUnit } from '../sql/currency-unit.ts';

export interface IntrospectOptions {
  /** The database to describe: the connection URL's. */
  readonly schema: string;
  readonly signal?: AbortSignal;
  /** Per statement, milliseconds. Default 30 000. */
  readonly timeoutMs?: number;
}

/**
 * Tables and views (not MariaDB sequences) with the columns the user may see. TABLE_ROWS is the
 * storage engine's estimate (exact for MyISAM, sampled for InnoDB); NULL for views.
 */
const COLUMNS_SQL = `
SELECT t.TABLE_NAME AS table_name, t.TABLE_TYPE AS table_type, t.TABLE_ROWS AS estimated_rows, t.TABLE_COMMENT AS table_comment,
  c.COLUMN_NAME AS column_name, c.DATA_TYPE AS data_type, c.COLUMN_TYPE AS column_type, c.IS_NULLABLE AS nullable,
  c.COLUMN_COMMENT AS column_comment
FROM information_schema.TABLES AS t
JOIN information_schema.COLUMNS AS c ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME
WHERE t.TABLE_SCHEMA = ? AND c.TABLE_SCHEMA = ? AND t.TABLE_TYPE IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
ORDER BY t.TABLE_NAME, c.ORDINAL_POSITION`;

/** Primary keys (always named PRIMARY) and foreign keys, columns in key order. */
const KEYS_SQL = `
SELECT TABLE_NAME AS table_name, CONSTRAINT_NAME AS constraint_name, COLUMN_NAME AS column_name,
  REFERENCED_TABLE_SCHEMA AS ref_schema, REFERENCED_TABLE_NAME AS ref_table, REFERENCED_COLUMN_NAME AS ref_column
FROM information_schema.KEY_COLUMN_USAGE
WHERE TABLE_SCHEMA = ? AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)
ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`;

const DATA_TYPE_TO_VALUE_TYPE: Readonly<Record<string, ValueType>> = {
  tinyint: 'integer', smallint: 'integer', mediumint: 'integer', int: 'integer', integer: 'integer', bigint: 'integer', year: 'integer',
  decimal: 'number', numeric: 'number', float: 'number', double: 'number', real: 'number',
  char: 'text', varchar: 'text', tinytext: 'text', text: 'text', mediumtext: 'text', longtext: 'text', enum: 'text', set: 'text',
  uuid: 'text', inet4: 'text', inet6: 'text',
  date: 'date', datetime: 'timestamp', timestamp: 'timestamp',
};

interface RelationDraft {
  readonly table: string;
  readonly isView: boolean;
  readonly rowCount: number;
  readonly description?: string;
  readonly columns: CatalogColumn[];
  readonly primaryKey: string[];
  readonly foreignKeys: Map<string, { columns: string[]; refSchema: string; refTable: string; refColumns: string[] }>;
}

export async function introspectMysql(client: MysqlClient, options: IntrospectOptions): Promise<Catalog> {
  const queryOptions = { signal: options.signal, timeoutMs: options.timeoutMs };
  const columnRows = records(await client.query(COLUMNS_SQL, [options.schema, options.schema], queryOptions));
  const keyRows = records(await client.query(KEYS_SQL, [options.schema], queryOptions));

  const relations = new Map<string, RelationDraft>();
  for (const row of columnRows) {
    const table = String(row.table_name);
    let relation = relations.get(table);
    if (relation === undefined) {
      const isView = row.table_type === 'VIEW';
      const comment = isView ? '' : String(row.table_comment ?? '').trim();
      relation = {
        table,
        isView,
        rowCount: row.estimated_rows === null ? -1 : Math.max(-1, Math.round(Number(row.estimated_rows))),
        ...(comment === '' ? {} : { description: comment }),
        columns: [],
        primaryKey: [],
        foreignKeys: new Map(),
      };
      relations.set(table, relation);
    }
    relation.columns.push(toColumn(row));
  }

  for (const row of keyRows) {
    const relation = relations.get(String(row.table_name));
    if (relation === undefined) continue;
    if (row.constraint_name === 'PRIMARY') {
      relation.primaryKey.push(String(row.column_name));
      continue;
    }
    const name = String(row.constraint_name);
    const key = relation.foreignKeys.get(name) ?? { columns: [], refSchema: String(row.ref_schema), refTable: String(row.ref_table), refColumns: [] };
    key.columns.push(String(row.column_name));
    key.refColumns.push(String(row.ref_column));
    relation.foreignKeys.set(name, key);
  }

  return { entities: [...relations.values()].map((relation) => toEntity(relation, options.schema, relations)) };
}

/** The value type of a column from its DATA_TYPE and COLUMN_TYPE; TINYINT(1) and BIT(1) are booleans. */
export function valueTypeOfColumn(dataType: string, columnType: string): ValueType {
  const type = columnType.toLowerCase();
  if (type.startsWith('tinyint(1)') || type === 'bit(1)') return 'boolean';
  return DATA_TYPE_TO_VALUE_TYPE[dataType.toLowerCase()] ?? 'other';
}

function toColumn(row: Record<string, unknown>): CatalogColumn {
  const type = valueTypeOfColumn(String(row.data_type), String(row.column_type));
  const comment = String(row.column_comment ?? '').trim();
  const unit = detectCurrencyUnit(comment, type);
  return {
    name: String(row.column_name),
    type,
    nativeType: String(row.column_type),
    nullable: row.nullable === 'YES',
    ...(comment === '' ? {} : { description: comment }),
    ...(unit === undefined ? {} : { unit }),
  };
}

function toEntity(relation: RelationDraft, schema: string, relations: ReadonlyMap<string, RelationDraft>): CatalogEntity {
  const foreignKeys: CatalogForeignKey[] = [];
  for (const key of relation.foreignKeys.values()) {
    // A key to a table in another database (or one the user cannot see) cannot be joined.
    if (key.refSchema !== schema || !relations.has(key.refTable)) continue;
    foreignKeys.push({ columns: key.columns, refEntity: key.refTable, refColumns: key.refColumns });
  }
  return {
    name: relation.table,
    schema,
    table: relation.table,
    ...(relation.description === undefined ? {} : { description: relation.description }),
    isView: relation.isView,
    rowCount: relation.rowCount,
    primaryKey: relation.primaryKey,
    columns: relation.columns,
    foreignKeys,
  };
}

/** Rows as objects keyed by field name; information_schema text may arrive as Buffers (binary collations). */
function records(result: MysqlRawResult): Record<string, unknown>[] {
  return result.rows.map((row) =>
    Object.fromEntries(result.fields.map((field, index) => {
      const value = row[index];
      return [field.name, Buffer.isBuffer(value) ? value.toString('utf8') : value];
    })),
  );
}
