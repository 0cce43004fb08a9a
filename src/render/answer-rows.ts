/**
 * The rows a data source returned, shaped as the question asked: the rows read only to compare
 * with (`showFrom`) dropped, then a pivot applied. Exact (rows are dropped or moved, never
 * computed) and the same for every kind of connection.
 */
import type { ResultTable } from '../connectors/connector.ts';
import type { LogicalQuery } from '../query/logical-query.ts';
import { pivotAnswer, type PivotedAnswer } from './pivot.ts';

export function shapeAnswer(query: LogicalQuery, result: ResultTable): PivotedAnswer {
  const trimmed = showFrom(query, result);
  return pivotAnswer(trimmed.query, trimmed.result);
}

function showFrom(query: LogicalQuery, result: ResultTable): PivotedAnswer {
  const cut = query.showFrom;
  if (!cut) return { query, result };
  const { showFrom: _applied, ...rest } = query;
  // What is shown starts at `from`: so does the period the answer states.
  const field = query.dimensions.find((dimension) => dimension.id === cut.dimension)?.field;
  const filters = query.filters.map((filter) => (field && filter.op === 'gte' && filter.or === undefined && filter.expression.kind === 'field' && filter.expression.entity === field.entity
    && filter.expression.column === field.column && typeof filter.values[0] === 'string' && filter.values[0] < cut.from ? { ...filter, values: [cut.from] } : filter));
  const shown: LogicalQuery = { ...rest, filters };
  const index = result.columns.findIndex((column) => column.name === cut.dimension);
  if (index < 0) return { query: shown, result };
  const rows = result.rows.filter((row) => {
    const value = row[index];
    const day = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === 'string' ? value.slice(0, 10) : undefined;
    return day === undefined || day >= cut.from;
  });
  return { query: shown, result: { ...result, rows } };
}
