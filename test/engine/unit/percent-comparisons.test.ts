/**
 * "Quotes with a discount above 10 percent": a percentage is compared in the column's own scale, a
 * hundredth where the column keeps a fraction (its description says so), as said where its name
 * says percent; where nothing says how the column keeps it, 10 % may be 10 or 0.1, and the question
 * is declined. Found on the wholesale sample, where it had been compared with 10 on a column of
 * fractions (no row, answered at 0.93). On a quoting schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const quoting = {
  catalog: catalog(entity({
    name: 'quote',
    rows: 900,
    columns: [['id', 'integer'], ['customer', 'text'], ['discount', 'number', { description: 'Discount as a fraction of the quoted value (0.05 = 5 %)' }], ['tax_rate', 'number']],
  })),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};
const margins = { ...quoting, catalog: catalog(entity({ name: 'deal', rows: 300, columns: [['id', 'integer'], ['customer', 'text'], ['margin_pct', 'number']] })) };
const plan = (question: string, fixture = quoting) => planQuestion(question, fixture, { model: bestReadingModel(), suggest: false });
const filtersOf = (question: string, fixture = quoting) => {
  const result = plan(question, fixture);
  return result.ok ? summarise(result.query).filters : result.code;
};

it.each(['How many quotes have a discount above 10 percent?', 'How many quotes have a discount above 10%?'])('"%s" compares the fraction with 0.1', (question) => {
  expect(filtersOf(question)).toEqual(['quote.discount gt 0.1']);
});

it('compares a column kept in percent as said', () => {
  expect(filtersOf('How many deals have a margin percent above 25%?', margins)).toEqual(['deal.margin_pct gt 25']);
});

it('declines where nothing says how the column keeps it', () => {
  expect(plan('How many quotes have a tax rate above 20 percent?').ok).toBe(false);
});

it('leaves a plain number as said', () => {
  expect(filtersOf('How many quotes have a discount above 0.1?')).toEqual(['quote.discount gt 0.1']);
});
