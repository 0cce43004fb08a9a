/**
 * What business words mean to an Odoo user, per core model, as data. `odoo-semantic-layer.ts`
 * turns it into the catalog's semantic layer (synonyms, segments, metrics) for one server, keeping
 * only what that server's `fields_get` supports: fields present (installed, readable by the
 * connecting user, filterable) and selection values present (versions differ: sale.order has
 * `done` up to 16 only, project.task has `state` from 17 only, crm.lead `won_status` from 17).
 *
 * Words are lower case, singular; the layer adds plural forms. Condition values are Odoo's stored
 * keys. A condition relative to the day of the question ("overdue" = due before today) says `today`.
 */
import type { RowAggregate, FilterOperator, FilterValue } from '../../query/logical-query.ts';

export interface ConditionSpec {
  /** A field of the same model (no dotted paths: the catalog's conditions stay on one entity). */
  readonly column: string;
  readonly op: FilterOperator;
  /**
   * For a selection field, the keys that may exist; those the server does not report are dropped
   * (an `in`/`eq` left with none makes the alternative unusable; a `not_in` left with none is dropped).
   */
  readonly values: readonly FilterValue[];
  /** Compare with the day the question is asked ("overdue": due before today); `values` is empty. */
  readonly today?: boolean;
}

/** Ways to state the same subset on different versions, best first; the first the server supports is used. */
export type Alternatives = readonly (readonly ConditionSpec[])[];

export interface SegmentSpec {
  readonly words: readonly string[];
  readonly label: string;
  readonly when: Alternatives;
}

export interface MetricSpec {
  readonly words: readonly string[];
  readonly label: string;
  readonly aggregate: RowAggregate;
  /** Candidate fields, first present wins (renamed across versions); absent: count of records. */
  readonly column?: readonly string[];
  readonly when: Alternatives;
  /**
   * The date a period applies to ("invoiced revenue in 2024": the invoice date), first present
   * wins; `via` a many2one when the date is the record it points to (an order line's order date).
   */
  readonly time?: { readonly columns: readonly string[]; readonly via?: { readonly field: string; readonly model: string } };
  /** The same measure as another model's at a finer grain: see CatalogMetric.fallback. */
  readonly fallback?: boolean;
  /** A state of now: see CatalogMetric.current. */
  readonly current?: boolean;
}

export interface ModelVocabulary {
  readonly synonyms: readonly string[];
  /** Field → words; a field the server does not report is skipped. */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly segments?: readonly SegmentSpec[];
  readonly metrics?: readonly MetricSpec[];
}

const condition = (column: string, op: FilterOperator, ...values: FilterValue[]): ConditionSpec => ({ column, op, values });
/** Every model with an `active` field: its archived records, which Odoo hides unless asked for. */
export const ARCHIVED: SegmentSpec = { words: ['archived', 'inactive'], label: 'Archived records (active is false)', when: [[condition('active', 'eq', false)]] };
const always: Alternatives = [[]];

// sale.order: `done` (Locked) exists up to 16; from 17 a locked order stays `sale` with `locked` set.
const CONFIRMED_SALE = condition('state', 'in', 'sale', 'done');
const CONFIRMED_PURCHASE = condition('state', 'in', 'purchase', 'done');
const POSTED = condition('state', 'eq', 'posted');
const UNPAID = condition('payment_state', 'in', 'not_paid', 'partial');
const SALES_LINE = condition('display_type', 'is_null');
// crm.lead: `won_status` (17+) when reported, else Odoo's own rule (won = probability 100; lost = archived at 0).
const OPEN_OPPORTUNITY: Alternatives = [
  [condition('type', 'eq', 'opportunity'), condition('won_status', 'eq', 'pending')],
  [condition('type', 'eq', 'opportunity'), condition('probability', 'lt', 100)],
];
const WON: Alternatives = [[condition('won_status', 'eq', 'won')], [condition('probability', 'eq', 100)]];
const LOST: Alternatives = [
  [condition('active', 'eq', false), condition('won_status', 'eq', 'lost')],
  [condition('active', 'eq', false), condition('probability', 'eq', 0)],
];

const ORDER_DATE = { columns: ['date_order'] };
const LINE_ORDER_DATE = { columns: ['date_order'], via: { field: 'order_id', model: 'sale.order' } };
const INVOICE_DATE = { columns: ['invoice_date'] };

const SALESPERSON = ['salesperson', 'sales rep', 'sales representative', 'seller', 'salesman', 'account manager'];
const PRODUCT_WORDS = ['product', 'item', 'article'];

export const ODOO_VOCABULARY: Readonly<Record<string, ModelVocabulary>> = {
  'res.partner': {
    synonyms: ['customer', 'client', 'contact', 'partner', 'company', 'vendor', 'supplier'],
    fields: { user_id: SALESPERSON, country_id: ['country'], city: ['city', 'town'], parent_id: ['parent company'], category_id: ['tag'] },
    segments: [
      { words: ['customer', 'client'], label: 'Customers (customer rank above zero)', when: [[condition('customer_rank', 'gt', 0)]] },
      { words: ['vendor', 'supplier'], label: 'Vendors (supplier rank above zero)', when: [[condition('supplier_rank', 'gt', 0)]] },
      { words: ['individual', 'person'], label: 'Individuals (not companies)', when: [[condition('is_company', 'eq', false)]] },
    ],
  },
  'sale.order': {
    synonyms: ['sales order', 'order', 'quotation', 'quote', 'sale'],
    fields: {
      user_id: SALESPERSON, partner_id: ['customer', 'client'], team_id: ['sales team', 'team'], date_order: ['order date', 'date'],
      amount_untaxed: ['untaxed amount', 'revenue', 'sales amount', 'net amount', 'amount', 'amount without tax', 'amount excluding tax', 'total without tax', 'total excluding tax'],
      amount_total: ['total', 'total amount', 'amount including tax', 'amount with tax', 'total with tax', 'total including tax'],
      amount_tax: ['tax', 'taxes'], state: ['status', 'stage'], invoice_status: ['invoice status', 'invoicing status'],
    },
    segments: [
      { words: ['confirmed', 'confirmed order'], label: 'Confirmed orders (Sales Order or Locked)', when: [[CONFIRMED_SALE]] },
      { words: ['quotation', 'quote', 'waiting', 'pending', 'awaiting confirmation', 'waiting quotation', 'pending quotation', 'open quotation'], label: 'Quotations (not confirmed: Quotation or Quotation Sent)', when: [[condition('state', 'in', 'draft', 'sent')]] },
      { words: ['cancelled', 'canceled'], label: 'Cancelled orders', when: [[condition('state', 'eq', 'cancel')]] },
      { words: ['to invoice', 'uninvoiced', 'not invoiced'], label: 'Orders to invoice', when: [[CONFIRMED_SALE, condition('invoice_status', 'eq', 'to invoice')]] },
    ],
    metrics: [
      {
        words: ['revenue', 'sales', 'turnover', 'sales amount', 'sold', 'untaxed revenue', 'untaxed sales', 'revenue without tax', 'sales without tax', 'revenue excluding tax', 'sales excluding tax', 'net sales'],
        label: 'Revenue (untaxed total of confirmed sales orders)', aggregate: 'sum', column: ['amount_untaxed'], when: [[CONFIRMED_SALE]], time: ORDER_DATE,
      },
      {
        words: ['revenue with tax', 'sales with tax', 'revenue including tax', 'sales including tax', 'taxed revenue', 'taxed sales', 'revenue incl tax', 'sales incl tax'],
        label: 'Sales including taxes (total of confirmed sales orders)', aggregate: 'sum', column: ['amount_total'], when: [[CONFIRMED_SALE]], time: ORDER_DATE,
      },
      { words: ['average order value', 'average order', 'aov'], label: 'Average order value (untaxed, confirmed orders)', aggregate: 'avg', column: ['amount_untaxed'], when: [[CONFIRMED_SALE]], time: ORDER_DATE },
    ],
  },
  'sale.order.line': {
    synonyms: ['sales order line', 'order line', 'sale line', 'line item'],
    fields: {
      product_id: PRODUCT_WORDS, salesman_id: SALESPERSON, order_partner_id: ['customer', 'client'], product_uom_qty: ['quantity', 'qty', 'units'],
      price_subtotal: ['subtotal', 'revenue', 'amount'], price_total: ['total'], order_id: ['order', 'sales order'],
    },
    segments: [{ words: ['confirmed', 'sold'], label: 'Lines of confirmed orders (no section or note lines)', when: [[CONFIRMED_SALE, SALES_LINE]] }],
    metrics: [
      { words: ['units sold', 'quantity sold', 'qty sold'], label: 'Units sold (confirmed order lines)', aggregate: 'sum', column: ['product_uom_qty'], when: [[CONFIRMED_SALE, SALES_LINE]], time: LINE_ORDER_DATE },
      // The orders' revenue by line (an order's untaxed amount is the sum of its lines' subtotals), for what only lines have: products.
      { words: ['revenue', 'sales', 'sales amount'], label: 'Revenue (untaxed subtotal of confirmed order lines)', aggregate: 'sum', column: ['price_subtotal'], when: [[CONFIRMED_SALE, SALES_LINE]], time: LINE_ORDER_DATE, fallback: true },
    ],
  },
  'account.move': {
    synonyms: ['invoice', 'bill', 'credit note', 'refund', 'journal entry', 'entry'],
    fields: {
      invoice_user_id: SALESPERSON, partner_id: ['customer', 'vendor', 'partner', 'client'], invoice_date: ['invoice date', 'bill date', 'date'],
      invoice_date_due: ['due date', 'due'], amount_untaxed_signed: ['revenue', 'net amount'], amount_total: ['total', 'amount'],
      amount_residual: ['amount due', 'balance due', 'outstanding amount', 'residual'], move_type: ['type', 'document type'],
      payment_state: ['payment status'], state: ['status'], journal_id: ['journal'],
    },
    segments: [
      { words: ['customer invoice'], label: 'Posted customer invoices', when: [[POSTED, condition('move_type', 'eq', 'out_invoice')]] },
      { words: ['open', 'unpaid', 'outstanding'], label: 'Open invoices (posted customer invoices not or partly paid)', when: [[POSTED, condition('move_type', 'eq', 'out_invoice'), UNPAID]] },
      {
        words: ['overdue', 'past due', 'late'], label: 'Overdue invoices (posted customer invoices not or partly paid, due before today)',
        when: [[POSTED, condition('move_type', 'eq', 'out_invoice'), UNPAID, { column: 'invoice_date_due', op: 'lt', values: [], today: true }]],
      },
      { words: ['paid'], label: 'Paid invoices (posted customer invoices, paid or in payment)', when: [[POSTED, condition('move_type', 'eq', 'out_invoice'), condition('payment_state', 'in', 'paid', 'in_payment')]] },
      { words: ['vendor bill', 'supplier invoice'], label: 'Posted vendor bills', when: [[POSTED, condition('move_type', 'eq', 'in_invoice')]] },
      { words: ['credit note', 'customer refund'], label: 'Posted customer credit notes', when: [[POSTED, condition('move_type', 'eq', 'out_refund')]] },
      { words: ['posted'], label: 'Posted entries', when: [[POSTED]] },
      { words: ['draft'], label: 'Draft entries', when: [[condition('state', 'eq', 'draft')]] },
    ],
    metrics: [
      { words: ['invoiced revenue', 'invoiced sales', 'invoiced', 'billed revenue', 'net revenue'], label: 'Invoiced revenue (posted customer invoices minus credit notes, untaxed, company currency)',
        aggregate: 'sum', column: ['amount_untaxed_signed'], when: [[POSTED, condition('move_type', 'in', 'out_invoice', 'out_refund')]], time: INVOICE_DATE },
      { words: ['receivable', 'receivables', 'amount due', 'outstanding amount', 'unpaid amount'], label: 'Receivables (amount due on open customer invoices, company currency)',
        aggregate: 'sum', column: ['amount_residual_signed'], when: [[POSTED, condition('move_type', 'eq', 'out_invoice'), UNPAID]], time: INVOICE_DATE },
      { words: ['payable', 'payables', 'amount owed'], label: 'Payables (amount due on open vendor bills, company currency, negative)',
        aggregate: 'sum', column: ['amount_residual_signed'], when: [[POSTED, condition('move_type', 'eq', 'in_invoice'), UNPAID]], time: INVOICE_DATE },
    ],
  },
  'account.move.line': {
    synonyms: ['journal item', 'invoice line', 'move line'],
    fields: { account_id: ['account'], product_id: PRODUCT_WORDS, partner_id: ['partner', 'customer', 'vendor'], balance: ['balance', 'amount'] },
    segments: [{ words: ['posted'], label: 'Posted journal items (no section or note lines)', when: [[condition('parent_state', 'eq', 'posted'), condition('display_type', 'not_in', 'line_section', 'line_note')]] }],
  },
  'product.product': {
    synonyms: [...PRODUCT_WORDS, 'product variant', 'variant'],
    fields: { categ_id: ['category', 'product category'], list_price: ['price', 'sales price'], default_code: ['sku', 'internal reference', 'reference'] },
  },
  'product.template': {
    synonyms: [...PRODUCT_WORDS, 'product template'],
    fields: { categ_id: ['category', 'product category'], list_price: ['price', 'sales price'], default_code: ['sku', 'internal reference', 'reference'], type: ['product type'] },
    segments: [
      { words: ['sellable', 'can be sold'], label: 'Products that can be sold', when: [[condition('sale_ok', 'eq', true)]] },
      { words: ['service'], label: 'Services', when: [[condition('type', 'eq', 'service')]] },
      // 18+: a storable product is goods with `is_storable`; up to 17 the type is `product`.
      { words: ['storable', 'stockable'], label: 'Storable products', when: [[condition('is_storable', 'eq', true)], [condition('type', 'eq', 'product')]] },
    ],
  },
  'product.category': { synonyms: ['product category', 'category'] },
  'stock.quant': {
    // No "on hand" metric: it needs `location_id.usage = internal`, a condition on another model.
    synonyms: ['stock', 'inventory', 'stock level', 'quant'],
    fields: { quantity: ['quantity', 'qty', 'stock'], product_id: PRODUCT_WORDS, location_id: ['location', 'warehouse location'] },
  },
  'stock.move': { synonyms: ['stock move', 'stock movement', 'movement'], fields: { product_id: PRODUCT_WORDS } },
  'purchase.order': {
    synonyms: ['purchase order', 'purchase', 'po', 'rfq', 'request for quotation'],
    fields: { partner_id: ['vendor', 'supplier'], user_id: ['buyer', 'purchaser', 'purchase representative'], date_order: ['order date', 'date'], amount_untaxed: ['untaxed amount', 'amount', 'spend'], amount_total: ['total', 'total amount'] },
    segments: [
      { words: ['confirmed'], label: 'Confirmed purchase orders (Purchase Order or Locked)', when: [[CONFIRMED_PURCHASE]] },
      { words: ['rfq', 'request for quotation'], label: 'Requests for quotation (not confirmed)', when: [[condition('state', 'in', 'draft', 'sent', 'to approve')]] },
    ],
    metrics: [{ words: ['spend', 'purchases', 'purchase amount', 'purchased'], label: 'Spend (untaxed total of confirmed purchase orders)', aggregate: 'sum', column: ['amount_untaxed'], when: [[CONFIRMED_PURCHASE]], time: { columns: ['date_approve'] } }],
  },
  'purchase.order.line': { synonyms: ['purchase order line', 'purchase line'], fields: { product_id: PRODUCT_WORDS, partner_id: ['vendor', 'supplier'] } },
  'crm.lead': {
    synonyms: ['lead', 'opportunity', 'deal', 'pipeline', 'prospect'],
    fields: {
      user_id: SALESPERSON, partner_id: ['customer', 'client'], stage_id: ['stage', 'pipeline stage'], team_id: ['sales team', 'team'],
      expected_revenue: ['expected revenue', 'revenue', 'deal value', 'deal size', 'amount', 'value'], prorated_revenue: ['prorated revenue', 'weighted revenue'],
      probability: ['probability', 'win probability'], date_deadline: ['expected closing', 'close date', 'closing date'], date_closed: ['closed date', 'close date'],
      lost_reason_id: ['lost reason'], country_id: ['country'],
    },
    segments: [
      { words: ['open', 'active', 'in progress'], label: 'Open opportunities (neither won nor lost)', when: OPEN_OPPORTUNITY },
      { words: ['won'], label: 'Won opportunities', when: WON },
      { words: ['lost'], label: 'Lost opportunities (archived, lost)', when: LOST },
    ],
    metrics: [
      { words: ['pipeline', 'pipeline value', 'expected revenue'], label: 'Pipeline (expected revenue of open opportunities)', aggregate: 'sum', column: ['expected_revenue'], when: OPEN_OPPORTUNITY, current: true },
      { words: ['weighted pipeline', 'prorated revenue', 'weighted revenue'], label: 'Weighted pipeline (prorated revenue of open opportunities)', aggregate: 'sum', column: ['prorated_revenue'], when: OPEN_OPPORTUNITY, current: true },
      { words: ['won revenue', 'closed revenue'], label: 'Won revenue (expected revenue of won opportunities)', aggregate: 'sum', column: ['expected_revenue'], when: WON, time: { columns: ['date_closed'] } },
    ],
  },
  'hr.employee': {
    synonyms: ['employee', 'staff', 'worker', 'personnel'],
    fields: { department_id: ['department'], parent_id: ['manager'], coach_id: ['coach', 'mentor'], job_id: ['job', 'job position', 'position'], job_title: ['job title', 'title'] },
    segments: [
      { words: ['active', 'current'], label: 'Active employees', when: [[condition('active', 'eq', true)]] },
      { words: ['archived', 'former', 'departed'], label: 'Archived (former) employees', when: [[condition('active', 'eq', false)]] },
    ],
    metrics: [{ words: ['headcount'], label: 'Headcount (active employees)', aggregate: 'count', when: [[condition('active', 'eq', true)]], current: true }],
  },
  'hr.department': { synonyms: ['department'], fields: { manager_id: ['manager', 'head'] } },
  'project.task': {
    synonyms: ['task', 'to-do'],
    fields: { project_id: ['project'], stage_id: ['stage', 'column'], date_deadline: ['deadline', 'due date'], partner_id: ['customer', 'client'], effective_hours: ['hours spent', 'time spent'] },
    segments: [
      // `state` exists from 17; before, a task is closed by its stage (a condition on another model), so no segment.
      { words: ['open', 'active', 'in progress', 'ongoing'], label: 'Open tasks (neither done nor cancelled)', when: [[condition('state', 'not_in', '1_done', '1_canceled')]] },
      { words: ['done', 'completed', 'finished'], label: 'Done tasks', when: [[condition('state', 'eq', '1_done')]] },
      { words: ['cancelled', 'canceled'], label: 'Cancelled tasks', when: [[condition('state', 'eq', '1_canceled')]] },
    ],
    metrics: [
      { words: ['hours spent', 'time spent', 'timesheet hours'], label: 'Hours spent', aggregate: 'sum', column: ['effective_hours'], when: always },
      { words: ['allocated hours', 'planned hours', 'allocated time'], label: 'Allocated hours', aggregate: 'sum', column: ['allocated_hours', 'planned_hours'], when: always },
    ],
  },
  'res.users': { synonyms: ['user'] },
  'res.country': { synonyms: ['country'] },
};

/**
 * Questions whose answers were checked against Odoo's own figures (test/api/odoo-connection.test.ts,
 * 17.0 and 19.0), each with the models it reads: a server that has them all gets them as verified
 * questions of its catalog.
 */
export const ODOO_VERIFIED_QUESTIONS: readonly { readonly question: string; readonly models: readonly string[] }[] = [
  { question: 'revenue by customer', models: ['sale.order', 'res.partner'] },
  { question: 'revenue by salesperson', models: ['sale.order', 'res.users'] },
  { question: 'revenue by product', models: ['sale.order.line', 'sale.order', 'product.product'] },
  { question: 'receivables by customer', models: ['account.move', 'res.partner'] },
  { question: 'invoiced revenue by customer', models: ['account.move', 'res.partner'] },
  { question: 'units sold per product', models: ['sale.order.line', 'sale.order', 'product.product'] },
  { question: 'open opportunities by stage', models: ['crm.lead'] },
  { question: 'headcount by department', models: ['hr.employee', 'hr.department'] },
  { question: 'spend by vendor', models: ['purchase.order', 'res.partner'] },
  { question: 'revenue by month', models: ['sale.order'] },
  { question: 'revenue by month in 2024', models: ['sale.order'] },
  { question: 'invoiced revenue by month', models: ['account.move'] },
];
