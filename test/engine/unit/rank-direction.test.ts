/**
 * "the highest rank", "the best ranking": a rank counts from 1 at the top, so the highest rank is
 * the smallest number; other columns rank the way their words say. On a league schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const league = catalog(entity({ name: 'club', rows: 20, columns: [['id', 'integer'], ['club_name', 'text'], ['league_rank', 'integer'], ['points', 'integer']] }));
const best = (question: string) => {
  const [candidate] = readQuestion(question, league, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') }).candidates;
  return candidate && summarise(candidate.planned.query);
};

it('reads the highest rank as the smallest number', () => {
  expect(best('Which club has the highest league rank?')?.order).toEqual(['league_rank asc']);
});

it('reads the highest of other numbers as the largest', () => {
  expect(best('Which club has the highest points?')?.order).toEqual(['points desc']);
});
