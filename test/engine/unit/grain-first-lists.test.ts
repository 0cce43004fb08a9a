/**
 * "visits per year and branch": a time grain said first heads a list of groups, and the name after
 * "and" groups too (it was read as a table merely joined, so the answer had one row per year). On a
 * schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const inspections = {
  catalog: catalog(
    entity({ name: 'branch', rows: 60, columns: [['id', 'integer'], ['name', 'text'], ['region', 'text']] }),
    entity({ name: 'visit', rows: 5000, columns: [['id', 'integer'], ['branch_id', 'integer'], ['outcome', 'text'], ['visit_date', 'date']], references: { branch_id: 'branch' } }),
  ),
  values: [{ entity: 'visit', column: 'outcome', values: ['passed', 'failed'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['number of visits per year and branch', ['branch.id', 'branch.name', 'visit.visit_date/year']],
  ['visits by month and outcome', ['visit.outcome', 'visit.visit_date/month']],
])('"%s" groups by both', (question, dimensions) => {
  expect(planned(inspections, question).summary.dimensions).toEqual(dimensions);
});
