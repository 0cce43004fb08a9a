/** Questions the engine must decline, with a reason and answerable suggestions. */
import { describe, expect, it } from 'vitest';
import { createBuiltinEngine, planQuestion } from '../../src/engine/builtin-engine.ts';
import { saasCatalog, saasValues } from './fixtures/saas.ts';
import { wholesaleCatalog, wholesaleValues } from './fixtures/wholesale.ts';

const now = new Date('2025-05-10T12:00:00Z');
const wholesale = { catalog: wholesaleCatalog, values: wholesaleValues, now };
const saas = { catalog: saasCatalog, values: saasValues, now };

const declined: readonly (readonly [string, typeof wholesale, RegExp])[] = [
  // nonsense and unknown words
  ['what is the weather like', wholesale, /"weather"/],
  ['asdf qwerty', wholesale, /don't know/],
  ['', wholesale, /empty/],
  ['how many unicorns are there?', wholesale, /"unicorns"/],
  ['number of orders shipped late', wholesale, /"late"/],
  // writes, never planned
  ['delete all customers', wholesale, /only reads/],
  ['drop table accounts', saas, /only reads/],
  ['update plans set price = 0', saas, /only reads/],
  ['insert a new customer', wholesale, /only reads/],
  ['remove cancelled orders', wholesale, /only reads/],
  ['Set the status of order 5 to shipped', wholesale, /only reads/],
  ['select * from customers', wholesale, /plain words/],
  // asks for what one logical query cannot express
  ['revenue growth month over month', saas, /"growth"/],
  ['share of revenue by category', wholesale, /each group's share/],
  ['accounts without tickets', saas, /no related rows/],
  ['products that were never ordered', wholesale, /no related rows/],
  ['average order value', wholesale, /needs totals first/],
  ['how many customers have more than 5 orders', wholesale, /two steps/],
  ['how long does it take to resolve tickets', saas, /"long"/],
  // ambiguous without a tie-breaker
  ['total amount', wholesale, /invoices\.amount or payments\.amount/],
  ['average unit price', wholesale, /products\.unit_price or order_lines\.unit_price/],
  ['orders over 1000', wholesale, /which amount of orders/],
  ['how many open invoices are overdue?', wholesale, /a row cannot have both/],
];

describe('declined questions', () => {
  for (const [question, fixture, reason] of declined) {
    it(question || '(empty question)', () => {
      const result = planQuestion(question, fixture);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.reason).toMatch(reason);
    });
  }

  it('offers suggestions that the engine can answer', () => {
    for (const [question, fixture] of declined) {
      const result = planQuestion(question, fixture);
      if (result.ok) continue;
      expect(result.suggestions.length).toBeGreaterThan(0);
      for (const suggestion of result.suggestions) expect(planQuestion(suggestion, fixture, false).ok).toBe(true);
    }
  });

  it('leans suggestions towards the entities the question named', () => {
    const result = planQuestion('how long does it take to resolve tickets', saas);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.suggestions[0]).toMatch(/tickets/i);
  });

  it('declines instead of throwing through the engine interface', async () => {
    const engine = createBuiltinEngine();
    expect(engine.name).toBe('builtin');
    const result = await engine.plan('drop table customers', wholesale);
    expect(result.ok).toBe(false);
  });
});
