/**
 * A breakdown by a related row leaves out the rows without one (an inner join, as question writers
 * mean it); where the key may be empty, the answer says so, since the groups no longer add up to the
 * total. On a repair-shop schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = (keyNullable: boolean) => catalog(
  entity({ name: 'technician', rows: 40, columns: [['id', 'integer'], ['full_name', 'text']] }),
  entity({
    name: 'repair', rows: 9000, references: { technician_id: 'technician' },
    columns: [['id', 'integer'], ['technician_id', 'integer', { nullable: keyNullable }], ['labour_cost', 'number'], ['opened_on', 'date']],
  }),
);
const plan = (question: string, keyNullable: boolean) =>
  planQuestion(question, { catalog: shop(keyNullable), values: [], now }, { model: bestReadingModel(), suggest: false });

it.each(['number of repairs per technician', 'total labour cost by technician'])('"%s" says the repairs without a technician are left out', (question) => {
  const result = plan(question, true);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(summarise(result.query).filters).toContain('repair.technician_id not_null');
  expect(result.assumptions).toContain('Repairs without a technician are left out.');
});

it('says nothing of it where every repair has a technician', () => {
  const result = plan('number of repairs per technician', false);
  expect(result.ok && result.assumptions.join(' ')).not.toMatch(/left out/);
});

it('says nothing of it where the technician is shown, not grouped by', () => {
  const result = plan('list repairs with their technician', true);
  expect(result.ok && result.assumptions.join(' ')).not.toMatch(/left out/);
});
