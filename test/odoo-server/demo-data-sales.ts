/** Demo sales orders with lines, the invoices and refunds they produced, and purchase orders. */
import { PRODUCT_NAMES, PRODUCT_PRICES, type DemoTables, type Rows } from './demo-data-base.ts';
import { addDays, DemoRandom, money } from './demo-random.ts';

const TAX = 0.15;
const CUSTOMERS = Array.from({ length: 32 }, (_, index) => 9 + index);
const VENDORS = Array.from({ length: 8 }, (_, index) => 41 + index);
/** Customers that belong to company 2 (see demo-data-base: every seventh company). */
const BELGIAN = new Set(CUSTOMERS.filter((id) => (id - 9) % 7 === 3));

export function buildSalesTables(random: DemoRandom, tables: DemoTables): void {
  const orders: Rows = [];
  const lines: Rows = [];
  const moves: Rows = [];
  const moveLines: Rows = [];
  const sequence = new Map<string, number>();
  const addMove = (move: Record<string, unknown>, untaxed: number, productId: number | null) => {
    const id = moves.length + 1;
    const sign = move.move_type === 'out_invoice' || move.move_type === 'in_refund' || move.move_type === 'entry' ? 1 : -1;
    const tax = money(untaxed * TAX);
    const total = money(untaxed + tax);
    const year = String(move.date).slice(0, 4);
    const prefix = move.move_type === 'out_invoice' ? 'INV' : move.move_type === 'out_refund' ? 'RINV' : move.move_type === 'in_invoice' ? 'BILL' : 'MISC';
    const key = `${prefix}/${year}`;
    const number = (sequence.get(key) ?? 0) + 1;
    if (move.state !== 'draft') sequence.set(key, number);
    const name = move.state === 'draft' ? '/' : `${key}/${String(number).padStart(5, '0')}`;
    const paid = move.payment_state === 'paid' || move.payment_state === 'in_payment' ? 0 : move.payment_state === 'partial' ? money(total / 2) : total;
    const residual = move.state === 'posted' && move.move_type !== 'entry' ? paid : 0;
    moves.push({
      id, name, ...move, amount_untaxed: untaxed, amount_tax: tax, amount_total: total, amount_residual: residual,
      amount_untaxed_signed: sign * untaxed, amount_total_signed: sign * total, amount_residual_signed: sign * residual,
      commercial_partner_id: move.partner_id, invoice_date_due: move.invoice_date === null ? null : addDays(String(move.invoice_date), 30),
    });
    const common = { move_id: id, move_name: name, date: move.date, journal_id: move.journal_id, company_id: move.company_id, partner_id: move.partner_id, currency_id: move.currency_id };
    const line = (values: Record<string, unknown>, balance: number) => moveLines.push({
      id: moveLines.length + 1, ...common, ...values, debit: balance > 0 ? balance : 0, credit: balance < 0 ? -balance : 0, balance, amount_currency: balance,
      amount_residual: values.display_type === 'payment_term' ? sign * residual : 0,
    });
    line({ display_type: 'product', name: productId === null ? 'Adjustment' : PRODUCT_NAMES[productId - 1], product_id: productId, account_id: sign > 0 ? 2 : 4, quantity: 1, price_unit: untaxed, price_subtotal: untaxed, price_total: total }, -sign * untaxed);
    line({ display_type: 'tax', name: 'Tax 15%', account_id: 5, quantity: 0, price_unit: 0, price_subtotal: 0, price_total: 0 }, -sign * tax);
    line({ display_type: 'payment_term', name: name, account_id: sign > 0 ? 1 : 3, quantity: 0, price_unit: 0, price_subtotal: 0, price_total: 0 }, sign * total);
  };

  for (let index = 0; index < 300; index += 1) {
    const id = index + 1;
    const partner = random.pick(CUSTOMERS);
    const company = BELGIAN.has(partner) ? 2 : 1;
    const date = random.datetime('2023-01-01', '2025-01-01');
    const roll = random.next();
    const state = roll < 0.12 ? 'draft' : roll < 0.2 ? 'sent' : roll < 0.9 ? 'sale' : 'cancel';
    const name = `S${String(id).padStart(5, '0')}`;
    let untaxed = 0;
    let sequenceNumber = 10;
    const lineCount = random.int(1, 4);
    if (index % 10 === 0) lines.push({ id: lines.length + 1, order_id: id, name: 'Furniture', sequence: 5, display_type: 'line_section', product_uom_qty: 0, price_unit: 0, price_subtotal: 0, price_tax: 0, price_total: 0, company_id: company });
    let firstProduct = 1;
    for (let lineIndex = 0; lineIndex < lineCount; lineIndex += 1) {
      const product = random.int(1, PRODUCT_PRICES.length - 1);
      if (lineIndex === 0) firstProduct = product;
      const quantity = random.int(1, 10);
      const price = PRODUCT_PRICES[product - 1];
      const subtotal = money(quantity * price);
      untaxed = money(untaxed + subtotal);
      lines.push({
        id: lines.length + 1, order_id: id, name: PRODUCT_NAMES[product - 1], sequence: sequenceNumber, product_id: product, product_uom_qty: quantity,
        qty_delivered: state === 'sale' ? quantity : 0, qty_invoiced: state === 'sale' ? quantity : 0, price_unit: price, discount: 0,
        price_subtotal: subtotal, price_tax: money(subtotal * TAX), price_total: money(subtotal * (1 + TAX)), order_partner_id: partner,
        salesman_id: null, company_id: company, currency_id: company,
      });
      sequenceNumber += 10;
    }
    if (index % 12 === 0) lines.push({ id: lines.length + 1, order_id: id, name: 'Delivery on weekdays only', sequence: 99, display_type: 'line_note', product_uom_qty: 0, price_unit: 0, price_subtotal: 0, price_tax: 0, price_total: 0, company_id: company });
    const user = random.pick([2, 3, 4, 5, 3, 4, null]);
    for (const line of lines) if (line.order_id === id && line.display_type === undefined) line.salesman_id = user;
    orders.push({
      id, name, partner_id: partner, date_order: date, state, locked: state === 'sale' && index % 5 === 0, amount_untaxed: untaxed, amount_tax: money(untaxed * TAX),
      amount_total: money(untaxed * (1 + TAX)), currency_id: company, user_id: user, company_id: company,
      invoice_status: state === 'sale' ? 'invoiced' : state === 'cancel' ? 'no' : 'no', validity_date: addDays(date, 30),
      client_order_ref: index % 4 === 0 ? `PO-${1000 + index}` : null, origin: null, commitment_date: null,
    });
    if (state === 'sale') {
      const invoiceDate = addDays(date, random.int(0, 10));
      const payment = random.pick(['paid', 'paid', 'not_paid', 'partial', 'in_payment']);
      addMove({ move_type: 'out_invoice', state: 'posted', date: invoiceDate, invoice_date: invoiceDate, partner_id: partner, journal_id: company === 2 ? 4 : 1, company_id: company, currency_id: company, payment_state: payment, invoice_user_id: user, invoice_origin: name }, untaxed, firstProduct);
      if (index % 17 === 0) addMove({ move_type: 'out_refund', state: 'posted', date: addDays(invoiceDate, 14), invoice_date: addDays(invoiceDate, 14), partner_id: partner, journal_id: company === 2 ? 4 : 1, company_id: company, currency_id: company, payment_state: 'paid', invoice_user_id: user, invoice_origin: name }, money(untaxed / 2), firstProduct);
    } else if (state === 'sent' && index % 3 === 0) {
      addMove({ move_type: 'out_invoice', state: index % 2 === 0 ? 'draft' : 'cancel', date: date.slice(0, 10), invoice_date: null, partner_id: partner, journal_id: 1, company_id: company, currency_id: company, payment_state: 'not_paid', invoice_user_id: user, invoice_origin: name }, untaxed, firstProduct);
    }
  }
  const purchases: Rows = [];
  for (let index = 0; index < 60; index += 1) {
    const date = random.datetime('2023-01-01', '2025-01-01');
    const untaxed = money(random.int(200, 20000) + random.int(0, 99) / 100);
    const state = random.pick(['draft', 'sent', 'to approve', 'purchase', 'purchase', 'purchase', 'done', 'cancel']);
    const partner = random.pick(VENDORS);
    const company = index % 9 === 4 ? 2 : 1;
    purchases.push({
      id: index + 1, name: `P${String(index + 1).padStart(5, '0')}`, priority: index % 11 === 0 ? '1' : '0', partner_id: partner, date_order: date,
      date_approve: state === 'purchase' || state === 'done' ? date : null, date_planned: date, state, amount_untaxed: untaxed, amount_tax: money(untaxed * TAX),
      amount_total: money(untaxed * (1 + TAX)), currency_id: company, user_id: random.pick([2, 4]), company_id: company,
      invoice_status: state === 'purchase' ? 'to invoice' : state === 'done' ? 'invoiced' : 'no',
    });
    if (state === 'done') addMove({ move_type: 'in_invoice', state: 'posted', date: date.slice(0, 10), invoice_date: date.slice(0, 10), partner_id: partner, journal_id: 2, company_id: company, currency_id: company, payment_state: 'paid', invoice_user_id: null, invoice_origin: `P${String(index + 1).padStart(5, '0')}` }, untaxed, 25);
  }
  for (let index = 0; index < 6; index += 1) {
    const date = `2024-${String(index * 2 + 1).padStart(2, '0')}-28`;
    addMove({ move_type: 'entry', state: 'posted', date, invoice_date: null, partner_id: null, journal_id: 3, company_id: 1, currency_id: 1, payment_state: 'not_paid', invoice_user_id: null, invoice_origin: null, ref: 'Accrual' }, 1000 + index * 250, null);
  }
  tables.set('sale_order', orders);
  tables.set('sale_order_line', lines);
  tables.set('account_move', moves);
  tables.set('account_move_line', moveLines);
  tables.set('purchase_order', purchases);
}
