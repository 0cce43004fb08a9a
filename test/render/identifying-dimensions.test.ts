import { describe, expect, it } from 'vitest';
import { renderAnswer } from '../../src/render/render-answer.ts';
import type { JsonAnswer } from '../../src/render/answer.ts';
import { identified } from './fixtures.ts';

describe('a key grouped next to its name', () => {
  it('reads as a ranking of the names, keeping the key in the table', async () => {
    const answer = await renderAnswer('json', identified) as JsonAnswer;
    expect(answer.text).toBe('Top 3 customers by total revenue: Martinsson AB (€1,892,534.65), Jansen Groep (€800,000.00) and Francois (€644,487.10).');
    expect(answer.text).not.toContain('179');
    expect(answer.figures[0]!.kind).toBe('bar');
    expect(answer.tables[0]!.columns.map((column) => column.name)).toEqual(['customer_id', 'customer', 'total_revenue']);
  });
});
