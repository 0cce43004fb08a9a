/**
 * Two periods said of the same related rows are a set: "members who visited in 2024 but not in
 * 2025" have a visit dated 2024 and none dated 2025; "in both 2023 and 2024" one in each. On a gym
 * schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { planned } from '../summarise.ts';

const now = new Date('2025-06-10T12:00:00Z');
const gym = {
  catalog: catalog(
    entity({ name: 'member', rows: 900, columns: [['id', 'integer'], ['member_name', 'text'], ['joined_on', 'date']] }),
    entity({ name: 'visit', rows: 40_000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['visit_date', 'date'], ['fee', 'number']] }),
  ),
  values: [],
  now,
};

/** Each related filter as `[exists, root, the link, its filters]`. */
function related(query: LogicalQuery): unknown[] {
  return (query.related ?? []).map((filter) => [
    filter.exists,
    filter.root,
    `${filter.link.entity}.${filter.link.columns.join(',')}->${filter.link.outerEntity}`,
    filter.filters.map((each) => `${each.expression.kind === 'field' ? each.expression.column : ''} ${each.op} ${each.values.join(',')}`),
  ]);
}

it.each([
  'Which members visited in 2024 but not in 2025?',
  'members with visits in 2024 but none in 2025',
])('"%s": a visit dated in the first period and none in the second', (question) => {
  const { query } = planned(gym, question);
  expect(query).toMatchObject({ root: 'member', filters: [], measures: [] });
  expect(related(query)).toEqual([
    [true, 'visit', 'visit.member_id->member', ['visit_date gte 2024-01-01', 'visit_date lt 2025-01-01']],
    [false, 'visit', 'visit.member_id->member', ['visit_date gte 2025-01-01', 'visit_date lt 2026-01-01']],
  ]);
});

it('reads relative periods the same way ("last year but not this year")', () => {
  const { query } = planned(gym, 'members who visited last year but not this year');
  expect(related(query).map((filter) => (filter as unknown[])[0])).toEqual([true, false]);
  expect(related(query).map((filter) => (filter as string[][])[3][0])).toEqual(['visit_date gte 2024-01-01', 'visit_date gte 2025-01-01']);
});

it('counts the rows with related rows in both periods', () => {
  const { query } = planned(gym, 'How many members made visits in both 2023 and 2024?');
  expect(query).toMatchObject({ root: 'member', filters: [] });
  expect(query.measures.map((measure) => measure.aggregate)).toEqual(['count']);
  expect(related(query)).toEqual([
    [true, 'visit', 'visit.member_id->member', ['visit_date gte 2023-01-01', 'visit_date lt 2024-01-01']],
    [true, 'visit', 'visit.member_id->member', ['visit_date gte 2024-01-01', 'visit_date lt 2025-01-01']],
  ]);
});

it('makes no set of two periods said of the rows themselves', () => {
  const readings = readQuestion('Which members joined in 2024 but not in March?', gym.catalog, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  for (const { planned: { query } } of readings) expect(query.related ?? []).toEqual([]);
});

it('makes no set when something else is said of the related rows, which may hold in one period or both', () => {
  const readings = readQuestion('Which members paid fees over 20 in 2024 but not in 2025?', gym.catalog, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  for (const { planned: { query } } of readings) expect((query.related ?? []).length).toBeLessThan(2);
});
