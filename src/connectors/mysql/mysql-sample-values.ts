/**
 * Distinct values of low-cardinality text columns, with bounded work: tables up to SCAN_MAX_ROWS
 * rows (by estimate) are read, many columns per statement; for bigger tables only ENUM columns
 * are described, from their declared values (MySQL keeps no most-common-values statistics).
 */
import type { Catalog, CatalogColumn, CatalogEntity, ColumnValues } from '../catalog.ts';
import { isQuerentError } from '../../core/errors.ts';
import type { MysqlClient } from './mysql-client.ts';
import { qualifiedTableName, quoteIdentifier } from './mysql-sql.ts';

export interface SampleValuesOptions {
  readonly signal?: AbortSignal;
  /** Columns with more distinct values are skipped. Default 200. */
  readonly maxValuesPerColumn?: number;
  /** Per statement, milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
}

/** Tables (by estimate) above this are not read. */
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

export async function sampleMysqlValues(client: MysqlClient, catalog: Catalog, options: SampleValuesOptions = {}): Promise<ColumnValues[]> {
  const maxValues = options.maxValuesPerColumn ?? 200;
  const queryOptions = { signal: options.signal, timeoutMs: options.timeoutMs ?? 10_000 };
  const toScan: Candidate[] = [];
  const found: ColumnValues[] = [];
  for (const entity of catalog.entities) {
    // Views have no estimate; reading them is bounded by the statement timeout.
    const small = entity.rowCount >= 0 ? entity.rowCount <= SCAN_MAX_ROWS : entity.isView;
    for (const column of entity.columns.filter(isSampledColumn)) {
      if (small) toScan.push({ entity, column });
      else found.push(...keep(entity, column, enumValues(column.nativeType) ?? [], maxValues));
    }
  }
  const scanned = toScan.slice(0, MAX_SCANNED_COLUMNS);
  for (let start = 0; start < scanned.length; start += COLUMNS_PER_STATEMENT) {
    const batch = scanned.slice(start, start + COLUMNS_PER_STATEMENT);
    const values = await skippingFailures(() => scanBatch(client, batch, maxValues, queryOptions), options.signal);
    if (values !== undefined) found.push(...values);
  }
  return found;
}

/** Text columns, except LONGTEXT: documents, and MariaDB's JSON (an alias of LONGTEXT). */
function isSampledColumn(column: CatalogColumn): boolean {
  return column.type === 'text' && !column.nativeType.toLowerCase().startsWith('longtext');
}

/**
 * One statement: up to maxValues + 1 distinct values of each column, tagged with the column's
 * index. Values are compared as utf8mb4_bin, so that `Paris` and `PARIS` stay two values (as in
 * PostgreSQL) and columns of different collations can share one UNION.
 */
async function scanBatch(
  client: MysqlClient,
  batch: readonly Candidate[],
  maxValues: number,
  queryOptions: { signal?: AbortSignal; timeoutMs: number },
): Promise<ColumnValues[]> {
  const statement = batch
    .map(({ entity, column }, index) => {
      const value = `t.${quoteIdentifier(column.name)}`;
      return `(SELECT ${index} AS i, v FROM (SELECT DISTINCT CONVERT(${value} USING utf8mb4) COLLATE utf8mb4_bin AS v FROM ${qualifiedTableName(entity)} AS t WHERE ${value} IS NOT NULL LIMIT ?) AS d${index})`;
    })
    .join('\nUNION ALL\n');
  const result = await client.query(statement, batch.map(() => maxValues + 1), queryOptions);
  const valuesByIndex = batch.map(() => [] as string[]);
  for (const [index, value] of result.rows) {
    valuesByIndex[Number(index)]!.push(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
  }
  return batch.flatMap(({ entity, column }, index) => keep(entity, column, valuesByIndex[index]!, maxValues));
}

/** `enum('a','b''c')` → ['a', "b'c"]; undefined for any other type. */
export function enumValues(nativeType: string): string[] | undefined {
  const match = /^enum\((.*)\)$/is.exec(nativeType);
  if (match === null) return undefined;
  return [...match[1]!.matchAll(/'((?:[^']|'')*)'/g)].map(([, value]) => value!.replaceAll("''", "'"));
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

/** Table or column access denied: this table is not readable, which says nothing about the others. */
function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errno' in error && (error.errno === 1142 || error.errno === 1143);
}
