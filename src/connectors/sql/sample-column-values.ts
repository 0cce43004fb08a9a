/**
 * Distinct values of low-cardinality text columns, with bounded work: tables up to SCAN_MAX_ROWS
 * rows (by estimate) are read, many columns per statement; bigger tables are described only from
 * what the database knows without reading them (declared values, statistics), through the kind's
 * `ValueSampler`.
 */
import type { Catalog, CatalogColumn, CatalogEntity, ColumnValues } from '../catalog.ts';
import { isQuerentError } from '../../core/errors.ts';

export interface SampleValuesOptions {
  readonly signal?: AbortSignal;
  /** Columns with more distinct values are skipped. Default 1000: names of customers and products are what people ask about. */
  readonly maxValuesPerColumn?: number;
  /** Per statement, milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
}

export interface SampleQueryOptions {
  readonly signal?: AbortSignal;
  /** Per statement, milliseconds. */
  readonly timeoutMs: number;
}

export interface SampleCandidate {
  readonly entity: CatalogEntity;
  readonly column: CatalogColumn;
}

/** The per-kind statements and rules of `sampleColumnValues`. */
export interface ValueSampler {
  /** Whether a column is worth sampling at all. */
  isSampledColumn(column: CatalogColumn): boolean;
  /** One statement: up to `limit` distinct values of each column, as [index in batch, value] rows. */
  scanDistinct(batch: readonly SampleCandidate[], limit: number, options: SampleQueryOptions): Promise<Iterable<readonly [number, string]>>;
  /** A big table's column values known from its type alone (MySQL's ENUM); when absent, statistics are asked. */
  declaredValues?(column: CatalogColumn): readonly string[] | undefined;
  /** Big tables' columns whose value lists the statistics hold completely (at most `maxValues` distinct). */
  readStatistics?(candidates: readonly SampleCandidate[], maxValues: number, options: SampleQueryOptions): Promise<(SampleCandidate & { readonly values: readonly string[] })[]>;
  /** This table is not readable, which says nothing about the others. */
  isPermissionDenied(error: unknown): boolean;
}

/** Tables (by estimate) above this are not read. */
const SCAN_MAX_ROWS = 200_000;
/** Columns read per statement. */
const COLUMNS_PER_STATEMENT = 40;
/** Columns read in all. */
const MAX_SCANNED_COLUMNS = 2_000;
/** Free text is no use for matching words of a question: skip columns whose values average more characters. */
const MAX_AVERAGE_LENGTH = 60;

export async function sampleColumnValues(sampler: ValueSampler, catalog: Catalog, options: SampleValuesOptions = {}): Promise<ColumnValues[]> {
  const maxValues = options.maxValuesPerColumn ?? 1000;
  const queryOptions = { signal: options.signal, timeoutMs: options.timeoutMs ?? 10_000 };
  const toScan: SampleCandidate[] = [];
  const fromStatistics: SampleCandidate[] = [];
  const found: ColumnValues[] = [];
  for (const entity of catalog.entities) {
    // Views have no estimate; reading them is bounded by the statement timeout.
    const small = entity.rowCount >= 0 ? entity.rowCount <= SCAN_MAX_ROWS : entity.isView;
    for (const column of entity.columns.filter((each) => sampler.isSampledColumn(each))) {
      if (small) toScan.push({ entity, column });
      else if (sampler.declaredValues !== undefined) found.push(...keep(entity, column, sampler.declaredValues(column) ?? [], maxValues));
      else fromStatistics.push({ entity, column });
    }
  }

  const scanned = toScan.slice(0, MAX_SCANNED_COLUMNS);
  for (let start = 0; start < scanned.length; start += COLUMNS_PER_STATEMENT) {
    const batch = scanned.slice(start, start + COLUMNS_PER_STATEMENT);
    const values = await skippingFailures(sampler, () => scanBatch(sampler, batch, maxValues, queryOptions), options.signal);
    if (values !== undefined) found.push(...values);
  }
  const { readStatistics } = sampler;
  if (fromStatistics.length > 0 && readStatistics !== undefined) {
    const complete = await skippingFailures(sampler, () => readStatistics.call(sampler, fromStatistics, maxValues, queryOptions), options.signal);
    for (const { entity, column, values } of complete ?? []) found.push(...keep(entity, column, values, maxValues));
  }
  return found;
}

/** Up to maxValues + 1 distinct values of each column of the batch, so that a column with too many is seen. */
async function scanBatch(sampler: ValueSampler, batch: readonly SampleCandidate[], maxValues: number, queryOptions: SampleQueryOptions): Promise<ColumnValues[]> {
  const valuesByIndex = batch.map(() => [] as string[]);
  for (const [index, value] of await sampler.scanDistinct(batch, maxValues + 1, queryOptions)) valuesByIndex[index]!.push(value);
  return batch.flatMap(({ entity, column }, index) => keep(entity, column, valuesByIndex[index]!, maxValues));
}

function keep(entity: CatalogEntity, column: CatalogColumn, values: readonly string[], maxValues: number): ColumnValues[] {
  if (values.length === 0 || values.length > maxValues) return [];
  const averageLength = values.reduce((sum, value) => sum + value.length, 0) / values.length;
  if (averageLength > MAX_AVERAGE_LENGTH) return [];
  // Code-unit order: the same on every server, whatever its collation.
  const sorted = [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return [{ entity: entity.name, column: column.name, values: sorted }];
}

/** A statement that fails (a slow view, a dropped table) costs its columns only; aborts and lost connections stop everything. */
async function skippingFailures<T>(sampler: ValueSampler, run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isQuerentError(error) && error.code === 'connection_unavailable' && !sampler.isPermissionDenied(error.cause)) throw error;
    return undefined;
  }
}
