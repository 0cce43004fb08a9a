/**
 * "How many bookings were made in 2024, leaving out cancelled ones?" had been answered as the number
 * of cancelled bookings: "leaving out" was no negation, and the verb was dropped. "leaving out", "not
 * counting", "ignoring" and "omitting" now negate what follows, and a verb that leaves rows out
 * ("skip", "exclude", "omit") is never dropped. On a venue schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const venue = catalog(
  entity({ name: 'booking', rows: 9000, columns: [['id', 'integer'], ['booking_ref', 'text'], ['status', 'text'], ['booked_on', 'date'], ['guests', 'integer']] }),
);
const values = [{ entity: 'booking', column: 'status', values: ['confirmed', 'cancelled', 'pending'] }];
const plan = (question: string) => planQuestion(question, { catalog: venue, values, now }, { suggest: false });

it.each([
  'How many bookings were made in 2024, leaving out cancelled ones?',
  'How many bookings were made in 2024, not counting cancelled ones?',
  'How many bookings were made in 2024 if we skip the cancelled ones?',
])('never counts only the cancelled bookings for "%s"', (question) => {
  const result = plan(question);
  if (result.ok) expect(summarise(result.query).filters).not.toContain('booking.status eq cancelled');
});

it('answers "leaving out cancelled ones" as all bookings but the cancelled ones', () => {
  const result = plan('How many bookings were made in 2024, leaving out cancelled ones?');
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toContain('booking.status neq cancelled');
});
