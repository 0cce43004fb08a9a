/**
 * A column named for sex or gender that writes it as one letter ('F', 'M') is read by the words the
 * letters stand for ("female members"); and values listed with "and" that are all a column holds
 * ("male and female") pick no rows out, so one figure over them is declined, where a measure over
 * some of the values ("the Gold and Silver members") is still one figure. On a club schema the engine
 * was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({ name: 'member', rows: 60, columns: [['id', 'integer'], ['first_name', 'text'], ['last_name', 'text'], ['sex', 'text'], ['tier', 'text'], ['yearly_fee', 'number']] }),
);
const values = [
  { entity: 'member', column: 'sex', values: ['F', 'M'] },
  { entity: 'member', column: 'tier', values: ['Gold', 'Silver', 'Bronze'] },
];
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { suggest: false });

describe('one-letter sex codes', () => {
  it.each([
    ['how many female members are there?', 'member.sex eq F'],
    ['list the first names of the male members', 'member.sex eq M'],
  ])('"%s" filters %s', (question, filter) => {
    const result = plan(question);
    expect(result.ok).toBe(true);
    if (result.ok) expect(summarise(result.query).filters).toEqual([filter]);
  });

  it('are no words on a column named otherwise', () => {
    const tiers = [{ entity: 'member', column: 'tier', values: ['F', 'M'] }];
    expect(planQuestion('how many female members are there?', { catalog: club, values: tiers, now }, { suggest: false }).ok).toBe(false);
  });
});

describe('values listed with "and"', () => {
  it('declines one figure over every value the column holds', () => {
    const result = plan('what is the average yearly fee of male and female members?');
    expect(result.ok, result.ok ? JSON.stringify(summarise(result.query)) : '').toBe(false);
  });

  it('still sums some of the values together', () => {
    const result = plan('what is the total yearly fee of the Gold and Silver members?');
    expect(result.ok).toBe(true);
    if (result.ok) expect(summarise(result.query).filters).toEqual(['member.tier in Gold,Silver']);
  });
});
