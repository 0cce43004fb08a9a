/**
 * Distinct values of low-cardinality text columns, with bounded work: tables up to
 * SCAN_MAX_ROWS rows (by estimate) are read, many columns per statement; bigger tables are
 * described from the planner's statistics (pg_stats) when those hold every value; nothing else.
 */
import type { Catalog, CatalogColumn, CatalogEntity, ColumnValues } from '../catalog.ts';
import { isQuerentError } from '../../core/errors.ts';
import type { PostgresClient } from './postgres-client.ts';
import { qualifiedTableName } from './postgres-compiler.ts';
import { quoteIdentifier } from './postgres-sql.ts';
import { decodeRows } from './postgres-values.ts';

export interface SampleValuesOptions {
  readonly signal?: AbortSignal;
  /** Columns with more distinct values are skipped. Default 200. */
  readonly maxValuesPerColumn?: number;
  /** Per statement, milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
}

/** Tables (by estimate) above this are not read, only their statistics. */
const SCAN_MAX_ROWS = 200_000;
/** Columns read per statement. */
const COLUMNS_PER_STATEMENT = 40;
/** Columns read in all. */
const MAX_SCANNED_COLUMNS = 2_000;
/** Free text is no use for matching words of a question: skip columns whose values average more characters. */
const MAX_AVERAGE_LENGTH = 60;

interface Candidate {
  readonly entity: CatalogEntity;
  readonly column: CatalogColumn;
}

export async function samplePostgresValues(client: PostgresClient, catalog: Catalog, options: SampleValuesOptions = {}): Promise<ColumnValues[]> {
  const maxValues = options.maxValuesPerColumn ?? 200;
  const queryOptions = { signal: options.signal, timeoutMs: options.timeoutMs ?? 10_000 };
  const toScan: Candidate[] = [];
  const fromStatistics: Candidate[] = [];
  for (const entity of catalog.entities) {
    const columns = entity.columns.filter(isSampledColumn);
    if (columns.length === 0) continue;
    // Views have no estimate; reading them is bounded by the statement timeout.
    const small = entity.rowCount >= 0 ? entity.rowCount <= SCAN_MAX_ROWS : entity.isView;
    for (const column of columns) (small ? toScan : fromStatistics).push({ entity, column });
  }

  const found: ColumnValues[] = [];
  const scanned = toScan.slice(0, MAX_SCANNED_COLUMNS);
  for (let start = 0; start < scanned.length; start += COLUMNS_PER_STATEMENT) {
    const batch = scanned.slice(start, start + COLUMNS_PER_STATEMENT);
    const values = await skippingFailures(() => scanBatch(client, batch, maxValues, queryOptions), options.signal);
    if (values !== undefined) found.push(...values);
  }
  if (fromStatistics.length > 0) {
    const values = await skippingFailures(() => readStatistics(client, fromStatistics, maxValues, queryOptions), options.signal);
    if (values !== undefined) found.push(...values);
  }
  return found;
}

/** Text columns, except uuids (distinct but meaningless to people). */
function isSampledColumn(column: CatalogColumn): boolean {
  return column.type === 'text' && column.nativeType !== 'uuid';
}

/** One statement: up to maxValues + 1 distinct values of each column, tagged with the column's index. */
async function scanBatch(
  client: PostgresClient,
  batch: readonly Candidate[],
  maxValues: number,
  queryOptions: { signal?: AbortSignal; timeoutMs: number },
): Promise<ColumnValues[]> {
  const statement = batch
    .map(({ entity, column }, index) => {
      const value = `t.${quoteIdentifier(column.name)}`;
      return `SELECT ${index} AS i, v FROM (SELECT DISTINCT ${value}::text AS v FROM ${qualifiedTableName(entity)} AS t WHERE ${value} IS NOT NULL LIMIT $1) AS d${index}`;
    })
    .join('\nUNION ALL\n');
  const result = await client.query(statement, [maxValues + 1], queryOptions);
  const valuesByIndex = batch.map(() => [] as string[]);
  for (const [index, value] of decodeRows(['integer', 'text'], result.rows)) valuesByIndex[Number(index)]!.push(String(value));
  return batch.flatMap(({ entity, column }, index) => keep(entity, column, valuesByIndex[index]!, maxValues));
}

/**
 * Big tables: the most common values recorded by ANALYZE, when the column has few distinct values
 * and those values cover (nearly) every row, i.e. the list is complete.
 */
async function readStatistics(
  client: PostgresClient,
  candidates: readonly Candidate[],
  maxValues: number,
  queryOptions: { signal?: AbortSignal; timeoutMs: number },
): Promise<ColumnValues[]> {
  const result = await client.query(
    `SELECT schemaname, tablename, attname, null_frac::float8, n_distinct::float8,
  to_json(most_common_vals::text::text[]) AS common_values, to_json(most_common_freqs) AS frequencies
FROM pg_stats
WHERE schemaname = ANY ($1::text[]) AND tablename = ANY ($2::text[]) AND attname = ANY ($3::text[])`,
    [
      [...new Set(candidates.map(({ entity }) => entity.schema ?? 'public'))],
      [...new Set(candidates.map(({ entity }) => entity.table))],
      [...new Set(candidates.map(({ column }) => column.name))],
    ],
    queryOptions,
  );
  const rows = decodeRows(['text', 'text', 'text', 'number', 'number', 'json', 'json'], result.rows);
  const found: ColumnValues[] = [];
  for (const { entity, column } of candidates) {
    const row = rows.find(([schema, table, name]) => schema === (entity.schema ?? 'public') && table === entity.table && name === column.name);
    if (row === undefined) continue;
    const [, , , nullFraction, distinct, commonValues, frequencies] = row as [string, string, string, number, number, string[] | null, number[] | null];
    if (commonValues === null || frequencies === null) continue;
    const estimatedDistinct = distinct >= 0 ? distinct : -distinct * entity.rowCount;
    const covered = frequencies.reduce((sum, frequency) => sum + frequency, 0) + nullFraction;
    if (estimatedDistinct > maxValues || covered < 0.999) continue;
    found.push(...keep(entity, column, commonValues, maxValues));
  }
  return found;
}

function keep(entity: CatalogEntity, column: CatalogColumn, values: string[], maxValues: number): ColumnValues[] {
  if (values.length === 0 || values.length > maxValues) return [];
  const averageLength = values.reduce((sum, value) => sum + value.length, 0) / values.length;
  if (averageLength > MAX_AVERAGE_LENGTH) return [];
  // Code-unit order: the same on every server, whatever its collation.
  const sorted = [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return [{ entity: entity.name, column: column.name, values: sorted }];
}

/** A statement that fails (a slow view, a dropped table) costs its columns only; aborts and lost connections stop everything. */
async function skippingFailures<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isQuerentError(error) && error.code === 'connection_unavailable' && !isPermissionDenied(error.cause)) throw error;
    return undefined;
  }
}

/** SQLSTATE 42501: this table is not readable, which says nothing about the others. */
function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '42501';
}
