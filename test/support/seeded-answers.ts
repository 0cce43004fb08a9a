/**
 * Complete runs' outputs of shapes the question engine does not answer on the samples yet (people
 * by name, a few periods, shares, a dominant category), for checking through the HTTP API how
 * answers of those shapes are rendered. Seed them with seedCompleteRun.
 */
import type { RunOutput } from '../../src/runs/run-output.ts';
import type { ResultColumn } from '../../src/connectors/connector.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';

function output(question: string, query: Partial<LogicalQuery>, columns: ResultColumn[], rows: unknown[][]): RunOutput {
  return {
    question,
    query: { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...query },
    compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] },
    result: { columns, rows, truncated: false },
    interpretation: question,
    assumptions: [],
    connectionName: 'Sample: Harbourline Trading (wholesale)',
    answeredAt: '2026-11-24T10:00:00.000Z',
  };
}

const orderCount = { id: 'orders_count', label: 'Number of orders', aggregate: 'count' as const };

export function ordersPerEmployee(): RunOutput {
  return output(
    'orders per sales rep',
    {
      measures: [orderCount],
      dimensions: [
        { id: 'employee_id', label: 'Employee id', field: field('employees', 'id') },
        { id: 'employee_first_name', label: 'Employee first name', field: field('employees', 'first_name') },
        { id: 'employee_last_name', label: 'Employee last name', field: field('employees', 'last_name') },
      ],
      order: [{ id: 'orders_count', direction: 'desc' }],
    },
    [{ name: 'employee_id', type: 'integer' }, { name: 'employee_first_name', type: 'text' }, { name: 'employee_last_name', type: 'text' }, { name: 'orders_count', type: 'integer' }],
    [[3, 'Marta', 'Kowalski', 812], [1, 'Jonas', 'Berg', 640], [2, 'Aiko', 'Tanaka', 511]],
  );
}

export function revenueByYear(): RunOutput {
  return output(
    'revenue per year',
    {
      measures: [{ id: 'revenue', label: 'Revenue', aggregate: 'sum', unit: 'EUR', expression: field('order_lines', 'amount') }],
      dimensions: [{ id: 'order_date_year', label: 'Order date (year)', field: field('orders', 'order_date'), grain: 'year' }],
      order: [{ id: 'order_date_year', direction: 'desc' }],
    },
    [{ name: 'order_date_year', type: 'date' }, { name: 'revenue', type: 'number' }],
    [['2026-01-01', '9501444.90'], ['2025-01-01', '8806745.23'], ['2024-01-01', '7669002.45']],
  );
}

export function cancelledShareByCountry(): RunOutput {
  return output(
    'share of orders cancelled per country',
    {
      measures: [
        { id: 'cancelled_share', label: 'Share of orders cancelled', aggregate: 'ratio', numeratorId: 'cancelled', denominatorId: 'orders_count', percent: true, unit: '%' },
        { id: 'cancelled', label: 'Cancelled orders', aggregate: 'count', where: [{ kind: 'filter', expression: field('orders', 'status'), op: 'eq', values: ['cancelled'] }] },
        orderCount,
      ],
      dimensions: [{ id: 'ship_country', label: 'Ship country', field: field('orders', 'ship_country') }],
      order: [{ id: 'cancelled_share', direction: 'desc' }],
    },
    [{ name: 'ship_country', type: 'text' }, { name: 'cancelled_share', type: 'number' }, { name: 'cancelled', type: 'integer' }, { name: 'orders_count', type: 'integer' }],
    [['Germany', 23.4375, 75, 320], ['France', 12.5, 20, 160]],
  );
}

export function ordersByStatus(): RunOutput {
  return output(
    'orders per status',
    { measures: [orderCount], dimensions: [{ id: 'status', label: 'Status', field: field('orders', 'status') }], order: [{ id: 'orders_count', direction: 'desc' }] },
    [{ name: 'status', type: 'text' }, { name: 'orders_count', type: 'integer' }],
    [['delivered', 9100], ['shipped', 500], ['cancelled', 339], ['pending', 38]],
  );
}
