/**
 * The business meaning of the two sample datasets, as a semantic layer on their catalogs: metrics
 * with their default filters and dates (revenue leaves cancelled orders out, MRR counts live
 * subscriptions only), named segments (open, overdue, churned…), and the words people use for
 * columns (salesperson). The definitions are the ones test/engine/questions/README.md states.
 */
import type { Catalog, CatalogCondition, CatalogEntity, CatalogMetric, CatalogSegment } from '../connectors/catalog.ts';
import { field, type FilterOperator, type FilterValue, type ScalarExpression } from '../query/logical-query.ts';
import type { SampleSlug } from './sample-datasets.ts';

interface EntityLayer {
  readonly synonyms?: readonly string[];
  readonly columnSynonyms?: Readonly<Record<string, readonly string[]>>;
  readonly segments?: readonly CatalogSegment[];
  readonly metrics?: readonly CatalogMetric[];
}

const when = (column: string, op: FilterOperator, ...values: FilterValue[]): CatalogCondition => ({ column, op, values });
const on = (entity: string, condition: CatalogCondition): CatalogCondition => ({ ...condition, entity });
const times = (left: ScalarExpression, right: ScalarExpression): ScalarExpression => ({ kind: 'arithmetic', op: '*', left, right });
const minus = (left: ScalarExpression, right: ScalarExpression): ScalarExpression => ({ kind: 'arithmetic', op: '-', left, right });
const number = (value: number): ScalarExpression => ({ kind: 'literal', value });

const LINE_GROSS = times(field('order_lines', 'quantity'), field('order_lines', 'unit_price'));
const LINE_VALUE = times(LINE_GROSS, minus(number(1), field('order_lines', 'discount')));
const NOT_CANCELLED_ORDER = on('orders', when('status', 'neq', 'cancelled'));
const ORDER_DATE = { entity: 'orders', column: 'order_date' };
const LIVE_SUBSCRIPTION = when('status', 'in', 'active', 'past_due');

const WHOLESALE: Readonly<Record<string, EntityLayer>> = {
  order_lines: {
    metrics: [
      {
        words: ['revenue', 'sale', 'sales', 'turnover', 'sell', 'spend', 'spending', 'spent'], label: 'Revenue', aggregate: 'sum', expression: LINE_VALUE, unit: 'EUR',
        conditions: [NOT_CANCELLED_ORDER], time: ORDER_DATE, ranks: true,
        definition: 'revenue = quantity × unit price × (1 − discount) over the lines of orders that are not cancelled, dated by the order date',
      },
      {
        words: ['net sale', 'net sales', 'net revenue'], label: 'Net sales', aggregate: 'sum', expression: LINE_VALUE, unit: 'EUR',
        conditions: [on('orders', when('status', 'not_in', 'cancelled', 'returned'))], time: ORDER_DATE,
        definition: 'net sales = revenue without cancelled or returned orders',
      },
      {
        words: ['average order value', 'aov', 'average order size', 'average basket', 'average basket size'], label: 'Average order value', aggregate: 'avg', expression: LINE_VALUE, unit: 'EUR',
        per: { aggregate: 'sum', by: { entity: 'orders', column: 'id' } }, conditions: [NOT_CANCELLED_ORDER], time: ORDER_DATE,
        definition: 'average order value = the average, over orders that are not cancelled, of each order\'s revenue (quantity × unit price × (1 − discount) over its lines)',
      },
      {
        words: ['gross margin', 'margin', 'gross profit', 'profit'], label: 'Gross margin', aggregate: 'sum', expression: minus(LINE_VALUE, times(field('order_lines', 'quantity'), field('products', 'unit_cost'))), unit: 'EUR',
        conditions: [NOT_CANCELLED_ORDER], time: ORDER_DATE,
        definition: 'gross margin = revenue − quantity × the product\'s unit cost, over orders that are not cancelled',
      },
      {
        words: ['unit sell', 'units sold', 'quantity sell', 'quantity sold'], label: 'Units sold', aggregate: 'sum', column: 'quantity',
        conditions: [NOT_CANCELLED_ORDER], time: ORDER_DATE, definition: 'units sold = quantity on the lines of orders that are not cancelled',
      },
      {
        words: ['discount give', 'discount given'], label: 'Discount given', aggregate: 'sum', expression: times(LINE_GROSS, field('order_lines', 'discount')), unit: 'EUR',
        conditions: [NOT_CANCELLED_ORDER], time: ORDER_DATE, definition: 'discount given = quantity × unit price × discount over orders that are not cancelled',
      },
    ],
  },
  orders: {
    columnSynonyms: { employee_id: ['salesperson', 'salespeople', 'sales person', 'seller'] },
    metrics: [
      {
        words: ['shipping cost', 'freight', 'freight cost'], label: 'Shipping cost', aggregate: 'sum', column: 'shipping_cost', unit: 'EUR',
        conditions: [when('status', 'neq', 'cancelled')], time: ORDER_DATE, definition: 'shipping cost of orders that are not cancelled',
      },
    ],
    segments: [{ words: ['return', 'returns'], label: 'returned orders', conditions: [when('status', 'eq', 'returned')] }],
  },
  employees: {
    synonyms: ['staff', 'staff member', 'worker'],
    segments: [
      { words: ['sale rep', 'sales rep', 'sale representative', 'sales representative'], label: 'sales representatives', conditions: [when('title', 'in', 'Sales Representative', 'Senior Sales Representative')] },
      { words: ['sale manager', 'sales manager'], label: 'sales managers', conditions: [when('title', 'eq', 'Sales Manager')] },
    ],
  },
  invoices: {
    segments: [
      { words: ['open', 'unpaid'], label: 'open invoices', conditions: [when('status', 'eq', 'open')] },
      { words: ['overdue', 'past due'], label: 'overdue invoices (open and due before today)', conditions: [when('status', 'eq', 'open'), { ...when('due_date', 'lt'), today: true }] },
    ],
    metrics: [
      {
        words: ['invoiced amount', 'amount invoiced', 'invoiced'], label: 'Invoiced amount', aggregate: 'sum', column: 'amount', unit: 'EUR',
        conditions: [when('status', 'in', 'open', 'paid')], time: { entity: 'invoices', column: 'invoice_date' },
        definition: 'invoiced amount = amount of open and paid invoices (drafts and cancelled ones left out), dated by the invoice date',
      },
    ],
  },
  payments: { columnSynonyms: { amount: ['collected', 'received', 'amount received', 'amount collected'] } },
  customers: { synonyms: ['client', 'buyer'] },
  products: { synonyms: ['item'], columnSynonyms: { unit_price: ['list price', 'catalog price', 'catalogue price'] } },
};

const SAAS: Readonly<Record<string, EntityLayer>> = {
  // The accounts are the customers: companies that signed up.
  accounts: {
    synonyms: ['customer', 'client', 'company'],
    columnSynonyms: { employee_count: ['company size', 'headcount', 'size'] },
  },
  subscriptions: {
    metrics: [
      {
        words: ['mrr', 'monthly recurring revenue', 'recurring revenue'], label: 'MRR', aggregate: 'sum', column: 'mrr', unit: 'USD',
        conditions: [LIVE_SUBSCRIPTION], ranks: true, current: true, definition: 'MRR = sum of subscriptions.mrr over active and past-due subscriptions',
      },
      {
        words: ['arr', 'annual recurring revenue'], label: 'ARR', aggregate: 'sum', expression: times(field('subscriptions', 'mrr'), number(12)), unit: 'USD',
        conditions: [LIVE_SUBSCRIPTION], current: true, definition: 'ARR = 12 × MRR (active and past-due subscriptions)',
      },
      {
        words: ['churn rate', 'churn %', 'churn percentage'], label: 'Churn rate', aggregate: 'ratio', conditions: [],
        ratio: {
          numerator: { label: 'Churned subscriptions', aggregate: 'count', conditions: [when('status', 'eq', 'cancelled'), when('churn_reason', 'neq', 'Trial expired')] },
          denominator: { label: 'Paying subscriptions ever', aggregate: 'count', conditions: [when('status', 'neq', 'trialing'), when('churn_reason', 'neq', 'Trial expired')] },
          percent: true,
        },
        definition: 'churn rate = churned subscriptions (cancelled, not an expired trial) / subscriptions that ever paid (neither in trial nor an expired trial), in percent, over all time',
      },
      { words: ['paid seat', 'paid seats'], label: 'Paid seats', aggregate: 'sum', column: 'seats', conditions: [LIVE_SUBSCRIPTION], current: true, definition: 'paid seats = seats of active and past-due subscriptions' },
    ],
    segments: [
      { words: ['trial', 'trialing', 'in trial'], label: 'subscriptions in trial', conditions: [when('status', 'eq', 'trialing')] },
      { words: ['churned', 'churn'], label: 'churned subscriptions (cancelled, not a trial that expired)', conditions: [when('status', 'eq', 'cancelled'), when('churn_reason', 'neq', 'Trial expired')], time: 'ended_at' },
      { words: ['expired trial', 'expired trials'], label: 'expired trials', conditions: [when('churn_reason', 'eq', 'Trial expired')], time: 'ended_at' },
    ],
  },
  plans: { segments: [{ words: ['legacy'], label: 'legacy plans (not public)', conditions: [when('is_public', 'eq', false)] }] },
  invoices: {
    segments: [
      { words: ['open', 'unpaid'], label: 'open invoices', conditions: [when('status', 'eq', 'open')] },
      { words: ['overdue', 'past due'], label: 'overdue invoices (open and due before today)', conditions: [when('status', 'eq', 'open'), { ...when('due_at', 'lt'), today: true }] },
      { words: ['paid'], label: 'paid invoices', conditions: [when('status', 'eq', 'paid')], time: 'paid_at' },
    ],
    metrics: [
      {
        words: ['billing', 'billings', 'invoiced amount', 'amount invoiced', 'billed'], label: 'Billings', aggregate: 'sum', column: 'amount', unit: 'USD',
        conditions: [when('status', 'neq', 'void')], time: { entity: 'invoices', column: 'issued_at' },
        definition: 'billings = amount of invoices that are not void, dated by the issue date',
      },
    ],
  },
  support_tickets: {
    columnSynonyms: { satisfaction_score: ['customer satisfaction', 'customer satisfaction score', 'csat', 'rating'] },
    segments: [
      { words: ['unresolved'], label: 'unresolved tickets (open or pending)', conditions: [when('status', 'in', 'open', 'pending')] },
      { words: ['solved', 'resolved'], label: 'solved tickets', conditions: [when('status', 'in', 'solved', 'closed')], time: 'resolved_at' },
      { words: ['unassigned'], label: 'unassigned tickets', conditions: [when('agent_id', 'is_null')] },
    ],
  },
};

const LAYERS: Readonly<Record<SampleSlug, Readonly<Record<string, EntityLayer>>>> = { wholesale: WHOLESALE, saas: SAAS };

/**
 * The questions each sample's owner checked the answer to (test/engine/verified-questions.test.ts
 * holds the hand-written SQL each is checked against).
 */
export const VERIFIED_QUESTIONS: Readonly<Record<SampleSlug, readonly string[]>> = {
  wholesale: [
    'who are our best salespeople?',
    'which customers have not ordered in the last 6 months?',
    'gross margin by category',
    'top 3 products per category',
    'month-over-month revenue growth',
    'revenue per year, one column per year',
    'top 10 customers by revenue',
    'revenue by month this year',
    'units sold per product',
    'total amount of overdue invoices by customer',
    'average order value by month',
    'orders by status',
    'revenue this year vs last year',
    'revenue last month',
    'revenue by country',
    'how many orders this month',
    'revenue by salesperson',
    'top 5 products by revenue',
    'revenue by category',
    'how many customers do we have',
    'revenue by customer segment',
    'orders by month this year',
    'top 10 products by units sold',
    'revenue by supplier',
  ],
  saas: [
    'churn rate by plan',
    'mrr by plan',
    'active subscriptions by plan',
    'unresolved tickets by priority',
    'accounts by segment',
    'billings this year vs last year',
    'total mrr',
    'arr',
    'how many active subscriptions',
    'open tickets by priority',
    'tickets by channel',
    'mrr by country',
    'mrr by segment',
    'how many overdue invoices',
    'average satisfaction score by agent',
    'billings last month',
    'billings by month this year',
    'top 5 accounts by mrr',
    'average satisfaction score by team',
  ],
};

/** The sample's catalog with its semantic layer added. */
export function withSampleSemantics(slug: SampleSlug, catalog: Catalog): Catalog {
  const layers = LAYERS[slug];
  return {
    entities: catalog.entities.map((entity) => (Object.hasOwn(layers, entity.name) ? withLayer(entity, layers[entity.name]) : entity)),
    verifiedQuestions: VERIFIED_QUESTIONS[slug],
  };
}

function withLayer(entity: CatalogEntity, layer: EntityLayer): CatalogEntity {
  const synonyms = layer.columnSynonyms ?? {};
  return {
    ...entity,
    ...(layer.synonyms ? { synonyms: [...(entity.synonyms ?? []), ...layer.synonyms] } : {}),
    columns: entity.columns.map((column) => (Object.hasOwn(synonyms, column.name) ? { ...column, synonyms: [...(column.synonyms ?? []), ...synonyms[column.name]] } : column)),
    segments: [...(entity.segments ?? []), ...(layer.segments ?? [])],
    metrics: [...(entity.metrics ?? []), ...(layer.metrics ?? [])],
  };
}
