/**
 * "what % of members are Gold?": a percent sign after no number is the word "percent", read as a
 * share of the rows, never as a list of the Gold members (it had been answered so at 0.92
 * confidence); "a 12.5% discount" stays a number. On a club schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clubs = catalog(entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['member_name', 'text'], ['tier', 'text']] }));
const values = [{ entity: 'member', column: 'tier', values: ['Gold', 'Basic'] }];

it.each(['what % of members are Gold?', 'What % of our members are in the Gold tier'])('reads a share of the rows, not a list, for "%s"', (question) => {
  const result = planQuestion(question, { catalog: clubs, values, now }, { model: bestReadingModel(), suggest: false });
  if (!result.ok) throw new Error(`declined: ${result.reason}`);
  expect(result.query.columns).toEqual([]);
  expect(result.query.measures.map((measure) => measure.aggregate)).toEqual(['count', 'count', 'ratio']);
});

it('reads a percent sign after a number as part of it', () => {
  expect(tokenize('a 12.5% discount').map((token) => token.text)).toEqual(['a', '12.5%', 'discount']);
  expect(tokenize('what % of members').map((token) => token.lemma)).toEqual(['what', 'percent', 'of', 'member']);
});
