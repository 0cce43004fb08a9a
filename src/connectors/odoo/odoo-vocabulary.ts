/**
 * What business words mean to an Odoo user, as data for the question engine.
 *
 * How the engine should use it (src/engine/ is not changed by this connector):
 * 1. For a connection of kind `odoo`, before its generic matching, look for each entry's `terms`
 *    (lower-case words or phrases, plural forms included) in the question. Skip an entry whose
 *    `model` or any named field is missing from the connection's catalog (not installed, or not
 *    readable by the connection's user).
 * 2. A matched entry fixes the root model, the measure (`measure`: a field and aggregate; absent
 *    means "count the records"), the date a period in the question applies to (`dateField`), and
 *    adds every one of its `filters` (ANDed) to the logical query, as `Filter`s on the root
 *    (see {@link vocabularyFilters}). `dimension` is the field "by …"/"top …" groups by.
 * 3. `ODOO_DEFAULT_FILTERS` apply to every query rooted at that model, whatever the words
 *    (section and note lines are layout, not data).
 * 4. `note` is one sentence the interpretation may repeat, so that the user sees the definition.
 * Values are Odoo's stored keys; the compiler also accepts selection labels.
 */
import type { Aggregate, Filter, FilterOperator, FilterValue } from '../../query/logical-query.ts';

export interface VocabularyFilter {
  /** A field of the entry's model, or a dotted many2one path (`location_id.usage`). */
  readonly field: string;
  readonly op: FilterOperator;
  readonly values: readonly FilterValue[];
}

export interface VocabularyEntry {
  /** Lower-case words and phrases that name this concept. */
  readonly terms: readonly string[];
  readonly model: string;
  /** The amount the words name; absent: the words count records. */
  readonly measure?: { readonly field: string; readonly aggregate: Aggregate };
  /** The field a period ("last quarter") applies to. */
  readonly dateField?: string;
  /** The field "by …" / "top …" groups by, when the words name people or things. */
  readonly dimension?: string;
  readonly filters: readonly VocabularyFilter[];
  readonly note: string;
}

const CONFIRMED_SALES: VocabularyFilter = { field: 'state', op: 'in', values: ['sale', 'done'] };
const POSTED: VocabularyFilter = { field: 'state', op: 'eq', values: ['posted'] };
const CUSTOMER_DOCUMENTS: VocabularyFilter = { field: 'move_type', op: 'in', values: ['out_invoice', 'out_refund'] };
const VENDOR_DOCUMENTS: VocabularyFilter = { field: 'move_type', op: 'in', values: ['in_invoice', 'in_refund'] };
const CONFIRMED_PURCHASES: VocabularyFilter = { field: 'state', op: 'in', values: ['purchase', 'done'] };

export const ODOO_VOCABULARY: readonly VocabularyEntry[] = [
  {
    terms: ['revenue', 'sales', 'turnover', 'sold', 'sales amount'],
    model: 'sale.order', measure: { field: 'amount_untaxed', aggregate: 'sum' }, dateField: 'date_order', filters: [CONFIRMED_SALES],
    note: 'Sales are confirmed sales orders (state Sales Order or Locked), untaxed.',
  },
  {
    terms: ['invoiced revenue', 'invoiced sales', 'invoiced', 'billed revenue', 'net revenue'],
    model: 'account.move', measure: { field: 'amount_untaxed_signed', aggregate: 'sum' }, dateField: 'invoice_date', filters: [POSTED, CUSTOMER_DOCUMENTS],
    note: 'Invoiced revenue is posted customer invoices minus credit notes, untaxed, in company currency.',
  },
  {
    terms: ['open invoices', 'unpaid invoices', 'outstanding invoices', 'receivables', 'overdue invoices'],
    model: 'account.move', measure: { field: 'amount_residual_signed', aggregate: 'sum' }, dateField: 'invoice_date_due',
    filters: [POSTED, { field: 'move_type', op: 'eq', values: ['out_invoice'] }, { field: 'payment_state', op: 'in', values: ['not_paid', 'partial'] }],
    note: 'Open invoices are posted customer invoices not (fully) paid; the amount is what remains due.',
  },
  {
    terms: ['invoices', 'customer invoices'],
    model: 'account.move', dateField: 'invoice_date', filters: [POSTED, { field: 'move_type', op: 'eq', values: ['out_invoice'] }],
    note: 'Invoices are posted customer invoices (credit notes excluded).',
  },
  {
    terms: ['bills', 'vendor bills', 'supplier invoices', 'expenses', 'payables'],
    model: 'account.move', measure: { field: 'amount_untaxed_signed', aggregate: 'sum' }, dateField: 'invoice_date', filters: [POSTED, VENDOR_DOCUMENTS],
    note: 'Vendor bills are posted supplier invoices minus refunds, untaxed, in company currency (negative amounts).',
  },
  {
    terms: ['quotations', 'quotes'],
    model: 'sale.order', dateField: 'date_order', filters: [{ field: 'state', op: 'in', values: ['draft', 'sent'] }],
    note: 'Quotations are sales orders not yet confirmed (draft or sent).',
  },
  {
    terms: ['orders', 'sales orders'],
    model: 'sale.order', dateField: 'date_order', filters: [CONFIRMED_SALES],
    note: 'Orders are confirmed sales orders.',
  },
  {
    terms: ['salespeople', 'salesperson', 'sales reps', 'sellers', 'top salespeople'],
    model: 'sale.order', measure: { field: 'amount_untaxed', aggregate: 'sum' }, dateField: 'date_order', dimension: 'user_id', filters: [CONFIRMED_SALES],
    note: 'A salesperson is the user on a confirmed sales order; they are ranked by untaxed sales.',
  },
  {
    terms: ['customers', 'clients'],
    model: 'res.partner', filters: [{ field: 'customer_rank', op: 'gt', values: [0] }],
    note: 'Customers are contacts with at least one sale or invoice (customer rank above zero).',
  },
  {
    terms: ['vendors', 'suppliers'],
    model: 'res.partner', filters: [{ field: 'supplier_rank', op: 'gt', values: [0] }],
    note: 'Vendors are contacts with at least one purchase or bill (supplier rank above zero).',
  },
  {
    terms: ['units sold', 'quantity sold', 'products sold'],
    model: 'sale.order.line', measure: { field: 'product_uom_qty', aggregate: 'sum' }, dimension: 'product_id',
    filters: [{ field: 'state', op: 'in', values: ['sale', 'done'] }],
    note: 'Units sold are the ordered quantities on confirmed sales order lines.',
  },
  {
    terms: ['purchases', 'spend', 'purchase amount', 'purchased'],
    model: 'purchase.order', measure: { field: 'amount_untaxed', aggregate: 'sum' }, dateField: 'date_order', filters: [CONFIRMED_PURCHASES],
    note: 'Purchases are confirmed purchase orders, untaxed.',
  },
  {
    terms: ['stock', 'on hand', 'inventory', 'stock level'],
    model: 'stock.quant', measure: { field: 'quantity', aggregate: 'sum' }, dimension: 'product_id', filters: [{ field: 'location_id.usage', op: 'eq', values: ['internal'] }],
    note: 'Stock on hand is the quantity in internal locations.',
  },
  {
    terms: ['pipeline', 'opportunities', 'expected revenue'],
    model: 'crm.lead', measure: { field: 'expected_revenue', aggregate: 'sum' }, dateField: 'date_deadline', dimension: 'stage_id',
    filters: [{ field: 'type', op: 'eq', values: ['opportunity'] }],
    note: 'The pipeline is the expected revenue of open opportunities.',
  },
  {
    terms: ['lost opportunities', 'lost deals', 'lost leads'],
    model: 'crm.lead', dateField: 'date_closed', filters: [{ field: 'active', op: 'eq', values: [false] }, { field: 'probability', op: 'eq', values: [0] }],
    note: 'Lost opportunities are archived leads with zero probability.',
  },
  {
    terms: ['won deals', 'won opportunities'],
    model: 'crm.lead', measure: { field: 'expected_revenue', aggregate: 'sum' }, dateField: 'date_closed', filters: [{ field: 'probability', op: 'eq', values: [100] }],
    note: 'Won opportunities have a probability of 100%.',
  },
  {
    terms: ['employees', 'staff', 'headcount'],
    model: 'hr.employee', dimension: 'department_id', filters: [],
    note: 'Employees are active employee records.',
  },
  {
    terms: ['tasks', 'open tasks'],
    model: 'project.task', dimension: 'stage_id', filters: [{ field: 'state', op: 'not_in', values: ['1_done', '1_canceled'] }],
    note: 'Open tasks are tasks neither done nor cancelled.',
  },
];

/** Filters every query rooted at these models gets: section and note lines are layout, not data. */
export const ODOO_DEFAULT_FILTERS: Readonly<Record<string, readonly VocabularyFilter[]>> = {
  'sale.order.line': [{ field: 'display_type', op: 'is_null', values: [] }],
  'purchase.order.line': [{ field: 'display_type', op: 'is_null', values: [] }],
  'account.move.line': [{ field: 'display_type', op: 'not_in', values: ['line_section', 'line_note'] }],
};

/**
 * The entry's filters as logical-query filters on `model`. Dotted paths are not fields of the
 * model: they need a join to the related model, so they are returned apart as `paths` for the
 * engine to plan (or drop, with the entry).
 */
export function vocabularyFilters(model: string, filters: readonly VocabularyFilter[]): { filters: Filter[]; paths: VocabularyFilter[] } {
  const direct = filters.filter((each) => !each.field.includes('.'));
  return {
    filters: direct.map((each) => ({ kind: 'filter', expression: { kind: 'field', entity: model, column: each.field }, op: each.op, values: each.values })),
    paths: filters.filter((each) => each.field.includes('.')),
  };
}
