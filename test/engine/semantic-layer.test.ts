/** The catalog's semantic layer: synonyms name elements; segments and metrics bring their filters, stated with the answer. */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/connectors/catalog.ts';
import { planQuestion } from '../../src/engine/builtin-engine.ts';
import { entity } from './fixtures/build-catalog.ts';
import { bestReadingModel, planned } from './summarise.ts';

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
const orders = {
  ...entity({
    name: 'sale_order',
    columns: [['id', 'integer'], ['partner_id', 'integer'], ['state', 'text'], ['amount_untaxed', 'number', { synonyms: ['revenue'] }], ['date_order', 'date']],
    references: { partner_id: 'res_partner' },
  }),
  synonyms: ['sales order'],
  metrics: [{ words: ['revenue', 'sales'], label: 'Revenue (confirmed orders)', aggregate: 'sum' as const, column: 'amount_untaxed', conditions: [{ column: 'state', op: 'eq' as const, values: ['sale'] }], unit: 'EUR' }],
};
const employees = {
  ...entity({ name: 'hr_employee', columns: [['id', 'integer'], ['name', 'text'], ['active', 'boolean'], ['hired_on', 'date']] }),
  metrics: [{ words: ['headcount'], label: 'Headcount (active employees)', aggregate: 'count' as const, conditions: [{ column: 'active', op: 'eq' as const, values: [true] }], current: true }],
};
const catalog: Catalog = { entities: [partners, moves] };
const measured: Catalog = { entities: [partners, moves, orders, employees] };
const fixture = { catalog, values: [], now: new Date('2025-05-10T12:00:00Z') };

describe('semantic layer', () => {
  it('links entity synonyms like labels', () => {
    expect(planned(fixture, 'how many bills are there?').summary).toMatchObject({ root: 'account_move', measures: ['count(*)'] });
    expect(planned(fixture, 'number of invoices per client').summary).toMatchObject({ root: 'account_move', dimensions: ['res_partner.id', 'res_partner.name'] });
  });

  it('links column synonyms like labels', () => {
    expect(planned(fixture, 'average grand total of invoices').summary).toMatchObject({ measures: ['avg(account_move.x_amt)'] });
  });

  it('applies a segment word as its conditions and states it', () => {
    const result = planned(fixture, 'how many open invoices');
    expect(result.summary).toMatchObject({ root: 'account_move', measures: ['count(*)'], filters: ['account_move.state eq posted', 'account_move.payment_state neq paid'] });
    expect(result.conditions).toContain('open invoices');
    expect(result.interpretation).toContain('open invoices');
  });

  it('applies a segment through a join', () => {
    expect(planned(fixture, 'number of unpaid invoices per customer').summary.filters).toEqual(expect.arrayContaining(['account_move.state eq posted', 'account_move.payment_state neq paid']));
  });

  it('leaves segment words alone in catalogs without segments', () => {
    const plain: Catalog = { entities: [partners, { ...moves, segments: [] }] };
    expect(planQuestion('how many open invoices', { ...fixture, catalog: plain })).toMatchObject({ ok: false, code: 'unknown_words', words: ['open'] });
  });

  it('plans a metric word as its aggregate, conditions, label and unit, and states its definition', () => {
    const result = planQuestion('total revenue last year', { ...fixture, catalog: measured }, { model: bestReadingModel() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(planned({ ...fixture, catalog: measured }, 'total revenue last year').summary).toMatchObject({ root: 'sale_order', measures: ['sum(sale_order.amount_untaxed)'] });
    expect(planned({ ...fixture, catalog: measured }, 'total revenue last year').summary.filters).toContain('sale_order.state eq sale');
    expect(result.query.measures[0]).toMatchObject({ label: 'Revenue (confirmed orders)', unit: 'EUR' });
    expect(result.interpretation).toContain('Revenue (confirmed orders) (total sale_order.amount_untaxed where state is sale)');
  });

  it('takes the metric aggregate when the question gives none, and keeps a breakdown', () => {
    expect(planned({ ...fixture, catalog: measured }, 'revenue per customer').summary).toMatchObject({ root: 'sale_order', measures: ['sum(sale_order.amount_untaxed)'], dimensions: ['res_partner.id', 'res_partner.name'] });
  });

  it('ranks by a metric under its conditions ("which client has the most revenue")', () => {
    const { summary } = planned({ ...fixture, catalog: measured }, 'which client has the most revenue');
    expect(summary).toMatchObject({ root: 'sale_order', measures: ['sum(sale_order.amount_untaxed)'], dimensions: ['res_partner.id', 'res_partner.name'], filters: ['sale_order.state eq sale', 'sale_order.partner_id not_null'], limit: 1 });
    expect(summary.order).toHaveLength(1);
    expect(summary.order[0]).toMatch(/ desc$/);
  });

  it('plans a count metric on its entity', () => {
    expect(planned({ ...fixture, catalog: measured }, 'headcount').summary).toMatchObject({ root: 'hr_employee', measures: ['count(*)'], filters: ['hr_employee.active eq true'] });
  });

  it('declines a period on a metric that is a state of now ("headcount last year"), which the data holds no history of', () => {
    expect(planQuestion('headcount', { ...fixture, catalog: measured }, { suggest: false }).ok).toBe(true);
    expect(planQuestion('headcount last year', { ...fixture, catalog: measured }, { suggest: false }).ok).toBe(false);
    expect(planQuestion('headcount by month', { ...fixture, catalog: measured }, { suggest: false }).ok).toBe(false);
  });

  it('keeps a segment word that also names its entity, and counts that entity', () => {
    const segmented: Catalog = { entities: [{ ...partners, segments: [{ words: ['customer'], label: 'Customers', conditions: [{ column: 'country_code', op: 'not_null' as const, values: [] }] }] }, moves] };
    expect(planned({ ...fixture, catalog: segmented }, 'how many customers are there?').summary).toMatchObject({ root: 'res_partner', measures: ['count(*)'], filters: ['res_partner.country_code not_null'] });
  });

  it('plans a ratio metric as its two parts and their quotient, and declines to date it by a period', () => {
    const rated: Catalog = { entities: [partners, moves, orders, { ...employees, metrics: [{
      words: ['attrition rate'], label: 'Attrition rate', aggregate: 'ratio' as const, conditions: [],
      ratio: { numerator: { label: 'Former employees', aggregate: 'count' as const, conditions: [{ column: 'active', op: 'eq' as const, values: [false] }] }, denominator: { label: 'All employees', aggregate: 'count' as const, conditions: [] }, percent: true },
    }] }] };
    const { query } = planned({ ...fixture, catalog: rated }, 'attrition rate');
    expect(query.measures.map((measure) => [measure.id, measure.aggregate])).toEqual([['former_employees', 'count'], ['all_employees', 'count'], ['attrition_rate', 'ratio']]);
    expect(query.measures[2]).toMatchObject({ numeratorId: 'former_employees', denominatorId: 'all_employees', percent: true, unit: '%' });
    expect(query.measures[0]?.where).toEqual([{ kind: 'filter', expression: { kind: 'field', entity: 'hr_employee', column: 'active' }, op: 'eq', values: [false] }]);
    expect(planQuestion('attrition rate last year', { ...fixture, catalog: rated }, { model: bestReadingModel(), suggest: false }).ok).toBe(false);
  });
});
