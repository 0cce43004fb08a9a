/**
 * "the second newest member", "the 2nd largest loan": a place counted from the top, which no reading
 * carries, declines the question; tagged as an adverb, "second" had been dropped (the newest member,
 * at 0.86 on the saas sample), and "2nd" vanished from the tokens altogether, as did the "3rd" of
 * "May 3rd" (read as all of May). A day said as an ordinal is that day. Whatever else holds a digit
 * and is no number ("10am", "the 90s") is a word too, which no reading drops. On a library schema
 * the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { findPeriods } from '../../../src/engine/question/periods.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const library = {
  catalog: catalog(
    entity({ name: 'member', rows: 500, columns: [['id', 'integer'], ['name', 'text'], ['joined_on', 'date']] }),
    entity({ name: 'loan', rows: 4000, columns: [['id', 'integer'], ['member_id', 'integer'], ['loaned_on', 'date'], ['fee', 'number']], references: { member_id: 'member' } }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};
const plan = (question: string) => planQuestion(question, library, { model: bestReadingModel(), suggest: false });

it('keeps an ordinal written with digits as a word', () => {
  expect(tokenize('the 2nd largest loan').map((token) => token.text)).toEqual(['the', '2nd', 'largest', 'loan']);
});

it.each(['loans made after 10am', 'members who joined in the 90s', 'loans open 24/7'])('keeps what holds a digit and is no number in "%s", and declines on it', (question) => {
  const said = question.split(' ').at(-1)!;
  expect(tokenize(question).map((token) => token.text)).toContain(said);
  const result = plan(question);
  expect(result.ok).toBe(false);
});

it.each(['the second newest member', 'the 2nd newest member', 'Which loan has the third highest fee?'])('declines "%s", naming the ordinal', (question) => {
  const result = plan(question);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.code).toBe('unknown_words');
});

it('reads "May 3rd" and "the 3rd of May" as that day', () => {
  for (const said of ['on May 3rd 2024', 'on the 3rd of May 2024']) {
    const [period] = findPeriods(tokenize(said), library.now);
    expect(period?.start).toBe('2024-05-03');
    expect(period?.end).toBe('2024-05-04');
  }
});
