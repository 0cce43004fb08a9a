/**
 * Distinct values of low-cardinality text columns (see `../sql/sample-column-values.ts`): small
 * tables are read; bigger tables are described from the planner's statistics (pg_stats) when
 * those hold every value; nothing else.
 */
import type { Catalog, ColumnValues } from '../catalog.ts';
import { sampleColumnValues, type SampleValuesOptions, type ValueSampler } from '../sql/sample-column-values.ts';
import type { PostgresClient } from './postgres-client.ts';
import { qualifiedTableName } from './postgres-compiler.ts';
import { quoteIdentifier } from './postgres-sql.ts';
import { decodeRows } from './postgres-values.ts';

export type { SampleValuesOptions } from '../sql/sample-column-values.ts';

export async function samplePostgresValues(client: PostgresClient, catalog: Catalog, options: SampleValuesOptions = {}): Promise<ColumnValues[]> {
  return sampleColumnValues(postgresSampler(client), catalog, options);
}

function postgresSampler(client: PostgresClient): ValueSampler {
  return {
    // Text columns, except uuids (distinct but meaningless to people).
    isSampledColumn: (column) => column.type === 'text' && column.nativeType !== 'uuid',
    async scanDistinct(batch, limit, queryOptions) {
      const statement = batch
        .map(({ entity, column }, index) => {
          const value = `t.${quoteIdentifier(column.name)}`;
          return `SELECT ${index} AS i, v FROM (SELECT DISTINCT ${value}::text AS v FROM ${qualifiedTableName(entity)} AS t WHERE ${value} IS NOT NULL LIMIT $1) AS d${index}`;
        })
        .join('\nUNION ALL\n');
      const result = await client.query(statement, [limit], queryOptions);
      return decodeRows(['integer', 'text'], result.rows).map(([index, value]) => [Number(index), String(value)] as const);
    },
    /**
     * Big tables: the most common values recorded by ANALYZE, when the column has few distinct values
     * and those values cover (nearly) every row, i.e. the list is complete.
     */
    async readStatistics(candidates, maxValues, queryOptions) {
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
      return candidates.flatMap(({ entity, column }) => {
        const row = rows.find(([schema, table, name]) => schema === (entity.schema ?? 'public') && table === entity.table && name === column.name);
        if (row === undefined) return [];
        const [, , , nullFraction, distinct, commonValues, frequencies] = row as [string, string, string, number, number, string[] | null, number[] | null];
        if (commonValues === null || frequencies === null) return [];
        const estimatedDistinct = distinct >= 0 ? distinct : -distinct * entity.rowCount;
        const covered = frequencies.reduce((sum, frequency) => sum + frequency, 0) + nullFraction;
        if (estimatedDistinct > maxValues || covered < 0.999) return [];
        return [{ entity, column, values: commonValues }];
      });
    },
    // SQLSTATE 42501.
    isPermissionDenied: (error) => typeof error === 'object' && error !== null && 'code' in error && error.code === '42501',
  };
}
