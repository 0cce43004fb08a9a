/**
 * Distinct values of low-cardinality text columns (see `../sql/sample-column-values.ts`): small
 * tables are read; for bigger tables only ENUM columns are described, from their declared values
 * (MySQL keeps no most-common-values statistics).
 */
import type { Catalog, ColumnValues } from '../catalog.ts';
import { sampleColumnValues, type SampleValuesOptions, type ValueSampler } from '../sql/sample-column-values.ts';
import type { MysqlClient } from './mysql-client.ts';
import { qualifiedTableName, quoteIdentifier } from './mysql-sql.ts';

export type { SampleValuesOptions } from '../sql/sample-column-values.ts';

export async function sampleMysqlValues(client: MysqlClient, catalog: Catalog, options: SampleValuesOptions = {}): Promise<ColumnValues[]> {
  return sampleColumnValues(mysqlSampler(client), catalog, options);
}

function mysqlSampler(client: MysqlClient): ValueSampler {
  return {
    // Text columns, except LONGTEXT: documents, and MariaDB's JSON (an alias of LONGTEXT).
    isSampledColumn: (column) => column.type === 'text' && !column.nativeType.toLowerCase().startsWith('longtext'),
    /**
     * Values are compared as utf8mb4_bin, so that `Paris` and `PARIS` stay two values (as in
     * PostgreSQL) and columns of different collations can share one UNION.
     */
    async scanDistinct(batch, limit, queryOptions) {
      const statement = batch
        .map(({ entity, column }, index) => {
          const value = `t.${quoteIdentifier(column.name)}`;
          return `(SELECT ${index} AS i, v FROM (SELECT DISTINCT CONVERT(${value} USING utf8mb4) COLLATE utf8mb4_bin AS v FROM ${qualifiedTableName(entity)} AS t WHERE ${value} IS NOT NULL LIMIT ?) AS d${index})`;
        })
        .join('\nUNION ALL\n');
      const result = await client.query(statement, batch.map(() => limit), queryOptions);
      return result.rows.map(([index, value]) => [Number(index), Buffer.isBuffer(value) ? value.toString('utf8') : String(value)] as const);
    },
    declaredValues: (column) => enumValues(column.nativeType),
    // Table or column access denied.
    isPermissionDenied: (error) => typeof error === 'object' && error !== null && 'errno' in error && (error.errno === 1142 || error.errno === 1143),
  };
}

/** `enum('a','b''c')` → ['a', "b'c"]; undefined for any other type. */
export function enumValues(nativeType: string): string[] | undefined {
  const match = /^enum\((.*)\)$/is.exec(nativeType);
  if (match === null) return undefined;
  return [...match[1]!.matchAll(/'((?:[^']|'')*)'/g)].map(([, value]) => value!.replaceAll("''", "'"));
}
