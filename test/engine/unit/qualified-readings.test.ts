/**
 * Words that qualify what a reading would otherwise answer, found by probing the samples: an adverb
 * that falls short of a state ("partially returned"), "only" and "all" said of what rows have
 * ("members that have only ebook loans", "whose loans were all returned": all their loans, not
 * one), and a negation said of a column's values
 * ("cities that have no Gold members": no member of that city, not some member elsewhere than
 * Gold). Each had been answered as the plain state, a plain filter or a negated row filter. On a
 * library schema the engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const library = {
  catalog: catalog(
    entity({ name: 'member', rows: 500, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text'], ['tier', 'text']] }),
    entity({ name: 'loan', rows: 4000, columns: [['id', 'integer'], ['member_id', 'integer'], ['status', 'text'], ['format', 'text'], ['loaned_on', 'date']], references: { member_id: 'member' } }),
  ),
  values: [
    { entity: 'member', column: 'tier', values: ['Gold', 'Silver', 'Basic'] },
    { entity: 'member', column: 'city', values: ['Lyon', 'Porto', 'Graz'] },
    { entity: 'loan', column: 'status', values: ['returned', 'overdue', 'open'] },
    { entity: 'loan', column: 'format', values: ['ebook', 'print'] },
  ],
  now: new Date('2025-05-10T12:00:00Z'),
};
const plan = (question: string) => planQuestion(question, library, { model: bestReadingModel(), suggest: false });

describe('an adverb that falls short of a state', () => {
  it.each(['How many loans are partially returned?', 'How many loans are mostly returned?', 'How many loans are almost overdue?'])('"%s" is declined, naming the adverb', (question) => {
    const result = plan(question);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe('unknown_words');
  });

  it('"fully" adds nothing to the state', () => {
    const result = plan('How many loans are fully returned?');
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
    if (result.ok) expect(summarise(result.query).filters).toEqual(['loan.status eq returned']);
  });
});

describe('"only" said of what rows have', () => {
  it.each(['Which members have only ebook loans?', 'Which members only have ebook loans?'])('"%s" is declined', (question) => {
    expect(plan(question).ok).toBe(false);
  });

  it('without "only" it is the members with such a loan', () => {
    expect(plan('Which members have ebook loans?').ok).toBe(true);
  });
});

describe('a negation said of a column\'s values', () => {
  it('"Which cities have no Gold members?" is never the cities of members outside Gold', () => {
    const result = plan('Which cities have no Gold members?');
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
    if (!result.ok) return;
    expect(result.query.filters.filter((filter) => filter.op === 'neq' || filter.op === 'not_in')).toEqual([]);
    // The cities no Gold member shares, said as such.
    expect(result.interpretation).toMatch(/city not shared with other members where tier is Gold/);
  });

  it('said of the rows themselves, it stays a filter of the rows', () => {
    const result = plan('List the cities of members that are not Gold members');
    expect(result.ok, result.ok ? '' : result.reason).toBe(true);
    if (result.ok) expect(result.interpretation).toMatch(/tier is not Gold/);
  });
});

describe('"all" said of what rows have', () => {
  it.each(['Which members have loans that were all returned?', 'members all of whose loans are returned'])('"%s" is declined', (question) => {
    expect(plan(question).ok).toBe(false);
  });

  it('"what are all the …" asks for every row, as before', () => {
    expect(plan('What are all the names of members in Lyon?').ok).toBe(true);
  });
});
