/**
 * "Both" and "but never" said of what rows have: "members who booked both Yoga and Pilates" are
 * members with a booking of each, "Yoga but never Pilates" members with no Pilates booking at all.
 * The set is said of the rows asked about, not of one booking of theirs (a booking has lines, one
 * per class). On a gym schema the
 * engine was not tuned on.
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
    entity({ name: 'member', rows: 900, columns: [['id', 'integer'], ['member_name', 'text']] }),
    entity({ name: 'gym_class', rows: 12, columns: [['id', 'integer'], ['class_name', 'text']] }),
    entity({ name: 'booking', rows: 20_000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['booked_on', 'date']] }),
    entity({ name: 'booking_line', rows: 40_000, references: { booking_id: 'booking', class_id: 'gym_class' }, columns: [['id', 'integer'], ['booking_id', 'integer'], ['class_id', 'integer']] }),
  ),
  values: [{ entity: 'gym_class', column: 'class_name', values: ['Yoga', 'Pilates', 'Spinning'] }],
  now,
};

function links(query: LogicalQuery): string[] {
  return (query.related ?? []).map((filter) => `${filter.exists ? '' : 'no '}${filter.root} ${filter.link.entity}.${filter.link.columns.join(',')}->${filter.link.outerEntity}`);
}

it('reads "both" as a related row of each value, tied to the rows asked about, the verb only relating them', () => {
  const { query } = planned(gym, 'Which members booked both Yoga and Pilates?');
  expect(query).toMatchObject({ root: 'member', joins: [], filters: [] });
  expect(links(query)).toEqual(['booking_line booking.member_id->member', 'booking_line booking.member_id->member']);
});

it('never ties "both" or "but never" to one booking of the rows asked about', () => {
  for (const question of ['Which members booked both Yoga and Pilates?', 'Which members booked Yoga but never Pilates?']) {
    const readings = readQuestion(question, gym.catalog, gym.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
    expect(readings.length).toBeGreaterThan(0);
    for (const { planned: { query } } of readings) expect((query.related ?? []).map((filter) => filter.link.outerEntity)).not.toContain('booking');
  }
});

it('shows what "which" asks for, never the rows of another table related to it', () => {
  const readings = readQuestion('Which members booked both Yoga and Pilates?', gym.catalog, gym.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  for (const { planned: { query } } of readings) expect(query.columns.map((column) => column.field.entity)).toContain('member');
});
