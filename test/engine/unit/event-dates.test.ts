/**
 * "Memberships cancelled in 2024": a state said as a verb beside a period is an event. It is dated
 * by the one date column whose comment says when that happened, and has no reading when
 * no column does: the rows' own date would answer another question. On a schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const gym = catalog(
  entity({
    name: 'membership', rows: 5000,
    columns: [['id', 'integer'], ['status', 'text'], ['joined_on', 'date'], ['closed_on', 'date', { description: 'When the membership was cancelled' }]],
  }),
  entity({ name: 'booking', rows: 20000, columns: [['id', 'integer'], ['state', 'text'], ['booked_on', 'date']] }),
);
const values: readonly ColumnValues[] = [
  { entity: 'membership', column: 'status', values: ['active', 'cancelled'] },
  { entity: 'booking', column: 'state', values: ['confirmed', 'cancelled'] },
];

const readings = (question: string) => readQuestion(question, gym, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;

it('dates the event by the column its comment says is when it happened', () => {
  const [best] = readings('how many memberships were cancelled in 2024');
  const dated = best?.planned.query.filters.filter((filter) => filter.op === 'gte' || filter.op === 'lt');
  expect(dated?.map((filter) => filter.expression.kind === 'field' && filter.expression.column)).toEqual(['closed_on', 'closed_on']);
});

it('has no reading when no date says when the event happened', () => {
  expect(readings('how many bookings were cancelled in 2024')).toEqual([]);
});
