/**
 * "How many memberships were active at the start of 2024?" asks for the state rows were in at one
 * moment, which no reading here can tell from their present state; it had been answered as the active
 * memberships that started in 2024. "at the start/beginning/end of" a period is declined; the period
 * itself ("started in 2024") is not. On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'membership', rows: 4000, columns: [['id', 'integer'], ['member_name', 'text'], ['status', 'text'], ['started_on', 'date'], ['ended_on', 'date']] }),
);
const values = [{ entity: 'membership', column: 'status', values: ['active', 'lapsed'] }];
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { suggest: false });

it.each(['How many memberships were active at the start of 2024?', 'How many memberships were active at the end of 2023?'])('declines "%s"', (question) => {
  expect(plan(question).ok).toBe(false);
});

it('still reads a period said without a point in it', () => {
  expect(plan('How many memberships started in 2024?').ok).toBe(true);
});
