/**
 * The catalog of a PostgreSQL database, read from pg_catalog in two statements whatever the
 * number of tables (one for relations and columns, one for keys), plus at most one bounded
 * statement that counts the rows of small tables that were never analysed.
 */
import type { Catalog, CatalogColumn, CatalogEntity, CatalogForeignKey } from '../catalog.ts';
import type { PostgresClient, PostgresRawResult } from './postgres-client.ts';
import { qualifiedTableName } from './postgres-compiler.ts';
import { builtinDecodeKind, decodeKindOf, decodeRows, valueTypeOf } from './postgres-values.ts';
import { detectCurrencyUnit } from '../sql/currency-unit.ts';

export interface IntrospectOptions {
  /** Schemas to expose; empty or absent: every non-system schema the user can use. */
  readonly schemas?: readonly string[];
  readonly signal?: AbortSignal;
  /** Per statement, milliseconds. Default 30 000. */
  readonly timeoutMs?: number;
}

/**
 * Tables that were never analysed have no estimate (`reltuples` = -1); autovacuum never analyses
 * tables of fewer than 50 rows, so small lookup tables stay that way. Those whose heap is at most
 * EXACT_COUNT_MAX_BYTES are counted exactly in one statement, smallest first, until their heaps
 * add up to EXACT_COUNT_TOTAL_BYTES.
 */
const EXACT_COUNT_MAX_BYTES = 8 * 1024 * 1024;
const EXACT_COUNT_TOTAL_BYTES = 64 * 1024 * 1024;

/**
 * Schema filter shared by both statements: the exposed schemas ($1, a text array; empty = all),
 * minus the system ones, minus those the user cannot use.
 */
const SCHEMA_FILTER = `
  n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_toast%'
  AND n.nspname NOT LIKE 'pg\\_temp\\_%'
  AND (cardinality($1::text[]) = 0 OR n.nspname = ANY ($1::text[]))
  AND has_schema_privilege(n.oid, 'USAGE')`;

/**
 * Relations (tables, partitioned tables, views, materialized views, foreign tables; not
 * partitions, which their parent stands for) and the columns the user may select. A partitioned
 * table's estimate is the sum of its leaves'. Domains are described by their base type.
 */
const COLUMNS_SQL = `
WITH relation AS (
  SELECT
    c.oid,
    n.nspname AS schema_name,
    c.relname AS table_name,
    c.relkind IN ('v', 'm') AS is_view,
    CASE
      WHEN c.relkind = 'p' THEN (
        SELECT CASE WHEN bool_and(leaf.reltuples >= 0) THEN sum(leaf.reltuples) ELSE -1 END
        FROM pg_partition_tree(c.oid) AS tree JOIN pg_class AS leaf ON leaf.oid = tree.relid
        WHERE tree.isleaf)
      ELSE c.reltuples
    END::float8 AS estimated_rows,
    CASE WHEN c.relkind = 'r' AND c.reltuples < 0 THEN pg_relation_size(c.oid) END AS unanalysed_bytes,
    obj_description(c.oid, 'pg_class') AS table_comment
  FROM pg_class AS c
  JOIN pg_namespace AS n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
    AND NOT c.relispartition
    AND ${SCHEMA_FILTER}
)
SELECT
  r.schema_name,
  r.table_name,
  r.is_view,
  r.estimated_rows,
  r.unanalysed_bytes,
  r.table_comment,
  a.attname AS column_name,
  format_type(a.atttypid, a.atttypmod) AS native_type,
  CASE WHEN t.typtype = 'd' THEN base.typname ELSE t.typname END AS type_name,
  CASE WHEN t.typtype = 'd' THEN base.typtype ELSE t.typtype END AS type_type,
  NOT a.attnotnull AND t.typnotnull IS NOT TRUE AS nullable,
  col_description(r.oid, a.attnum) AS column_comment
FROM relation AS r
JOIN pg_attribute AS a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type AS t ON t.oid = a.atttypid
LEFT JOIN pg_type AS base ON base.oid = t.typbasetype
WHERE has_column_privilege(r.oid, a.attnum, 'SELECT')
ORDER BY r.schema_name, r.table_name, a.attnum`;

/** Primary and foreign keys, with their columns in key order. */
const KEYS_SQL = `
SELECT
  n.nspname AS schema_name,
  c.relname AS table_name,
  con.contype AS key_type,
  to_json(ARRAY(
    SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
    JOIN pg_attribute AS a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
    ORDER BY k.position)) AS columns,
  ref_n.nspname AS ref_schema_name,
  ref_c.relname AS ref_table_name,
  to_json(ARRAY(
    SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, position)
    JOIN pg_attribute AS a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
    ORDER BY k.position)) AS ref_columns
FROM pg_constraint AS con
JOIN pg_class AS c ON c.oid = con.conrelid
JOIN pg_namespace AS n ON n.oid = c.relnamespace
LEFT JOIN pg_class AS ref_c ON ref_c.oid = con.confrelid
LEFT JOIN pg_namespace AS ref_n ON ref_n.oid = ref_c.relnamespace
WHERE con.contype IN ('p', 'f')
  AND NOT c.relispartition
  AND ${SCHEMA_FILTER}
ORDER BY n.nspname, c.relname, con.conname`;

interface RelationDraft {
  readonly schema: string;
  readonly table: string;
  readonly isView: boolean;
  rowCount: number;
  readonly unanalysedBytes: number | null;
  readonly description?: string;
  readonly columns: CatalogColumn[];
  primaryKey: string[];
  readonly foreignKeys: { columns: string[]; refSchema: string; refTable: string; refColumns: string[] }[];
}

export async function introspectPostgres(client: PostgresClient, options: IntrospectOptions = {}): Promise<Catalog> {
  const queryOptions = { signal: options.signal, timeoutMs: options.timeoutMs };
  const schemasParam = [...(options.schemas ?? [])];
  const columnRows = records(await client.query(COLUMNS_SQL, [schemasParam], queryOptions));
  const keyRows = records(await client.query(KEYS_SQL, [schemasParam], queryOptions));

  const relations = new Map<string, RelationDraft>();
  for (const row of columnRows) {
    const key = relationKey(String(row.schema_name), String(row.table_name));
    let relation = relations.get(key);
    if (relation === undefined) {
      relation = {
        schema: String(row.schema_name),
        table: String(row.table_name),
        isView: row.is_view === true,
        rowCount: Math.max(-1, Math.round(Number(row.estimated_rows ?? -1))),
        unanalysedBytes: row.unanalysed_bytes === null ? null : Number(row.unanalysed_bytes),
        ...optionalText('description', row.table_comment),
        columns: [],
        primaryKey: [],
        foreignKeys: [],
      };
      relations.set(key, relation);
    }
    relation.columns.push(toColumn(row));
  }

  for (const row of keyRows) {
    const relation = relations.get(relationKey(String(row.schema_name), String(row.table_name)));
    if (relation === undefined) continue;
    const columns = row.columns as string[];
    if (row.key_type === 'p') {
      relation.primaryKey = columns;
    } else {
      relation.foreignKeys.push({
        columns,
        refSchema: String(row.ref_schema_name),
        refTable: String(row.ref_table_name),
        refColumns: row.ref_columns as string[],
      });
    }
  }

  const names = entityNames([...relations.values()]);
  await countSmallTables(client, [...relations.values()], queryOptions);
  const entities = [...relations.entries()].map(([key, relation]) => toEntity(relation, names.get(key)!, relations, names));
  return { entities };
}

function toColumn(row: Record<string, unknown>): CatalogColumn {
  const type = valueTypeOf(decodeKindOf(String(row.type_name), String(row.type_type)));
  const description = typeof row.column_comment === 'string' && row.column_comment.trim() !== '' ? row.column_comment : undefined;
  const unit = detectCurrencyUnit(description, type);
  return {
    name: String(row.column_name),
    type,
    nativeType: String(row.native_type),
    nullable: row.nullable === true,
    ...(description === undefined ? {} : { description }),
    ...(unit === undefined ? {} : { unit }),
  };
}

function toEntity(
  relation: RelationDraft,
  name: string,
  relations: ReadonlyMap<string, RelationDraft>,
  names: ReadonlyMap<string, string>,
): CatalogEntity {
  const foreignKeys: CatalogForeignKey[] = [];
  for (const foreignKey of relation.foreignKeys) {
    const refKey = relationKey(foreignKey.refSchema, foreignKey.refTable);
    const refEntity = names.get(refKey);
    // A key to a table outside the exposed schemas (or not readable) cannot be joined.
    if (refEntity === undefined || !relations.has(refKey)) continue;
    foreignKeys.push({ columns: foreignKey.columns, refEntity, refColumns: foreignKey.refColumns });
  }
  return {
    name,
    schema: relation.schema,
    table: relation.table,
    ...(relation.description === undefined ? {} : { description: relation.description }),
    isView: relation.isView,
    rowCount: relation.rowCount,
    primaryKey: relation.primaryKey,
    columns: relation.columns,
    foreignKeys,
  };
}

/**
 * An entity is named by its bare table name when it is in `public` or no other exposed schema has
 * a table of that name; otherwise `schema.table`.
 */
function entityNames(relations: readonly RelationDraft[]): Map<string, string> {
  const schemasByTable = new Map<string, number>();
  for (const relation of relations) schemasByTable.set(relation.table, (schemasByTable.get(relation.table) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const relation of relations) {
    const bare = relation.schema === 'public' || schemasByTable.get(relation.table) === 1;
    names.set(relationKey(relation.schema, relation.table), bare ? relation.table : `${relation.schema}.${relation.table}`);
  }
  return names;
}

/** Exact row counts for small tables without an estimate, in one statement. */
async function countSmallTables(
  client: PostgresClient,
  relations: readonly RelationDraft[],
  queryOptions: { signal?: AbortSignal; timeoutMs?: number },
): Promise<void> {
  const unknown = relations
    .filter((relation) => relation.rowCount < 0 && relation.unanalysedBytes !== null && relation.unanalysedBytes <= EXACT_COUNT_MAX_BYTES)
    .sort((left, right) => left.unanalysedBytes! - right.unanalysedBytes!);
  const small: RelationDraft[] = [];
  let totalBytes = 0;
  for (const relation of unknown) {
    totalBytes += relation.unanalysedBytes!;
    if (totalBytes > EXACT_COUNT_TOTAL_BYTES) break;
    small.push(relation);
  }
  if (small.length === 0) return;
  const statement = small
    .map((relation, index) => `SELECT ${index} AS i, count(*) AS n FROM ${qualifiedTableName(relation)}`)
    .join('\nUNION ALL\n');
  try {
    const counts = await client.query(statement, [], queryOptions);
    for (const [index, count] of decodeRows(['integer', 'integer'], counts.rows)) {
      small[Number(index)]!.rowCount = Number(count);
    }
  } catch (error) {
    // Counting is a nicety: without it the estimate stays unknown.
    if (queryOptions.signal?.aborted) throw error;
  }
}

function relationKey(schema: string, table: string): string {
  return JSON.stringify([schema, table]);
}

function optionalText<K extends string>(key: K, value: unknown): { [P in K]?: string } {
  return typeof value === 'string' && value.trim() !== '' ? ({ [key]: value } as { [P in K]: string }) : {};
}

/** Rows as objects keyed by field name, values decoded (all columns here are built-in types). */
function records(result: PostgresRawResult): Record<string, unknown>[] {
  const kinds = result.fields.map((field) => builtinDecodeKind(field.typeId) ?? 'raw');
  return decodeRows(kinds, result.rows).map((row) => Object.fromEntries(result.fields.map((field, index) => [field.name, row[index]])));
}
