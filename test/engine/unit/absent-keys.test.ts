/**
 * "staff with no manager", "orders without a salesperson": a key of the rows said right after "no"
 * or "without" is empty on them (there was no reading for it). Not "never" before a verb ("staff who
 * never manage anyone"), and not another table's key. On an office schema of our own.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, planned } from '../summarise.ts';

const office = {
  catalog: catalog(
    entity({ name: 'staff', rows: 90, references: { manager_id: 'staff' }, columns: [['id', 'integer'], ['full_name', 'text'], ['manager_id', 'integer']] }),
    entity({ name: 'deal', rows: 4000, references: { staff_id: 'staff' }, columns: [['id', 'integer'], ['title', 'text'], ['staff_id', 'integer'], ['amount', 'number']] }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['Which staff have no manager?', 'staff.manager_id is_null'],
  ['list the staff without a manager', 'staff.manager_id is_null'],
  ['How many deals have no staff?', 'deal.staff_id is_null'],
])('"%s" keeps the rows whose key is empty', (question, filter) => {
  expect(planned(office, question).summary.filters).toEqual([filter]);
});

it('reads no empty key after "never" and a verb', () => {
  const result = planQuestion('Which deals never had staff?', office, { model: bestReadingModel(), suggest: false });
  if (result.ok) expect(result.query.filters.some((filter) => filter.op === 'is_null')).toBe(false);
});
