/** The catalog's semantic layer: synonyms name elements, segments become filters stated as assumptions. */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { entity } from './fixtures/build-catalog.ts';
import { planned } from './summarise.ts';

const partners = { ...entity({ name: 'res_partner', columns: [['id', 'integer'], ['name', 'text'], ['country_code', 'text']] }), synonyms: ['customer', 'client'] };
const moves = {
  ...entity({
    name: 'account_move',
    columns: [['id', 'integer'], ['partner_id', 'integer'], ['state', 'text'], ['payment_state', 'text'], ['x_amt', 'number', { synonyms: ['grand total'] }], ['invoice_date', 'date']],
    references: { partner_id: 'res_partner' },
  }),
  synonyms: ['invoice', 'bill'],
  segments: [{ words: ['open', 'unpaid'], label: 'open invoices', conditions: [{ column: 'state', op: 'eq' as const, values: ['posted'] }, { column: 'payment_state', op: 'neq' as const, values: ['paid'] }] }],
};
const catalog: Catalog = { entities: [partners, moves] };
const fixture = { catalog, values: [], now: new Date('2025-05-10T12:00:00Z') };

describe('semantic layer', () => {
  it('links entity synonyms like labels', () => {
    expect(planned(fixture, 'how many bills are there?').summary).toMatchObject({ root: 'account_move', measures: ['count(*)'] });
    expect(planned(fixture, 'number of invoices per client').summary).toMatchObject({ root: 'account_move', dimensions: ['res_partner.id', 'res_partner.name'] });
  });

  it('links column synonyms like labels', () => {
    expect(planned(fixture, 'average grand total of invoices').summary).toMatchObject({ measures: ['avg(account_move.x_amt)'] });
  });

  it('applies a segment word as its conditions and states the assumption', () => {
    const result = planned(fixture, 'how many open invoices');
    expect(result.summary).toMatchObject({ root: 'account_move', measures: ['count(*)'], filters: ['account_move.state eq posted', 'account_move.payment_state neq paid'] });
    expect(result.assumptions.some((assumption) => assumption.includes('"open" means open invoices'))).toBe(true);
  });

  it('applies a segment through a join', () => {
    expect(planned(fixture, 'number of unpaid invoices per customer').summary.filters).toEqual(expect.arrayContaining(['account_move.state eq posted', 'account_move.payment_state neq paid']));
  });

  it('leaves segment words alone in catalogs without segments', () => {
    const plain: Catalog = { entities: [partners, { ...moves, segments: [] }] };
    expect(planQuestion('how many open invoices', { ...fixture, catalog: plain }).ok).toBe(false);
  });
});
