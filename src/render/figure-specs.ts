/** Vega-Lite specs, one builder per figure kind, each with its data inlined. */
import { formatValue, toNumber } from './format-value.ts';
import { timePointInWords } from './date-words.ts';
import { measureConfig } from './figure-formats.ts';
import type { ColumnInfo } from './result-columns.ts';
import {
  VEGA_LITE_SCHEMA, categoryEncoding, fieldRef, measureEncoding, measureTooltip, timeEncoding, toData,
  type Datum, type Spec,
} from './figure-encoding.ts';

type Row = readonly unknown[];

/** Width of the plotting area in pixels, for the figures that are not sized by their steps. */
const PLOT_WIDTH = 560;
const PLOT_HEIGHT = 280;
/** Width of a chart of a few periods' bars. */
const PERIOD_BARS_WIDTH = 360;
/** The data field of a period's name in words; no result column starts with two underscores. */
const PERIOD_FIELD = '__period';
/** Lines with at most this many values mark each one with a point. */
const LINE_POINTS = 60;
/** Category labels longer than this turn a bar chart on its side. */
const LONG_LABEL = 10;
/** More bars than this are laid out horizontally too. */
const MANY_BARS = 12;
/** Table figures show at most this many rows and columns; the answer's table has them all. */
export const TABLE_FIGURE_ROWS = 20;
const TABLE_FIGURE_COLUMNS = 6;

function base(title: string, subtitle?: string): Spec {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: subtitle === undefined ? { text: title } : { text: title, subtitle },
    background: 'white',
  };
}

/** One big number per measure, each with its label; the value formatted as in the text. */
export function kpiSpec(title: string, row: Row, measures: readonly ColumnInfo[], subtitle?: string): Spec {
  const tiles = measures.map((measure) => ({
    // One value is named by the figure's title; several each get their own.
    ...(measures.length === 1 ? {} : { title: { text: measure.label, fontSize: 13, fontWeight: 'normal' } }),
    width: measures.length === 1 ? 360 : 200,
    height: 80,
    data: { values: [{ value: toNumber(row[measure.index]) ?? null, label: formatValue(row[measure.index], measure) }] },
    mark: { type: 'text', fontSize: 40, fontWeight: 'bold', baseline: 'middle' },
    encoding: {
      text: { field: 'label', type: 'nominal' },
      tooltip: [{ field: 'label', type: 'nominal', title: measure.label }],
    },
  }));
  const [only] = tiles;
  const body = tiles.length === 1 && only !== undefined ? only : { hconcat: tiles };
  return { ...base(title, subtitle), ...body, config: { view: { stroke: null } } };
}

/** A measure over time; one line per series value when there is a series. */
export function lineSpec(title: string, rows: readonly Row[], time: ColumnInfo, measure: ColumnInfo, series?: ColumnInfo): Spec {
  const columns = series === undefined ? [time, measure] : [time, measure, series];
  const encoding: Spec = {
    x: timeEncoding(time),
    y: measureEncoding(measure),
    tooltip: [timeEncoding(time), ...(series === undefined ? [] : [categoryEncoding(series)]), measureTooltip(measure)],
  };
  if (series !== undefined) encoding['color'] = categoryEncoding(series);
  return {
    ...base(title),
    width: PLOT_WIDTH,
    height: PLOT_HEIGHT,
    data: { values: toData(rows, columns) },
    // Points mark each value while they can be told apart; a dense series is a plain line.
    mark: { type: 'line', point: rows.length <= LINE_POINTS },
    encoding,
    ...measureConfig(measure),
  };
}

export interface BarOptions {
  readonly title: string;
  readonly rows: readonly Row[];
  readonly category: ColumnInfo;
  readonly measure: ColumnInfo;
  readonly series?: ColumnInfo;
  /** `desc` (default) puts the largest bar first; `none` keeps the rows' order. */
  readonly sort: 'asc' | 'desc' | 'none';
}

/** Bars sorted by value, on their side when labels are long or bars many; stacked by series. */
export function barSpec(options: BarOptions): Spec {
  const { title, rows, category, measure, series, sort } = options;
  const columns = series === undefined ? [category, measure] : [category, measure, series];
  const values = toData(rows, columns);
  const labels = values.map((datum) => String(datum[category.name] ?? ''));
  const distinct = new Set(labels).size;
  const horizontal = labels.some((label) => label.length > LONG_LABEL) || distinct > MANY_BARS;
  const [categoryChannel, valueChannel] = horizontal ? ['y', 'x'] : ['x', 'y'];
  const sortBy = sort === 'none' ? null : sort === 'desc' ? `-${valueChannel}` : valueChannel;
  const encoding: Spec = {
    [categoryChannel]: { ...categoryEncoding(category), sort: sortBy, axis: { labelLimit: 220, ...(horizontal ? {} : { labelAngle: 0 }) } },
    [valueChannel]: measureEncoding(measure),
    tooltip: [categoryEncoding(category), ...(series === undefined ? [] : [categoryEncoding(series)]), measureTooltip(measure)],
  };
  if (series !== undefined) encoding['color'] = categoryEncoding(series);
  return {
    ...base(title),
    ...(horizontal ? { width: PLOT_WIDTH - 160, height: { step: 22 } } : { width: { step: 48 }, height: PLOT_HEIGHT }),
    data: { values },
    mark: { type: 'bar' },
    encoding,
    ...measureConfig(measure),
  };
}

/**
 * A few periods side by side: one bar each, in time order, named in words ("2025", "Q3 2026");
 * grouped by series value when there is a series. Rows must come in time order.
 */
export function periodBarSpec(title: string, rows: readonly Row[], time: ColumnInfo, measure: ColumnInfo, series?: ColumnInfo): Spec {
  const columns = series === undefined ? [measure] : [measure, series];
  const values = toData(rows, columns).map((datum, position) => ({ [PERIOD_FIELD]: timePointInWords(rows[position]?.[time.index], time), ...datum }));
  const periods = [...new Set(values.map((datum) => datum[PERIOD_FIELD] as string))];
  const period = { field: PERIOD_FIELD, type: 'nominal', title: time.label };
  const encoding: Spec = {
    x: { ...period, sort: periods, axis: { labelAngle: 0, labelLimit: 220 } },
    y: measureEncoding(measure),
    tooltip: [period, ...(series === undefined ? [] : [categoryEncoding(series)]), measureTooltip(measure)],
  };
  if (series !== undefined) {
    encoding['xOffset'] = categoryEncoding(series);
    encoding['color'] = categoryEncoding(series);
  }
  return { ...base(title), width: PERIOD_BARS_WIDTH, height: PLOT_HEIGHT, data: { values }, mark: { type: 'bar' }, encoding, ...measureConfig(measure) };
}

/** Shares of a whole: slices ordered largest first, with each slice's share in the tooltip. */
export function pieSpec(title: string, rows: readonly Row[], category: ColumnInfo, measure: ColumnInfo): Spec {
  const measureField = fieldRef(measure.name);
  return {
    ...base(title),
    width: 300,
    height: 300,
    data: { values: toData(rows, [category, measure]) },
    transform: [
      { joinaggregate: [{ op: 'sum', field: measureField, as: '__total' }] },
      { calculate: `datum[${JSON.stringify(measure.name)}] / datum.__total`, as: '__share' },
    ],
    mark: { type: 'arc', innerRadius: 0, stroke: 'white' },
    encoding: {
      theta: { ...measureEncoding(measure, false), stack: true },
      color: { ...categoryEncoding(category), sort: { field: measureField, order: 'descending' } },
      order: { field: measureField, type: 'quantitative', sort: 'descending' },
      tooltip: [categoryEncoding(category), measureTooltip(measure), { field: '__share', type: 'quantitative', title: 'Share', format: '.1%' }],
    },
    ...measureConfig(measure, { view: { stroke: null } }),
  };
}

/** The first rows as a grid of text, one column per field, values formatted for reading. */
export function tableSpec(title: string, rows: readonly Row[], columns: readonly ColumnInfo[], totalRows: number): Spec {
  const shown = columns.slice(0, TABLE_FIGURE_COLUMNS);
  const values: Datum[] = rows.slice(0, TABLE_FIGURE_ROWS).map((row, position) => {
    const datum: Datum = { __row: position + 1 };
    for (const column of shown) datum[column.name] = formatValue(row[column.index], column);
    return datum;
  });
  const subtitle = totalRows > values.length ? `First ${values.length} of ${totalRows} rows` : undefined;
  return {
    ...base(title, subtitle),
    data: { values },
    hconcat: shown.map((column) => ({
      title: { text: column.label, anchor: 'start', fontSize: 12 },
      width: 150,
      height: { step: 20 },
      mark: { type: 'text', align: 'left', baseline: 'middle', limit: 145 },
      encoding: {
        x: { value: 0 },
        y: { field: '__row', type: 'ordinal', axis: null },
        text: { field: fieldRef(column.name), type: 'nominal' },
      },
    })),
    config: { view: { stroke: null }, concat: { spacing: 8 } },
  };
}
