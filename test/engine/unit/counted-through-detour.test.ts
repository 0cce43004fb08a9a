/**
 * "Which clients have more than 3 sales?": the sales counted by their own client, or the sales the
 * payments name counted by the payments' client. The second counts the same rows through a detour,
 * so it is no rival answer: the question is not declined as ambiguous. On a schema of our own.
 */
import { expect, it } from 'vitest';
import type { Catalog } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const shop: Catalog = {
  entities: [
    entity({ name: 'client', rows: 400, columns: [['id', 'integer'], ['name', 'text']] }),
    {
      ...entity({ name: 'sale', rows: 6000, columns: [['id', 'integer'], ['client_id', 'integer'], ['amount', 'number'], ['sold_on', 'date']], references: { client_id: 'client' } }),
      metrics: [{ words: ['turnover'], label: 'Turnover', aggregate: 'sum' as const, column: 'amount', conditions: [], time: { entity: 'sale', column: 'sold_on' } }],
    },
    entity({ name: 'payment', rows: 5000, columns: [['id', 'integer'], ['client_id', 'integer'], ['sale_id', 'integer'], ['paid', 'number']], references: { client_id: 'client', sale_id: 'sale' } }),
  ],
};
const fixture = { catalog: shop, values: [], now: new Date('2025-05-10T12:00:00Z') };

it('answers the rows counted by their own key, not declined for the count through another table', () => {
  const result = planQuestion('Which clients have more than 3 sales?', fixture, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query)).toMatchObject({ root: 'sale', measures: ['count(*)'], having: [expect.stringMatching(/ gt 3$/)] });
});
