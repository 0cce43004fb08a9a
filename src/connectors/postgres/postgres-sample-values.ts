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
     * and those values cover (nearly) every row, i.e. the list is complete. Each table is found by
     * its name as compiled SQL writes it, so an unqualified one is the table the search path finds.
     */
    async readStatistics(candidates, maxValues, queryOptions) {
      const tables = [...new Set(candidates.map(({ entity }) => qualifiedTableName(entity)))];
      const result = await client.query(
        `SELECT t.i::int, s.attname, s.null_frac::float8, s.n_distinct::float8,
  to_json(s.most_common_vals::text::text[]) AS common_values, to_json(s.most_common_freqs) AS frequencies
FROM unnest($1::text[]) WITH ORDINALITY AS t(name, i)
JOIN pg_class AS c ON c.oid = to_regclass(t.name)
JOIN pg_namespace AS n ON n.oid = c.relnamespace
JOIN pg_stats AS s ON s.schemaname = n.nspname AND s.tablename = c.relname
WHERE s.attname = ANY ($2::text[])`,
        [tables, [...new Set(candidates.map(({ column }) => column.name))]],
        queryOptions,
      );
      const rows = decodeRows(['integer', 'text', 'number', 'number', 'json', 'json'], result.rows);
      return candidates.flatMap(({ entity, column }) => {
        const table = tables.indexOf(qualifiedTableName(entity)) + 1;
        const row = rows.find(([index, name]) => index === table && name === column.name);
        if (row === undefined) return [];
        const [, , nullFraction, distinct, commonValues, frequencies] = row as [number, string, number, number, string[] | null, number[] | null];
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
