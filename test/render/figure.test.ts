import { describe, expect, it } from 'vitest';
import type { AnswerInput, Figure } from '../../src/render/answer.ts';
import { renderChartSvg } from '../../src/render/chart-png.ts';
import { chooseFigure } from '../../src/render/figure.ts';
import { VEGA_LITE_SCHEMA } from '../../src/render/figure-encoding.ts';
import { barBreakdown, empty, list, oneValue, pieBreakdown, ranking, seriesByCustomer, timeSeries, truncated } from './fixtures.ts';
import { compileWarnings, schemaErrors } from './vega-lite-check.ts';

function figureOf(input: AnswerInput): Figure {
  const figure = chooseFigure(input);
  if (figure === undefined) throw new Error('expected a figure');
  return figure;
}

type Spec = Record<string, any>;

describe('figure choice', () => {
  it.each([
    ['one value', 'kpi', oneValue],
    ['ranking', 'bar', ranking],
    ['time series by month', 'line', timeSeries],
    ['list', 'table', list],
    ['truncated list', 'table', truncated],
    ['few parts of a whole', 'pie', pieBreakdown],
    ['many categories', 'bar', barBreakdown],
    ['time series split by customer', 'line', seriesByCustomer],
  ] as const)('%s → %s, a valid Vega-Lite spec with its data inlined', async (_, kind, input) => {
    const figure = figureOf(input);
    expect(figure.kind).toBe(kind);
    const spec = figure.vegaLite as Spec;
    expect(spec['$schema']).toBe(VEGA_LITE_SCHEMA);
    expect(spec['title']).toEqual(expect.objectContaining({ text: figure.title }));
    expect(schemaErrors(spec)).toEqual([]);
    expect(compileWarnings(spec)).toEqual([]);
    expect(JSON.stringify(spec)).not.toMatch(/"url"\s*:/);
    const { svg, width, height } = await renderChartSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(50);
  });

  it('has no figure for an empty result', () => {
    expect(chooseFigure(empty)).toBeUndefined();
  });

  it('the checker itself rejects an invalid spec', () => {
    expect(schemaErrors({ $schema: VEGA_LITE_SCHEMA, mark: 'not-a-mark', data: { values: [] } })).not.toEqual([]);
  });

  it('a line reads time in UTC with axis titles and d3 formats from the labels', () => {
    const spec = figureOf(timeSeries).vegaLite as Spec;
    expect(spec['data'].values[0]).toEqual({ order_month: '2024-01-01T00:00:00.000Z', revenue: 1000 });
    expect(spec['encoding'].x).toMatchObject({ type: 'temporal', timeUnit: 'utcyearmonth', title: 'Month' });
    expect(spec['encoding'].y).toMatchObject({ type: 'quantitative', title: 'Revenue (EUR)', axis: { format: '$,.2~f' } });
    expect(spec['encoding'].tooltip).toContainEqual(expect.objectContaining({ field: 'revenue', format: '$,.2f' }));
  });

  it('bars are sorted by value and lie on their side for long labels', () => {
    const spec = figureOf(ranking).vegaLite as Spec;
    expect(spec['encoding'].y).toMatchObject({ field: 'customer', type: 'nominal', sort: '-x', title: 'Customer' });
    expect(spec['encoding'].x).toMatchObject({ field: 'total_revenue', title: 'Total revenue (EUR)' });
    const short = { ...pieBreakdown, query: { ...pieBreakdown.query, limit: 10 } };
    const upright = figureOf(short);
    expect(upright.kind).toBe('bar');
    expect((upright.vegaLite as Spec)['encoding'].x).toMatchObject({ field: 'status', sort: '-y' });
    expect((upright.vegaLite as Spec)['encoding'].y).toMatchObject({ axis: { format: ',d', tickMinStep: 1 } });
  });

  it('a pie only for a few parts of a whole: no limit, sum or count, at most six', () => {
    const limited = { ...pieBreakdown, query: { ...pieBreakdown.query, limit: 4 } };
    const averaged = { ...pieBreakdown, query: { ...pieBreakdown.query, measures: [{ id: 'order_count', label: 'Average', aggregate: 'avg' as const }] } };
    const many = { ...pieBreakdown, result: { ...pieBreakdown.result, rows: [...pieBreakdown.result.rows, ['a', 1], ['b', 2], ['c', 3]] } };
    for (const input of [limited, averaged, many]) expect(figureOf(input).kind).toBe('bar');
  });

  it('one row of a breakdown is a kpi naming the group', () => {
    const single = { ...ranking, result: { ...ranking.result, rows: [['Acme', 120000]] } };
    const figure = figureOf(single);
    expect(figure.kind).toBe('kpi');
    expect((figure.vegaLite as Spec)['title']).toEqual({ text: 'Total revenue in 2024', subtitle: 'Customer: Acme' });
  });

  it('escapes field names that Vega-Lite would read as nested paths', async () => {
    const dotted = {
      ...pieBreakdown,
      query: { ...pieBreakdown.query, measures: [{ id: 'orders.count', label: 'Orders', aggregate: 'count' as const }] },
      result: { ...pieBreakdown.result, columns: [{ name: 'status', type: 'text' as const }, { name: 'orders.count', type: 'integer' as const }] },
    };
    const spec = figureOf(dotted).vegaLite as Spec;
    expect(spec['encoding'].theta.field).toBe('orders\\.count');
    expect(schemaErrors(spec)).toEqual([]);
    const { svg } = await renderChartSvg(spec);
    expect(svg).toContain('<path');
  });

  it('a series split by many values keeps the ten largest and says so', () => {
    const figure = figureOf(seriesByCustomer);
    expect(figure.title).toBe('Revenue by quarter and customer in 2024 (largest 10 of 12 customers)');
    const spec = figure.vegaLite as Spec;
    expect(spec['encoding'].color).toMatchObject({ field: 'customer', type: 'nominal' });
    expect(spec['encoding'].x).toMatchObject({ timeUnit: 'utcyearquarter' });
    const kept = new Set(spec['data'].values.map((datum: Spec) => datum['customer']));
    expect(kept.size).toBe(10);
    expect(kept.has('Customer 1')).toBe(false);
    expect(kept.has('Customer 12')).toBe(true);
  });

  it('a pie is refused when one slice is over 80 % of the whole', () => {
    const slices = (largest: number) => ({ ...pieBreakdown, result: { ...pieBreakdown.result, rows: [['delivered', largest], ['shipped', 10], ['cancelled', 10]] } });
    expect(figureOf(slices(80)).kind).toBe('pie');
    expect(figureOf(slices(81)).kind).toBe('bar');
  });
});

describe('a few periods', () => {
  const periods = (count: number) => ({ ...timeSeries, result: { ...timeSeries.result, rows: timeSeries.result.rows.slice(0, count).reverse() } });

  it.each([2, 3])('%i periods are bars in time order, named in words', async (count) => {
    const figure = figureOf(periods(count));
    expect(figure.kind).toBe('bar');
    const spec = figure.vegaLite as Spec;
    const names = ['January 2024', 'February 2024', 'March 2024'].slice(0, count);
    expect(spec['encoding'].x).toMatchObject({ type: 'nominal', title: 'Month', sort: names });
    expect(spec['data'].values.map((datum: Spec) => datum['__period'])).toEqual(names);
    expect(schemaErrors(spec)).toEqual([]);
    expect(compileWarnings(spec)).toEqual([]);
    expect((await renderChartSvg(spec)).svg).toContain('February 2024');
  });

  it('four periods are a line', () => {
    expect(figureOf(periods(4)).kind).toBe('line');
  });

  it('two periods split by a series are grouped bars, one colour per series value', async () => {
    const quarters = new Set(['2024-07-01', '2024-10-01']);
    const input = { ...seriesByCustomer, result: { ...seriesByCustomer.result, rows: seriesByCustomer.result.rows.filter((row) => quarters.has(row[0] as string)) } };
    const figure = figureOf(input);
    expect(figure.kind).toBe('bar');
    const spec = figure.vegaLite as Spec;
    expect(spec['encoding'].x).toMatchObject({ field: '__period', sort: ['Q3 2024', 'Q4 2024'] });
    expect(spec['encoding'].xOffset).toMatchObject({ field: 'customer' });
    expect(spec['encoding'].color).toMatchObject({ field: 'customer' });
    expect(schemaErrors(spec)).toEqual([]);
    expect(compileWarnings(spec)).toEqual([]);
    expect((await renderChartSvg(spec)).svg).toContain('Q4 2024');
  });
});

describe('numbers on axes and in tooltips', () => {
  const axisLabels = async (spec: Spec): Promise<string[]> =>
    [...(await renderChartSvg(spec)).svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

  it('money is written in its currency on the axis and in the tooltip, the symbol from Intl', async () => {
    const spec = figureOf(barBreakdown).vegaLite as Spec;
    expect(spec['encoding'].x).toMatchObject({ title: 'Total revenue (EUR)', axis: { format: '$,.2~f' } });
    expect(spec['encoding'].tooltip).toContainEqual(expect.objectContaining({ field: 'total_revenue', format: '$,.2f' }));
    expect(spec['config'].locale.number.currency).toEqual(['€', '']);
    expect(schemaErrors(spec)).toEqual([]);
    const labels = await axisLabels(spec);
    expect(labels).toContain('€40,000');
    expect(labels).toContain('€0');
  });

  it('a currency without a symbol of its own and one without cents', async () => {
    const inCurrency = (unit: string) => ({ ...timeSeries, query: { ...timeSeries.query, measures: [{ ...timeSeries.query.measures[0]!, unit }] } });
    const francs = figureOf(inCurrency('CHF')).vegaLite as Spec;
    expect(await axisLabels(francs)).toContain('CHF\u00a01,500');
    const yen = figureOf(inCurrency('JPY')).vegaLite as Spec;
    expect(yen['encoding'].tooltip).toContainEqual(expect.objectContaining({ format: '$,.0f' }));
    expect(await axisLabels(yen)).toContain('¥1,500');
  });

  it('a measure without a currency keeps plain numbers and no locale', () => {
    const plain = { ...barBreakdown, query: { ...barBreakdown.query, measures: [{ id: 'total_revenue', label: 'Weight', aggregate: 'sum' as const, unit: 'kg' }] } };
    const spec = figureOf(plain).vegaLite as Spec;
    expect(spec['encoding'].x).toMatchObject({ title: 'Weight (kg)', axis: { format: ',.2~f' } });
    expect(spec['config']).toBeUndefined();
  });

  it('a share is drawn as its fraction and written as a percent on the axis and in the tooltip', async () => {
    const measures = [{ id: 'total_revenue', label: 'Share of orders', aggregate: 'ratio' as const, numeratorId: 'a', denominatorId: 'b', percent: true, unit: '%' }];
    const percent = { ...barBreakdown, query: { ...barBreakdown.query, measures }, result: { ...barBreakdown.result, rows: [['Germany', 62.5], ['France', 37.5]] } };
    const spec = figureOf(percent).vegaLite as Spec;
    expect(spec['data'].values).toEqual([{ country: 'Germany', total_revenue: 0.625 }, { country: 'France', total_revenue: 0.375 }]);
    expect(spec['encoding'].y).toMatchObject({ title: 'Share of orders', axis: { format: '.1~%' } });
    expect(spec['encoding'].tooltip).toContainEqual(expect.objectContaining({ format: '.1%' }));
    expect(await axisLabels(spec)).toContain('60%');
    const fraction = { ...percent, query: { ...percent.query, measures: [{ ...measures[0]!, percent: false, unit: undefined }] }, result: { ...percent.result, rows: [['Germany', 0.625], ['France', 0.375]] } };
    expect((figureOf(fraction).vegaLite as Spec)['data'].values[0].total_revenue).toBe(0.625);
  });

  it('a kpi\'s tooltip shows the value as the text writes it', () => {
    const spec = figureOf(oneValue).vegaLite as Spec;
    expect(spec['encoding'].tooltip).toEqual([{ field: 'label', type: 'nominal', title: 'Total revenue' }]);
    expect(spec['data'].values[0].label).toBe('€1,234,567.89');
  });
});
