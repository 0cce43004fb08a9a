/**
 * "List the members in Leeds": a key of another table that points to members (bookings.member_id)
 * shows members too, but only those that have bookings. Where nothing else in the question names
 * that table, no reading may list the members through it: the question never asked for the ones with
 * bookings. A table the question names ("the members of the bookings") still may be.
 * On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 300, columns: [['id', 'integer'], ['member_name', 'text'], ['town', 'text']] }),
  entity({ name: 'booking', rows: 5000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['court', 'text'], ['booked_on', 'date']] }),
);
const values = [{ entity: 'member', column: 'town', values: ['Leeds', 'York'] }];
const roots = (question: string) => readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => candidate.planned.query.root);

it('lists the members themselves when nothing names the bookings', () => {
  const found = roots('List the members in Leeds');
  expect(found[0]).toBe('member');
  expect(found).not.toContain('booking');
});

it('may still read the members through the bookings when the question names them', () => {
  expect(roots('list the members of the bookings in Leeds')[0]).toBe('booking');
});
