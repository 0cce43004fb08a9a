import { describe, expect, it } from 'vitest';
import { CONNECTION_KINDS } from '../../src/connectors/connector.ts';
import { ODOO_CORE_MODELS } from '../../src/connectors/odoo/odoo-introspector.ts';
import { ODOO_DEFAULT_FILTERS, ODOO_VOCABULARY, vocabularyFilters } from '../../src/connectors/odoo/odoo-vocabulary.ts';

describe('the Odoo vocabulary', () => {
  it('names only catalogued models, with lower-case terms used once', () => {
    expect(CONNECTION_KINDS).toContain('odoo');
    const seen = new Set<string>();
    for (const entry of ODOO_VOCABULARY) {
      expect(Object.keys(ODOO_CORE_MODELS)).toContain(entry.model);
      for (const term of entry.terms) {
        expect(term).toBe(term.toLowerCase());
        expect(seen.has(term), term).toBe(false);
        seen.add(term);
      }
    }
    for (const model of Object.keys(ODOO_DEFAULT_FILTERS)) expect(Object.keys(ODOO_CORE_MODELS)).toContain(model);
  });

  it('defines revenue, open invoices and customers as an Odoo user means them', () => {
    const byTerm = (term: string) => ODOO_VOCABULARY.find((entry) => entry.terms.includes(term))!;
    expect(byTerm('revenue')).toMatchObject({ model: 'sale.order', measure: { field: 'amount_untaxed', aggregate: 'sum' }, filters: [{ field: 'state', op: 'in', values: ['sale', 'done'] }] });
    expect(byTerm('invoiced revenue').filters).toContainEqual({ field: 'move_type', op: 'in', values: ['out_invoice', 'out_refund'] });
    expect(byTerm('invoiced revenue').measure?.field).toBe('amount_untaxed_signed');
    expect(byTerm('open invoices').filters).toContainEqual({ field: 'payment_state', op: 'in', values: ['not_paid', 'partial'] });
    expect(byTerm('customers').filters).toEqual([{ field: 'customer_rank', op: 'gt', values: [0] }]);
    expect(byTerm('top salespeople').dimension).toBe('user_id');
    expect(ODOO_DEFAULT_FILTERS['sale.order.line']).toEqual([{ field: 'display_type', op: 'is_null', values: [] }]);
  });

  it('turns entry filters into logical filters, keeping dotted paths apart for the planner', () => {
    const stock = ODOO_VOCABULARY.find((entry) => entry.model === 'stock.quant')!;
    expect(vocabularyFilters(stock.model, stock.filters)).toEqual({ filters: [], paths: [{ field: 'location_id.usage', op: 'eq', values: ['internal'] }] });
    expect(vocabularyFilters('res.partner', [{ field: 'customer_rank', op: 'gt', values: [0] }]).filters).toEqual([
      { kind: 'filter', expression: { kind: 'field', entity: 'res.partner', column: 'customer_rank' }, op: 'gt', values: [0] },
    ]);
  });
});
