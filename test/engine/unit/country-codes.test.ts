/**
 * A column named for a country that stores two-letter region codes ('DE', 'NL') is read by the
 * countries' names ("members in Germany", "the Netherlands"); a column named otherwise, or one with a
 * value that is no region code, is not. The answer says the code with its name ("DE (Germany)"). On a
 * club schema the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { valueIndexOf } from '../../../src/engine/schema/value-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 300, columns: [['id', 'integer'], ['full_name', 'text'], ['ctry_cd', 'text'], ['yearly_fee', 'number']] }),
);
const codes = [{ entity: 'member', column: 'ctry_cd', values: ['DE', 'NL', 'BE', 'GB'] }];
const plan = (question: string, values = codes) => planQuestion(question, { catalog: club, values, now }, { model: bestReadingModel(), suggest: false });

describe('country codes', () => {
  it.each([
    ['how many members are in Germany?', 'member.ctry_cd eq DE'],
    ['list the members from the Netherlands', 'member.ctry_cd eq NL'],
    ['how many members live in the United Kingdom?', 'member.ctry_cd eq GB'],
  ])('"%s" filters %s', (question, filter) => {
    const result = plan(question);
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
    if (result.ok) expect(summarise(result.query).filters).toEqual([filter]);
  });

  it('are said with their names in the interpretation', () => {
    const result = plan('how many members are in Germany?');
    expect(result.ok && result.interpretation).toContain('DE (Germany)');
  });

  it('are no country names on a column named otherwise', () => {
    const index = valueIndexOf([{ entity: 'member', column: 'grade', values: ['DE', 'NL'] }]);
    expect(index.byFirstWord.has('germany')).toBe(false);
  });

  it('are no country names where a value is no region code', () => {
    const index = valueIndexOf([{ entity: 'member', column: 'country', values: ['DE', 'NL', 'XX'] }]);
    expect(index.byFirstWord.has('germany')).toBe(false);
  });
});
