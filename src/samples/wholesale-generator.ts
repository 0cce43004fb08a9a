/**
 * Generates every row of the `wholesale` sample for a time span. Pure: the same seed and span give
 * the same rows, in the order the tables must be loaded (parents before children).
 */
import type { SampleTimeSpan } from './calendar.ts';
import type { TableRows } from './bulk-load.ts';
import { createFakers } from './fakers.ts';
import { createRandom, deriveSeed } from './random.ts';
import { generateWholesaleBilling } from './wholesale-billing.ts';
import { generateWholesaleOrders } from './wholesale-orders.ts';
import { generateWholesaleParties } from './wholesale-parties.ts';

export const WHOLESALE_SEED = 20_240_917;

export function generateWholesaleRows(span: SampleTimeSpan, seed: number = WHOLESALE_SEED): TableRows[] {
  const parties = generateWholesaleParties(createRandom(deriveSeed(seed, 'parties')), createFakers(seed), span);
  const sales = generateWholesaleOrders(createRandom(deriveSeed(seed, 'orders')), span, parties.customers, parties.products, parties.salesStaff);
  const billing = generateWholesaleBilling(createRandom(deriveSeed(seed, 'billing')), span, sales.orders);
  return [...parties.tables, ...sales.tables, ...billing];
}
