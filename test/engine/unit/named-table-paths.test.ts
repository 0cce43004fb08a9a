/**
 * "How many visits were made to branches in the North area?": the visit reaches the area two ways
 * (its branch's area, its inspector's area); the question names branches, so the join goes through
 * the branch. With no table named on the way, or two that disagree, it stays a question to decline.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, planned } from '../summarise.ts';

const inspections = {
  catalog: catalog(
    entity({ name: 'area', rows: 6, columns: [['id', 'integer'], ['name', 'text']] }),
    entity({ name: 'branch', rows: 60, columns: [['id', 'integer'], ['name', 'text'], ['area_id', 'integer']], references: { area_id: 'area' } }),
    entity({ name: 'inspector', rows: 30, columns: [['id', 'integer'], ['full_name', 'text'], ['area_id', 'integer']], references: { area_id: 'area' } }),
    entity({ name: 'visit', rows: 5000, columns: [['id', 'integer'], ['branch_id', 'integer'], ['inspector_id', 'integer'], ['visit_date', 'date']], references: { branch_id: 'branch', inspector_id: 'inspector' } }),
  ),
  values: [{ entity: 'area', column: 'name', values: ['North', 'South', 'East', 'West'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('joins through the table the question names', () => {
  const { summary } = planned(inspections, 'How many visits were made to branches in the North area?');
  expect(summary.root).toBe('visit');
  expect(summary.joins).toEqual(['visit.branch_id->branch', 'branch.area_id->area']);
  expect(summary.filters).toContain('area.name eq North');
});

it('declines where no table on the way is named', () => {
  const result = planQuestion('How many visits are in the North area?', inspections, { model: bestReadingModel(), suggest: false });
  expect(result.ok).toBe(false);
});
