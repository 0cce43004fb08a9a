/**
 * "How many technicians work in each depot?": the tagger reads "work" as a noun, which a reading may
 * not drop, so the question was declined. A word that can be a verb, right after "who"/"that" or after
 * a plural noun the question asks about, and right before a preposition, is the clause's verb; "the
 * technicians name in alphabetical order" keeps its noun, and "report to" is never read so (it relates
 * rows to others). On a field-service schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const posOf = (question: string, word: string) => tokenize(question).find((token) => token.lower === word)?.pos;

it.each([
  ['How many technicians work in each depot?', 'work', 'VERB'],
  ['list the technicians who work in Leeds', 'work', 'VERB'],
  ['Which technicians live in York?', 'live', 'VERB'],
  ['list the technicians name in alphabetical order', 'name', 'NOUN'],
  ['Which technicians report to Ana?', 'report', 'NOUN'],
])('"%s": "%s" is a %s', (question, word, pos) => {
  expect(posOf(question, word)).toBe(pos);
});

it('answers "How many technicians work in each depot?" as a count per depot', () => {
  const service = catalog(entity({ name: 'technician', rows: 120, columns: [['id', 'integer'], ['technician_name', 'text'], ['depot', 'text']] }));
  const result = planQuestion('How many technicians work in each depot?', { catalog: service, values: [{ entity: 'technician', column: 'depot', values: ['Leeds', 'York'] }], now: new Date('2025-05-10T12:00:00Z') }, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).dimensions).toEqual(['technician.depot']);
});
