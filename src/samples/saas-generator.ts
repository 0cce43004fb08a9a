/**
 * Generates every row of the `saas` sample for a time span. Pure: the same seed and span give the
 * same rows, in the order the tables must be loaded (parents before children).
 */
import type { SampleTimeSpan } from './calendar.ts';
import type { TableRows } from './bulk-load.ts';
import { createFakers } from './fakers.ts';
import { createRandom, deriveSeed } from './random.ts';
import { generateSaasAccounts } from './saas-accounts.ts';
import { PLANS } from './saas-reference.ts';
import { generateSaasSubscriptions } from './saas-subscriptions.ts';
import { generateSaasSupport } from './saas-support.ts';

export const SAAS_SEED = 20_230_411;

export function generateSaasRows(span: SampleTimeSpan, seed: number = SAAS_SEED): TableRows[] {
  const fakers = createFakers(seed);
  const plans: TableRows = {
    table: 'plans',
    columns: ['id', 'name', 'tier', 'monthly_price', 'included_seats', 'is_public'],
    rows: PLANS.map((plan) => [plan.id, plan.name, plan.tier, plan.monthlyPrice.toFixed(2), plan.includedSeats, plan.isPublic]),
  };
  const accounts = generateSaasAccounts(createRandom(deriveSeed(seed, 'accounts')), fakers, span);
  const subscriptions = generateSaasSubscriptions(createRandom(deriveSeed(seed, 'subscriptions')), span, accounts.accounts);
  const support = generateSaasSupport(createRandom(deriveSeed(seed, 'support')), fakers, span, subscriptions.activePeriods);
  return [plans, accounts.table, ...subscriptions.tables, ...support];
}
