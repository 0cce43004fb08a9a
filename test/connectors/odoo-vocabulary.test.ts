import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/connectors/catalog.ts';
import { FILTER_OPERATORS } from '../../src/query/logical-query.ts';
import { ODOO_CORE_MODELS, describeModel, type OdooFieldDescription } from '../../src/connectors/odoo/odoo-introspector.ts';
import { withSemanticLayer, withValidTimes, wordForms } from '../../src/connectors/odoo/odoo-semantic-layer.ts';
import { ODOO_VOCABULARY } from '../../src/connectors/odoo/odoo-vocabulary.ts';
import { fieldsGet } from '../odoo-server/fields-get.ts';
import type { OdooMajor } from '../odoo-server/model-types.ts';

/** The semantic layer as a server of `major` yields it: fields_get from the Odoo test double's model definitions. */
function entityOn(major: OdooMajor, model: string, change: (fields: Record<string, OdooFieldDescription>) => void = () => {}): CatalogEntity {
  const fields = fieldsGet(model, major, undefined, undefined) as unknown as Record<string, OdooFieldDescription>;
  change(fields);
  return withSemanticLayer(describeModel(model, model, fields, { flags: major >= 17, present: new Set(Object.keys(ODOO_CORE_MODELS)) }));
}

const segment = (entity: CatalogEntity, word: string) => entity.segments?.find((each) => each.words.includes(word));
const metric = (entity: CatalogEntity, word: string) => entity.metrics?.find((each) => each.words.includes(word));
const column = (entity: CatalogEntity, name: string) => entity.columns.find((each) => each.name === name);

describe('the Odoo vocabulary', () => {
  it('covers catalogued models only, with lower-case words and known operators', () => {
    for (const [model, vocabulary] of Object.entries(ODOO_VOCABULARY)) {
      expect(Object.keys(ODOO_CORE_MODELS), model).toContain(model);
      const words = [...vocabulary.synonyms, ...Object.values(vocabulary.fields ?? {}).flat(), ...(vocabulary.segments ?? []).flatMap((each) => each.words), ...(vocabulary.metrics ?? []).flatMap((each) => each.words)];
      for (const word of words) expect(word, model).toBe(word.toLowerCase());
      for (const spec of [...(vocabulary.segments ?? []), ...(vocabulary.metrics ?? [])]) {
        for (const condition of spec.when.flat()) {
          expect(FILTER_OPERATORS, `${model} ${spec.label}`).toContain(condition.op);
          expect(condition.column, 'no dotted paths').not.toContain('.');
        }
      }
    }
  });

  it('adds plural forms, and none to adjectives or mass nouns', () => {
    expect(wordForms(['salesperson', 'sales rep', 'opportunity', 'confirmed', 'sales', 'staff', 'to invoice'])).toEqual([
      'salesperson', 'salespeople', 'sales rep', 'sales reps', 'opportunity', 'opportunities', 'confirmed', 'sales', 'staff', 'to invoice',
    ]);
  });
});

describe('the semantic layer built from fields_get', () => {
  it('names core models and fields as Odoo users do', () => {
    expect(entityOn(17, 'res.partner').synonyms).toEqual(expect.arrayContaining(['customer', 'customers', 'client', 'contact', 'partner', 'company', 'companies']));
    expect(entityOn(17, 'sale.order').synonyms).toEqual(expect.arrayContaining(['sales order', 'order', 'quotation', 'sale']));
    expect(entityOn(17, 'account.move').synonyms).toEqual(expect.arrayContaining(['invoice', 'bill', 'credit note', 'journal entry']));
    expect(entityOn(17, 'crm.lead').synonyms).toEqual(expect.arrayContaining(['lead', 'opportunity', 'deal', 'pipeline']));
    expect(entityOn(17, 'hr.employee').synonyms).toEqual(expect.arrayContaining(['employee', 'staff']));
    expect(entityOn(17, 'project.task').synonyms).toContain('task');
    for (const model of ['product.product', 'product.template']) expect(entityOn(17, model).synonyms).toEqual(expect.arrayContaining(['product', 'item', 'article']));
    for (const model of ['sale.order', 'crm.lead']) expect(column(entityOn(17, model), 'user_id')?.synonyms).toEqual(expect.arrayContaining(['salesperson', 'sales rep', 'seller']));
    // account.move's salesperson is `invoice_user_id`.
    expect(column(entityOn(17, 'account.move'), 'invoice_user_id')?.synonyms).toContain('salespeople');
    expect(column(entityOn(17, 'sale.order'), 'amount_total')?.synonyms).toContain('total');
    expect(column(entityOn(17, 'sale.order'), 'amount_untaxed')?.synonyms).toContain('revenue');
    expect(column(entityOn(17, 'sale.order'), 'name')?.synonyms).toBeUndefined();
  });

  it('defines confirmed orders and revenue with the states each version reports', () => {
    const confirmed16 = [{ column: 'state', op: 'in', values: ['sale', 'done'] }];
    const confirmed17 = [{ column: 'state', op: 'eq', values: ['sale'] }];
    expect(segment(entityOn(16, 'sale.order'), 'confirmed')?.conditions).toEqual(confirmed16);
    for (const major of [17, 19] as const) expect(segment(entityOn(major, 'sale.order'), 'confirmed')?.conditions).toEqual(confirmed17);
    expect(metric(entityOn(16, 'sale.order'), 'revenue')).toMatchObject({ aggregate: 'sum', column: 'amount_untaxed', conditions: confirmed16 });
    expect(metric(entityOn(19, 'sale.order'), 'revenue')).toMatchObject({ aggregate: 'sum', column: 'amount_untaxed', conditions: confirmed17 });
    expect(segment(entityOn(17, 'sale.order'), 'quotations')?.conditions).toEqual([{ column: 'state', op: 'in', values: ['draft', 'sent'] }]);
    expect(metric(entityOn(17, 'sale.order.line'), 'units sold')?.conditions).toEqual([...confirmed17, { column: 'display_type', op: 'is_null', values: [] }]);
  });

  it('defines open invoices and invoiced revenue on account.move', () => {
    const moves = entityOn(17, 'account.move');
    expect(segment(moves, 'open')?.conditions).toEqual([
      { column: 'state', op: 'eq', values: ['posted'] },
      { column: 'move_type', op: 'eq', values: ['out_invoice'] },
      { column: 'payment_state', op: 'in', values: ['not_paid', 'partial'] },
    ]);
    expect(metric(moves, 'invoiced revenue')).toMatchObject({
      aggregate: 'sum', column: 'amount_untaxed_signed',
      conditions: [{ column: 'state', op: 'eq', values: ['posted'] }, { column: 'move_type', op: 'in', values: ['out_invoice', 'out_refund'] }],
    });
    // "Overdue" compares the due date with the day of the question.
    expect(segment(moves, 'overdue')?.conditions).toEqual([
      { column: 'state', op: 'eq', values: ['posted'] },
      { column: 'move_type', op: 'eq', values: ['out_invoice'] },
      { column: 'payment_state', op: 'in', values: ['not_paid', 'partial'] },
      { column: 'invoice_date_due', op: 'lt', values: [], today: true },
    ]);
    expect(column(moves, 'invoice_date_due')?.synonyms).toContain('due date');
  });

  it('defines customers, vendors, employees and the pipeline', () => {
    expect(segment(entityOn(17, 'res.partner'), 'customers')?.conditions).toEqual([{ column: 'customer_rank', op: 'gt', values: [0] }]);
    expect(segment(entityOn(17, 'res.partner'), 'vendors')?.conditions).toEqual([{ column: 'supplier_rank', op: 'gt', values: [0] }]);
    expect(segment(entityOn(17, 'hr.employee'), 'active')?.conditions).toEqual([{ column: 'active', op: 'eq', values: [true] }]);
    expect(metric(entityOn(17, 'hr.employee'), 'headcount')).toMatchObject({ aggregate: 'count', conditions: [{ column: 'active', op: 'eq', values: [true] }] });
    expect(metric(entityOn(17, 'hr.employee'), 'headcount')).not.toHaveProperty('column');
    const leads = entityOn(17, 'crm.lead');
    expect(metric(leads, 'pipeline')).toMatchObject({
      aggregate: 'sum', column: 'expected_revenue',
      conditions: [{ column: 'type', op: 'eq', values: ['opportunity'] }, { column: 'probability', op: 'lt', values: [100] }],
    });
    expect(segment(leads, 'won')?.conditions).toEqual([{ column: 'probability', op: 'eq', values: [100] }]);
    expect(segment(leads, 'lost')?.conditions).toEqual([{ column: 'active', op: 'eq', values: [false] }, { column: 'probability', op: 'eq', values: [0] }]);
  });

  it('prefers crm.lead won_status when the server reports it', () => {
    const leads = entityOn(17, 'crm.lead', (fields) => {
      fields.won_status = { type: 'selection', string: 'Is Won', store: true, searchable: true, sortable: true, groupable: true, selection: [['won', 'Won'], ['lost', 'Lost'], ['pending', 'Pending']] };
    });
    expect(segment(leads, 'won')?.conditions).toEqual([{ column: 'won_status', op: 'eq', values: ['won'] }]);
    expect(metric(leads, 'pipeline')?.conditions).toEqual([{ column: 'type', op: 'eq', values: ['opportunity'] }, { column: 'won_status', op: 'eq', values: ['pending'] }]);
  });

  it('follows version differences in tasks and products', () => {
    expect(segment(entityOn(17, 'project.task'), 'open')?.conditions).toEqual([{ column: 'state', op: 'not_in', values: ['1_done', '1_canceled'] }]);
    // Before 17 a task closes by its stage: no static condition on the task itself.
    expect(segment(entityOn(16, 'project.task'), 'open')).toBeUndefined();
    expect(metric(entityOn(17, 'project.task'), 'allocated hours')?.column).toBe('allocated_hours');
    expect(metric(entityOn(16, 'project.task'), 'allocated hours')?.column).toBe('planned_hours');
    expect(segment(entityOn(18, 'product.template'), 'storable')?.conditions).toEqual([{ column: 'is_storable', op: 'eq', values: [true] }]);
    expect(segment(entityOn(17, 'product.template'), 'storable')?.conditions).toEqual([{ column: 'type', op: 'eq', values: ['product'] }]);
  });

  it('leaves out what needs a field the user cannot read or filter on', () => {
    const withoutRanks = entityOn(17, 'res.partner', (fields) => {
      delete fields.customer_rank;
      fields.supplier_rank = { ...fields.supplier_rank!, searchable: false };
    });
    expect(segment(withoutRanks, 'customers')).toBeUndefined();
    expect(segment(withoutRanks, 'vendors')).toBeUndefined();
    const withoutAmounts = entityOn(17, 'account.move', (fields) => delete fields.amount_untaxed_signed);
    expect(metric(withoutAmounts, 'invoiced revenue')).toBeUndefined();
    expect(segment(withoutAmounts, 'open')).toBeDefined();
    const unknownModel = describeModel('x.model', 'X', { name: { type: 'char', store: true } }, { flags: true, present: new Set() });
    expect(withSemanticLayer(unknownModel)).toBe(unknownModel);
  });

  it('states every condition on a filterable column of the same entity, and every metric on a numeric one', () => {
    for (const major of [16, 17, 19] as const) {
      for (const model of Object.keys(ODOO_VOCABULARY)) {
        let entity: CatalogEntity;
        try {
          entity = entityOn(major, model);
        } catch {
          continue; // a model the test double does not define
        }
        for (const each of [...(entity.segments ?? []), ...(entity.metrics ?? [])]) {
          for (const condition of each.conditions) expect(column(entity, condition.column)?.filterable, `${major} ${model} ${each.label}`).not.toBe(false);
        }
        for (const each of entity.metrics ?? []) if (each.column !== undefined) expect(['number', 'integer']).toContain(column(entity, each.column)?.type);
      }
    }
  });

  it('dates a metric by its own date field, or by the date of the record it points to', () => {
    expect(metric(entityOn(17, 'account.move'), 'invoiced revenue')?.time).toEqual({ entity: 'account.move', column: 'invoice_date' });
    expect(metric(entityOn(17, 'purchase.order'), 'spend')?.time).toEqual({ entity: 'purchase.order', column: 'date_approve' });
    expect(metric(entityOn(17, 'sale.order.line'), 'units sold')?.time).toEqual({ entity: 'sale.order', column: 'date_order' });
    expect(metric(entityOn(17, 'sale.order.line', (fields) => delete fields['order_id']), 'units sold')?.time).toBeUndefined();
    expect(metric(entityOn(17, 'purchase.order', (fields) => delete fields['date_approve']), 'spend')?.time).toBeUndefined();
  });

  it('drops a date on another model the catalog does not have', () => {
    const line = entityOn(17, 'sale.order.line');
    expect(metric(withValidTimes([line])[0]!, 'units sold')?.time).toBeUndefined();
    expect(metric(withValidTimes([line, entityOn(17, 'sale.order')])[0]!, 'units sold')?.time).toEqual({ entity: 'sale.order', column: 'date_order' });
  });
});
