/**
 * Pieces shared by the figure specs: how a result value goes into inlined Vega-Lite data, field
 * references and encodings.
 */
import type { TimeGrain } from '../query/logical-query.ts';
import { formatValue, isCount, isShare, parseIsoDate, shareFraction, toNumber } from './format-value.ts';
import { axisFormat, axisTitle, tooltipFormat } from './figure-formats.ts';
import type { ColumnInfo } from './result-columns.ts';

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

export type Spec = Record<string, unknown>;
export type Datum = Record<string, unknown>;

/**
 * A field name as Vega-Lite reads it: dots and brackets would otherwise address nested values.
 * https://vega.github.io/vega-lite/docs/field.html
 */
export function fieldRef(name: string): string {
  return name.replace(/[\\.[\]]/g, (character) => `\\${character}`);
}

/** The value as a figure needs it: numbers for measures, UTC ISO instants for time, labels otherwise. */
export function figureValue(value: unknown, column: ColumnInfo): unknown {
  if (column.role === 'measure') {
    const number = toNumber(value);
    // A share is drawn as its fraction, which d3's `%` formats as the text does.
    return number === undefined ? null : isShare(column) ? shareFraction(number, column) : number;
  }
  if (column.temporal) return parseIsoDate(value)?.toISOString() ?? null;
  return formatValue(value, column);
}

export function toData(rows: readonly (readonly unknown[])[], columns: readonly ColumnInfo[]): Datum[] {
  return rows.map((row) => {
    const datum: Datum = {};
    for (const column of columns) datum[column.name] = figureValue(row[column.index], column);
    return datum;
  });
}

/** The quantitative encoding of a measure, on an axis or as an arc's angle. */
export function measureEncoding(column: ColumnInfo, withAxis = true): Spec {
  const encoding: Spec = { field: fieldRef(column.name), type: 'quantitative', title: axisTitle(column) };
  if (withAxis) {
    encoding['axis'] = isCount(column) ? { format: axisFormat(column), tickMinStep: 1 } : { format: axisFormat(column) };
  }
  return encoding;
}

export function measureTooltip(column: ColumnInfo): Spec {
  return { field: fieldRef(column.name), type: 'quantitative', title: axisTitle(column), format: tooltipFormat(column) };
}

const TIME_UNITS: Record<TimeGrain, string> = {
  year: 'utcyear',
  quarter: 'utcyearquarter',
  month: 'utcyearmonth',
  week: 'utcyearmonthdate',
  day: 'utcyearmonthdate',
};

/**
 * A time dimension read and shown in UTC, so that a stored 2024-03-01 is March 2024 on every
 * server and in every viewer's time zone.
 */
export function timeEncoding(column: ColumnInfo): Spec {
  const encoding: Spec = { field: fieldRef(column.name), type: 'temporal', title: column.label };
  if (column.grain !== undefined) encoding['timeUnit'] = TIME_UNITS[column.grain];
  else if (column.type === 'date') encoding['timeUnit'] = 'utcyearmonthdate';
  else encoding['scale'] = { type: 'utc' };
  return encoding;
}

export function categoryEncoding(column: ColumnInfo): Spec {
  return { field: fieldRef(column.name), type: 'nominal', title: column.label };
}
