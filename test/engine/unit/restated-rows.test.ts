/**
 * "How many of our members are gold members?": rows named again after "are", with only values said
 * of them between, are the same rows: one count, with the value as its condition (never a count
 * per member, which is 1 each). On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 3000, columns: [['id', 'integer'], ['member_name', 'text'], ['tier', 'text'], ['joined_on', 'date']] }),
  entity({ name: 'visit', rows: 40000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['visited_on', 'date']] }),
);
const values: readonly ColumnValues[] = [{ entity: 'member', column: 'tier', values: ['Gold', 'Silver'] }];
const best = (question: string) => {
  const [candidate] = readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && { ...summarise(candidate.planned.query), unused: candidate.unusedWords };
};

it('counts the rows once, with the value said between their two names', () => {
  expect(best('how many of our members are gold members')).toMatchObject({ root: 'member', measures: ['count(*)'], dimensions: [], filters: ['member.tier eq Gold'], unused: [] });
});
