/**
 * The result as people read it, for sentences, figures and the email's tables: a record's key
 * grouped next to its name is left out, and first and last name columns become one name. The
 * json table, csv and xlsx keep every column exact (see answer-table.ts).
 */
import type { LogicalQuery } from '../query/logical-query.ts';
import type { ResultTable } from '../connectors/connector.ts';
import { describeColumns, type ColumnInfo } from './result-columns.ts';
import { fullName, namePairs } from './person-name.ts';

type Row = readonly unknown[];

export interface ReadableResult {
  /** Each column's `index` is its place in `rows`. */
  readonly columns: readonly ColumnInfo[];
  readonly rows: readonly Row[];
}

export function readableResult(query: LogicalQuery, result: ResultTable): ReadableResult {
  const described = describeColumns(query, result);
  const kept = withoutIdentifiers(query, described);
  const pairs = namePairs(query, kept);
  const sources: { column: ColumnInfo; value: (row: Row) => unknown }[] = [];
  for (const column of kept) {
    const pair = pairs.find((candidate) => candidate.first === column);
    if (pair !== undefined) sources.push({ column: pair.combined, value: (row) => fullName(row, pair) });
    else if (!pairs.some((candidate) => candidate.last === column)) sources.push({ column, value: (row) => row[column.index] });
  }
  if (sources.length === described.length) return { columns: described, rows: result.rows };
  return {
    columns: sources.map(({ column }, index) => ({ ...column, index })),
    rows: result.rows.map((row) => sources.map(({ value }) => value(row))),
  };
}

/**
 * A record's key grouped next to its name (customer id and customer name, so that two customers
 * of the same name stay apart) identifies the group; the name is what people read.
 */
function withoutIdentifiers(query: LogicalQuery, columns: readonly ColumnInfo[]): ColumnInfo[] {
  const fieldOf = (column: ColumnInfo) => [...query.dimensions, ...query.columns].find((item) => item.id === column.name)?.field;
  const dimensions = columns.filter((column) => column.role === 'dimension');
  return columns.filter((column) => {
    const field = fieldOf(column);
    if (column.role !== 'dimension' || !field || column.temporal || column.type !== 'integer') return true;
    return !dimensions.some((other) => other !== column && other.type === 'text' && fieldOf(other)?.entity === field.entity);
  });
}
