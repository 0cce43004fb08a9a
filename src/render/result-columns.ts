/**
 * Joins the result's columns to what the logical query says about them (label, unit, grain,
 * aggregate), so that every renderer reads one description instead of searching the query.
 */
import type { Aggregate, LogicalQuery, TimeGrain } from '../query/logical-query.ts';
import type { ResultTable } from '../connectors/connector.ts';
import type { ValueType } from '../connectors/catalog.ts';
import { isTemporalType, type ValueFormat } from './format-value.ts';

export type ColumnRole = 'measure' | 'dimension' | 'column';

export interface ColumnInfo extends ValueFormat {
  /** Position of the column in each result row. */
  readonly index: number;
  /** The measure, dimension or column id; the result column's name. */
  readonly name: string;
  readonly label: string;
  readonly type: ValueType;
  readonly role: ColumnRole;
  readonly unit?: string;
  readonly grain?: TimeGrain;
  readonly aggregate?: Aggregate;
  /** True for a dimension or column holding dates: truncated by a grain, or date-typed. */
  readonly temporal: boolean;
}

/** `order_date` → `Order date`, for a result column the query does not name. */
export function labelFromName(name: string): string {
  const words = name.replace(/[_\-.]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeColumns(query: LogicalQuery, result: ResultTable): ColumnInfo[] {
  return result.columns.map((column, index): ColumnInfo => {
    const base = { index, name: column.name, type: column.type };
    const measure = query.measures.find((candidate) => candidate.id === column.name);
    if (measure !== undefined) {
      return {
        ...base,
        label: measure.label,
        role: 'measure',
        aggregate: measure.aggregate,
        temporal: false,
        ...(measure.unit === undefined ? {} : { unit: measure.unit }),
      };
    }
    const dimension = query.dimensions.find((candidate) => candidate.id === column.name);
    if (dimension !== undefined) {
      return {
        ...base,
        label: dimension.label,
        role: 'dimension',
        temporal: dimension.grain !== undefined || isTemporalType(column.type),
        ...(dimension.grain === undefined ? {} : { grain: dimension.grain }),
      };
    }
    // A list with counts of related rows beside it reads as those counts by the rows listed.
    const counted = query.relatedCounts?.find((candidate) => candidate.id === column.name);
    if (counted !== undefined) return { ...base, label: counted.label, role: 'measure', aggregate: 'count', temporal: false };
    const selected = query.columns.find((candidate) => candidate.id === column.name);
    return {
      ...base,
      label: selected?.label ?? labelFromName(column.name),
      role: (query.relatedCounts ?? []).length > 0 ? 'dimension' : 'column',
      temporal: isTemporalType(column.type),
    };
  });
}
