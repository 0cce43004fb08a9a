/**
 * The table of the JSON answer: exact values, labelled. Numbers stay JSON numbers, unrounded;
 * dates stay the ISO strings the connector returned. Only values JSON cannot carry are changed.
 */
import type { LogicalQuery } from '../query/logical-query.ts';
import type { ResultTable } from '../connectors/connector.ts';
import type { AnswerTable, TableColumn } from './answer.ts';
import { describeColumns } from './result-columns.ts';

export function buildAnswerTable(query: LogicalQuery, result: ResultTable): AnswerTable {
  const columns = describeColumns(query, result).map(
    (column): TableColumn => ({
      name: column.name,
      label: column.label,
      type: column.type,
      ...(column.unit === undefined ? {} : { unit: column.unit }),
    }),
  );
  const rows = result.rows.map((row) => row.map(toJsonValue));
  return { columns, rows, rowCount: rows.length, truncated: result.truncated };
}

/** Keeps exact values as they are; turns the few that JSON cannot hold into their exact text. */
function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') {
    // A bigint beyond 2^53 would lose digits as a number; its decimal text keeps them.
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
