/**
 * "the 3 accounts with the most employees", "the 5 plans with the highest price": a count after
 * "the", before the rows a superlative later ranks, is how many to name; it had been left unread and
 * the question declined. Without a superlative ("the 3 accounts") it cuts nothing. On a schema of
 * our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { findCues } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { planned } from '../summarise.ts';

const gym = {
  catalog: catalog(entity({ name: 'club', rows: 200, columns: [['id', 'integer'], ['name', 'text'], ['member_count', 'integer'], ['monthly_fee', 'number']] })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['the 3 clubs with the highest monthly fee', 3],
  ['List the 5 clubs with the most members.', 5],
])('"%s" names that many', (question, limit) => {
  expect(planned(gym, question).summary.limit).toBe(limit);
});

it('reads no count after "the" as a limit without a superlative', () => {
  expect(findCues(tokenize('show the 3 clubs in Leeds')).some((cue) => cue.kind === 'limit')).toBe(false);
});
