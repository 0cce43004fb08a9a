/**
 * The `wholesale` invoices and payments. Each shipped order is invoiced on its shipping day; each
 * customer pays with its own habit, so some open invoices are overdue at the end of the anchor
 * month, a few larger ones are paid in two parts, and recent bad debts stay unpaid.
 */
import { formatDay, yearOfDay, type SampleTimeSpan } from './calendar.ts';
import type { CellValue, TableRows } from './bulk-load.ts';
import { roundMoney, type Random } from './random.ts';
import type { OrderModel } from './wholesale-orders.ts';
import type { PayerHabit } from './wholesale-parties.ts';
import type { CustomerSegment, InvoiceStatus, PaymentMethod } from './wholesale-schema.ts';

/** Days paid after the due date (negative: early), by habit. */
const PAYMENT_DELAY: Readonly<Record<PayerHabit, readonly [number, number]>> = {
  prompt: [-10, 2], average: [-5, 12], slow: [3, 40], bad: [15, 90],
};
/** Chance that a recent invoice is disputed or written off and stays unpaid, by habit. */
const UNPAID_CHANCE: Readonly<Record<PayerHabit, number>> = { prompt: 0.005, average: 0.01, slow: 0.05, bad: 0.3 };
/** Only invoices from the last half year stay unpaid; older bad debts were eventually collected. */
const UNPAID_WINDOW_DAYS = 180;

const USUAL_METHOD: Readonly<Record<CustomerSegment, readonly (readonly [PaymentMethod, number])[]>> = {
  Online: [['card', 70], ['bank_transfer', 30]],
  Hospitality: [['bank_transfer', 50], ['direct_debit', 45], ['card', 5]],
  Retail: [['bank_transfer', 75], ['direct_debit', 15], ['cheque', 5], ['card', 5]],
  Distributor: [['bank_transfer', 100]],
};

interface InvoiceDraft {
  readonly order: OrderModel;
  readonly invoiceDay: number;
  readonly dueDay: number;
  readonly status: InvoiceStatus;
  /** Days and amounts received by the end of the anchor month. */
  readonly payments: readonly (readonly [number, number])[];
}

function draftInvoice(random: Random, span: SampleTimeSpan, order: OrderModel): InvoiceDraft | null {
  const terms = order.customer.paymentTermsDays;
  switch (order.status) {
    case 'pending':
      return random.chance(0.4) ? { order, invoiceDay: order.orderDay, dueDay: order.orderDay + terms, status: 'draft', payments: [] } : null;
    case 'cancelled': {
      if (!random.chance(0.3)) return null;
      const invoiceDay = Math.min(span.lastDay, order.orderDay + random.int(0, 2));
      return { order, invoiceDay, dueDay: invoiceDay + terms, status: 'cancelled', payments: [] };
    }
    case 'returned':
      return { order, invoiceDay: order.shippedDay!, dueDay: order.shippedDay! + terms, status: 'cancelled', payments: [] };
    case 'shipped':
    case 'delivered': {
      const invoiceDay = order.shippedDay!;
      const dueDay = invoiceDay + terms;
      const habit = order.customer.payer;
      const [earliest, latest] = PAYMENT_DELAY[habit];
      const paidDay = Math.max(invoiceDay + 1, dueDay + random.int(earliest, latest));
      const unpaid = invoiceDay > span.lastDay - UNPAID_WINDOW_DAYS && random.chance(UNPAID_CHANCE[habit]);
      const planned: (readonly [number, number])[] = [];
      if (order.total >= 1000 && random.chance(0.08)) {
        const first = roundMoney(order.total * random.between(0.4, 0.7));
        planned.push([Math.max(invoiceDay + 1, paidDay - random.int(7, 30)), first], [paidDay, roundMoney(order.total - first)]);
      } else {
        planned.push([paidDay, order.total]);
      }
      const received = planned.filter(([day], index) => day <= span.lastDay && !(unpaid && index === planned.length - 1));
      const status = received.length === planned.length ? 'paid' : 'open';
      return { order, invoiceDay, dueDay, status, payments: received };
    }
  }
}

export function generateWholesaleBilling(random: Random, span: SampleTimeSpan, orders: readonly OrderModel[]): TableRows[] {
  const drafts = orders
    .map((order) => draftInvoice(random, span, order))
    .filter((draft) => draft !== null)
    .sort((left, right) => left.invoiceDay - right.invoiceDay || left.order.id - right.order.id);

  const usualMethods = new Map<number, PaymentMethod>();
  const invoiceRows: CellValue[][] = [];
  const paymentDrafts: (readonly [number, number, number, PaymentMethod])[] = [];
  const sequenceByYear = new Map<number, number>();
  drafts.forEach((draft, index) => {
    const invoiceId = index + 1;
    const year = yearOfDay(draft.invoiceDay);
    const sequence = (sequenceByYear.get(year) ?? 0) + 1;
    sequenceByYear.set(year, sequence);
    const customer = draft.order.customer;
    invoiceRows.push([invoiceId, `INV-${year}-${String(sequence).padStart(5, '0')}`, draft.order.id, customer.id,
      formatDay(draft.invoiceDay), formatDay(draft.dueDay), draft.order.total.toFixed(2), draft.status]);
    let usual = usualMethods.get(customer.id);
    if (usual === undefined) {
      usual = random.pickWeighted(USUAL_METHOD[customer.segment]);
      usualMethods.set(customer.id, usual);
    }
    for (const [day, amount] of draft.payments) {
      const method = random.chance(0.9) ? usual : random.pickWeighted(USUAL_METHOD.Retail);
      paymentDrafts.push([day, invoiceId, amount, method]);
    }
  });
  paymentDrafts.sort((left, right) => left[0] - right[0] || left[1] - right[1]);
  const paymentRows = paymentDrafts.map(([day, invoiceId, amount, method], index) =>
    [index + 1, invoiceId, formatDay(day), amount.toFixed(2), method]);

  return [
    { table: 'invoices', columns: ['id', 'invoice_number', 'order_id', 'customer_id', 'invoice_date', 'due_date', 'amount', 'status'], rows: invoiceRows },
    { table: 'payments', columns: ['id', 'invoice_id', 'payment_date', 'amount', 'method'], rows: paymentRows },
  ];
}
