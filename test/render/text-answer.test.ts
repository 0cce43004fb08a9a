import { describe, expect, it } from 'vitest';
import { answerText } from '../../src/render/text-answer.ts';
import { field, type Filter } from '../../src/query/logical-query.ts';
import { barBreakdown, empty, list, oneValue, pieBreakdown, ranking, seriesByCustomer, timeSeries, truncated } from './fixtures.ts';

describe('text answer', () => {
  it('reads one value as a sentence with the period and the money formatted', () => {
    expect(answerText(oneValue)).toBe('Total revenue in 2024 was €1,234,567.89.');
  });

  it('names the leaders of a ranking with their values', () => {
    const text = answerText(ranking);
    expect(text).toMatch(/^Top 5 customers by total revenue in 2024: Acme \(€120,000\.00\), Globex \(€95,000\.50\), /);
    expect(text).toContain('and Umbrella (€1,234.50).');
  });

  it('gives the first, last and peak of a time series', () => {
    const text = answerText(timeSeries);
    expect(text).toContain('from January 2024 to December 2024 (12 months)');
    expect(text).toContain('€1,000.00 in January 2024');
    expect(text).toContain('€2,000.00 in December 2024 (+100%)');
    expect(text).toContain('the peak was €3,000.00 in June 2024');
  });

  it('says the bucket still in progress when the answer was computed is not complete, and only that one', () => {
    const midDecember = { ...timeSeries, answeredAt: new Date('2024-12-14T10:00:00Z') };
    expect(answerText(midDecember)).toContain('December 2024 is counted up to 14 Dec 2024, so it is not complete.');
    expect(answerText({ ...timeSeries, answeredAt: new Date('2025-01-03T10:00:00Z') })).not.toContain('not complete');
  });

  it('says the same of a period in progress spread into a column of its own ("this year vs last year")', () => {
    const orderDate = field('orders', 'order_date');
    const during = (from: string, to: string): Filter[] => [
      { kind: 'filter', expression: orderDate, op: 'gte', values: [from] },
      { kind: 'filter', expression: orderDate, op: 'lt', values: [to] },
    ];
    const measures = [
      { id: 'revenue_2023', label: 'Revenue (2023)', aggregate: 'sum' as const, expression: field('orders', 'amount'), where: during('2023-01-01', '2024-01-01') },
      { id: 'revenue_2024', label: 'Revenue (2024)', aggregate: 'sum' as const, expression: field('orders', 'amount'), where: during('2024-01-01', '2025-01-01') },
    ];
    const sideBySide = { ...oneValue, query: { ...oneValue.query, measures, filters: [] }, result: { columns: [{ name: 'revenue_2023', type: 'number' as const }, { name: 'revenue_2024', type: 'number' as const }], rows: [[10, 12]], truncated: false }, answeredAt: new Date('2024-06-30T09:00:00Z') };
    const text = answerText(sideBySide);
    expect(text).toContain('Revenue (2024) is counted up to 30 Jun 2024, so it is not complete.');
    expect(text).not.toContain('Revenue (2023) is counted');
  });

  it('summarises a breakdown with its groups, highest, lowest and total', () => {
    const text = answerText(barBreakdown);
    expect(text).toContain('across 12 countries');
    expect(text).toContain('highest Germany (€100,000.00)');
    expect(text).toContain('lowest Malta (€8,333.33)');
    expect(text).toContain('Total: €310,321.07.');
    expect(answerText(pieBreakdown)).toBe('Orders by status: delivered (812), shipped (120), cancelled (31) and pending (57). Total: 1,020.');
  });

  it('says how many rows a list has and shows the first few', () => {
    const text = answerText(list);
    expect(text).toContain('The list has 60 rows (order, customer, order date)');
    expect(text).toContain('1001 · Customer 1 · 2024-03-01');
  });

  it('states the conditions a list\'s rows were picked by', () => {
    const text = answerText({ ...list, conditions: ['customer country is Austria', 'they have no returns where return date in 2024'] });
    expect(text).toContain('The list has 60 rows (order, customer, order date) where customer country is Austria and they have no returns where return date in 2024; the first 3:');
  });

  it('says plainly that nothing matched, repeating what was looked for', () => {
    expect(answerText(empty)).toBe(
      'No data matched the question. Looked for: Order revenue per customer country, for orders placed in 1990.',
    );
  });

  it('says when the result was cut', () => {
    const text = answerText(truncated);
    expect(text).toContain('more than 1,000 rows');
    expect(text).toContain('The result was cut at 1,000 rows, so it is incomplete.');
  });

  it('reads a one-row series, several measures and null values', () => {
    const oneMonth = { ...timeSeries, result: { ...timeSeries.result, rows: [['2024-06-01', 3000]] } };
    expect(answerText(oneMonth)).toBe('Revenue for June 2024 was €3,000.00.');
    const twoMeasures = {
      ...oneValue,
      query: { ...oneValue.query, measures: [...oneValue.query.measures, { id: 'orders', label: 'Orders', aggregate: 'count' as const }] },
      result: { columns: [...oneValue.result.columns, { name: 'orders', type: 'integer' as const }], rows: [[10.5, 3]], truncated: false },
    };
    expect(answerText(twoMeasures)).toBe('In 2024: total revenue €10.50, orders 3.');
    const orders = { ...oneValue, query: { ...oneValue.query, measures: [{ id: 'total_revenue', label: 'Orders', aggregate: 'count' as const }] } };
    expect(answerText({ ...orders, result: { ...orders.result, rows: [[42]] } })).toBe('Orders in 2024 were 42.');
    const nothing = { ...oneValue, result: { ...oneValue.result, rows: [[null]] } };
    expect(answerText(nothing)).toBe('Total revenue in 2024: no value, as no rows matched.');
  });

  it('summarises two dimensions by their highest and lowest combination', () => {
    expect(answerText(seriesByCustomer)).toBe(
      'Revenue by quarter and customer in 2024, 48 combinations: highest Q4 2024 / Customer 12 (€1,203.00), ' +
        'lowest Q1 2024 / Customer 1 (€100.00).',
    );
  });
});

describe('periods in the text answer', () => {
  const orderDate = field('orders', 'order_date');
  const lastTwelveMonths: Filter[] = [
    { kind: 'filter', expression: orderDate, op: 'gte', values: ['2025-12-01'] },
    { kind: 'filter', expression: orderDate, op: 'lt', values: ['2026-12-01'] },
  ];

  it('states a span of days in words', () => {
    const input = { ...oneValue, query: { ...oneValue.query, filters: lastTwelveMonths } };
    expect(answerText(input)).toBe('Total revenue from 1 Dec 2025 to 30 Nov 2026 was €1,234,567.89.');
  });

  it('reads a daily series by its days in words', () => {
    const daily = {
      ...timeSeries,
      query: { ...timeSeries.query, dimensions: [{ id: 'order_day', label: 'Day', field: orderDate, grain: 'day' as const }] },
      result: { columns: [{ name: 'order_day', type: 'date' as const }, { name: 'revenue', type: 'number' as const }], rows: [['2024-03-03', 5], ['2024-03-01', 10], ['2024-03-02', 20]], truncated: false },
    };
    expect(answerText(daily)).toContain('Revenue by day from 1 Mar 2024 to 3 Mar 2024 (3 days): €10.00 on 1 Mar 2024, €5.00 on 3 Mar 2024 (-50%); the peak was €20.00 on 2 Mar 2024.');
  });

  it('keeps a period that shares the query with a segment\'s date', () => {
    const overdue: Filter = { kind: 'filter', expression: field('orders', 'due_date'), op: 'lt', values: ['2026-11-24'] };
    const input = { ...oneValue, conditions: ['overdue orders'], query: { ...oneValue.query, filters: [overdue, ...oneValue.query.filters] } };
    expect(answerText(input)).toBe('Total revenue where overdue orders, with due date before 24 Nov 2026 and order date in 2024 was €1,234,567.89.');
  });
});
