import { describe, expect, it } from 'vitest';
import { renderAnswer } from '../../src/render/render-answer.ts';
import type { JsonAnswer } from '../../src/render/answer.ts';
import type { LogicalQuery } from '../../src/query/logical-query.ts';

const query: LogicalQuery = {
  kind: 'select', root: 'order_lines', joins: [], columns: [], filters: [], having: [],
  measures: [{ id: 'total_revenue', label: 'Total revenue', aggregate: 'sum', unit: 'EUR', expression: { kind: 'field', entity: 'order_lines', column: 'amount' } }],
  dimensions: [
    { id: 'customer_id', label: 'Customer id', field: { kind: 'field', entity: 'customers', column: 'id' } },
    { id: 'customer', label: 'Customer', field: { kind: 'field', entity: 'customers', column: 'company_name' } },
  ],
  order: [{ id: 'total_revenue', direction: 'desc' }],
  limit: 3,
};
const result = {
  columns: [{ name: 'customer_id', type: 'integer' as const }, { name: 'customer', type: 'text' as const }, { name: 'total_revenue', type: 'number' as const }],
  rows: [[179, 'Martinsson AB', 1892534.65], [12, 'Jansen Groep', 800000], [393, 'Francois', 644487.1]],
  truncated: false,
};

describe('a key grouped next to its name', () => {
  it('reads as a ranking of the names, keeping the key in the table', async () => {
    const answer = await renderAnswer('json', {
      question: 'top 3 customers by revenue', query, result, interpretation: 'Total revenue by customer, top 3', assumptions: [],
      compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT …', params: [] }, connectionName: 'Shop', answeredAt: new Date(),
    }) as JsonAnswer;
    expect(answer.text).toBe('Top 3 customers by total revenue: Martinsson AB (€1,892,534.65), Jansen Groep (€800,000.00) and Francois (€644,487.10).');
    expect(answer.text).not.toContain('179');
    expect(answer.figures[0]!.kind).toBe('bar');
    expect(answer.tables[0]!.columns.map((column) => column.name)).toEqual(['customer_id', 'customer', 'total_revenue']);
  });
});
