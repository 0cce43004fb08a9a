/**
 * A list whose every column its own filters fix to one value shows the question's words on every
 * row, not the rows asked for: "list customers in the Wholesale segment" had the segment of each
 * such customer ('Wholesale', again and again) as a rival reading, which made the question
 * ambiguous. No reading lists only what it fixes. On a terse shop schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = catalog(
  entity({ name: 'cust', rows: 800, columns: [['id', 'integer'], ['cust_nm', 'text'], ['seg', 'text'], ['cntry_cd', 'text']] }),
  entity({ name: 'prod', rows: 120, columns: [['id', 'integer'], ['prod_nm', 'text'], ['cat', 'text'], ['list_prc', 'number']] }),
);
const values = [
  { entity: 'cust', column: 'seg', values: ['Retail', 'Wholesale', 'Online'] },
  { entity: 'prod', column: 'cat', values: ['Beverages', 'Dairy', 'Seafood'] },
];

it.each(['list customers in the Wholesale segment', 'show me all products in the Dairy category'])('has no reading of "%s" that shows only the value it filters on', (question) => {
  const { candidates } = readQuestion(question, shop, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
  expect(candidates.length).toBeGreaterThan(0);
  for (const candidate of candidates) {
    const { columns, filters, measures } = candidate.planned.query;
    if (measures.length > 0) continue;
    const fixed = new Set(filters.flatMap((filter) => (filter.kind === 'filter' && filter.op === 'eq' && filter.expression.kind === 'field' ? [filter.expression.column] : [])));
    expect(columns.some((column) => !fixed.has(column.field.column)), JSON.stringify(columns)).toBe(true);
  }
});
