/**
 * The `saas` subscription lifecycles and their invoices: a trial, conversion or not, monthly or
 * annual billing, voluntary churn at renewals, failed payments, and a few accounts that come back.
 * Every state is the one at the end of the anchor month.
 */
import { addMonths, dayOfTimestamp, formatDay, formatTimestamp, timestampAt, type SampleTimeSpan } from './calendar.ts';
import type { CellValue, TableRows } from './bulk-load.ts';
import { roundMoney, type Random } from './random.ts';
import type { AccountModel } from './saas-accounts.ts';
import { ANNUAL_CHURN, CHURN_REASONS, MONTHLY_CHURN, PAYMENT_FAILED, PLAN_CHOICE, PLANS, SEGMENTS, TRIAL_EXPIRED, type PlanProfile } from './saas-reference.ts';
import type { BillingInterval, SaasInvoiceStatus, SubscriptionStatus } from './saas-schema.ts';

const DAY_SECONDS = 86_400;
const TRIAL_DAYS = 14;
const PAYMENT_GRACE_DAYS = 30;

/** When an account was a customer (trial or paying), for the support generator. */
export interface ActivePeriod {
  readonly account: AccountModel;
  readonly fromDay: number;
  readonly toDay: number;
}

interface InvoiceDraft {
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly issuedAt: number;
  readonly dueAt: number;
  readonly amount: number;
  readonly status: SaasInvoiceStatus;
  readonly paidAt: number | null;
}

interface SubscriptionDraft {
  readonly account: AccountModel;
  readonly plan: PlanProfile;
  readonly status: SubscriptionStatus;
  readonly interval: BillingInterval;
  readonly seats: number;
  readonly mrr: number;
  readonly startedAt: number;
  readonly trialEndsAt: number | null;
  readonly endedAt: number | null;
  readonly churnReason: string | null;
  readonly invoices: readonly InvoiceDraft[];
}

export interface SaasSubscriptions {
  readonly tables: TableRows[];
  readonly activePeriods: ActivePeriod[];
}

function planFor(random: Random, account: AccountModel): PlanProfile {
  // A third of the established customers are still on plans that are no longer sold.
  if (account.established && random.chance(0.35)) return PLANS.find((plan) => plan.id === (account.segment === 'SMB' ? 1 : 2))!;
  const planId = random.pickWeighted(PLAN_CHOICE[account.segment]);
  return PLANS.find((plan) => plan.id === planId)!;
}

function invoiceFor(random: Random, account: AccountModel, issuedAt: number, amount: number, asOf: number): Omit<InvoiceDraft, 'periodStart' | 'periodEnd'> & { failed: boolean } {
  const terms = SEGMENTS[account.segment].paymentTermsDays;
  const dueAt = issuedAt + terms * DAY_SECONDS;
  if (random.chance(account.segment === 'SMB' ? 0.006 : 0.0025)) {
    const writtenOff = dueAt + PAYMENT_GRACE_DAYS * DAY_SECONDS <= asOf;
    return { issuedAt, dueAt, amount, status: writtenOff ? 'void' : 'open', paidAt: null, failed: true };
  }
  // Small accounts pay by card when the invoice is issued (a few retries take days); larger ones pay by transfer around the due date.
  const delay = account.segment === 'SMB'
    ? (random.chance(0.05) ? random.int(1, 10) * DAY_SECONDS : random.int(60, 3600))
    : Math.max(0.2, random.normal(terms - 4, 8)) * DAY_SECONDS;
  const paidAt = Math.round(issuedAt + delay);
  return paidAt <= asOf
    ? { issuedAt, dueAt, amount, status: 'paid', paidAt, failed: false }
    : { issuedAt, dueAt, amount, status: 'open', paidAt: null, failed: false };
}

function simulate(random: Random, span: SampleTimeSpan, account: AccountModel, startedAt: number, withTrial: boolean): SubscriptionDraft[] {
  const asOf = timestampAt(span.lastDay + 1, 0);
  const segment = SEGMENTS[account.segment];
  const plan = planFor(random, account);
  const interval: BillingInterval = random.chance(segment.annual) ? 'annual' : 'monthly';
  const extraSeats = account.segment === 'SMB' ? (random.chance(0.3) ? random.int(1, 5) : 0) : Math.round(plan.includedSeats * random.between(0, 2.5));
  const seats = plan.includedSeats + extraSeats;
  const negotiated = plan.tier === 'enterprise' ? random.between(0.75, 1.05) : 1;
  const payingMrr = roundMoney((plan.monthlyPrice * seats / plan.includedSeats) * (interval === 'annual' ? 0.85 : 1) * negotiated);
  const trialEndsAt = withTrial ? startedAt + TRIAL_DAYS * DAY_SECONDS : null;
  const base = { account, plan, interval, seats, startedAt, trialEndsAt };
  if (trialEndsAt !== null && trialEndsAt > asOf) {
    return [{ ...base, status: 'trialing', mrr: 0, endedAt: null, churnReason: null, invoices: [] }];
  }
  if (trialEndsAt !== null && !account.established && !random.chance(segment.conversion)) {
    return [{ ...base, status: 'cancelled', mrr: 0, endedAt: trialEndsAt, churnReason: TRIAL_EXPIRED, invoices: [] }];
  }

  const billingStart = dayOfTimestamp(trialEndsAt ?? startedAt);
  const months = interval === 'annual' ? 12 : 1;
  const invoices: InvoiceDraft[] = [];
  let endedAt: number | null = null;
  let churnReason: string | null = null;
  for (let period = 0; ; period += 1) {
    const periodStart = addMonths(billingStart, period * months);
    if (periodStart > span.lastDay) break;
    if (period > 0 && periodStart >= span.firstDay) {
      // Customers are likeliest to leave in their first few months.
      const hazard = interval === 'annual' ? ANNUAL_CHURN[plan.tier] : MONTHLY_CHURN[plan.tier] * (period < 4 ? 1.6 : 1);
      if (random.chance(hazard)) {
        endedAt = timestampAt(periodStart, random.between(0, 24));
        churnReason = random.pickWeighted(CHURN_REASONS);
        break;
      }
    }
    // Established customers' earlier periods were billed before the data begins.
    if (periodStart < span.firstDay) continue;
    const periodEnd = addMonths(billingStart, (period + 1) * months) - 1;
    const invoice = invoiceFor(random, account, timestampAt(periodStart, random.between(5, 7)), roundMoney(payingMrr * months), asOf);
    invoices.push({ periodStart, periodEnd, issuedAt: invoice.issuedAt, dueAt: invoice.dueAt, amount: invoice.amount, status: invoice.status, paidAt: invoice.paidAt });
    if (invoice.failed) {
      // Billing stops; after the grace period the subscription is cancelled for non-payment.
      if (invoice.status === 'void') {
        endedAt = invoice.dueAt + PAYMENT_GRACE_DAYS * DAY_SECONDS;
        churnReason = PAYMENT_FAILED;
      }
      break;
    }
  }
  const overdue = invoices.some((invoice) => invoice.status === 'open' && invoice.dueAt < asOf);
  const status: SubscriptionStatus = endedAt !== null ? 'cancelled' : overdue ? 'past_due' : 'active';
  const drafts: SubscriptionDraft[] = [{ ...base, status, mrr: payingMrr, endedAt, churnReason, invoices }];
  // Some customers who left of their own accord come back a few months later, without a trial.
  if (endedAt !== null && churnReason !== PAYMENT_FAILED && random.chance(0.12)) {
    const returnAt = endedAt + random.int(60, 300) * DAY_SECONDS;
    if (returnAt < asOf) drafts.push(...simulate(random, span, { ...account, established: false }, returnAt, false));
  }
  return drafts;
}

export function generateSaasSubscriptions(random: Random, span: SampleTimeSpan, accounts: readonly AccountModel[]): SaasSubscriptions {
  const drafts = accounts
    .flatMap((account) => simulate(random, span, account, account.createdAt, true))
    .sort((left, right) => left.startedAt - right.startedAt || left.account.id - right.account.id);

  const subscriptionRows: CellValue[][] = [];
  const invoiceDrafts: (InvoiceDraft & { subscriptionId: number; accountId: number })[] = [];
  const activePeriods: ActivePeriod[] = [];
  drafts.forEach((draft, index) => {
    const id = index + 1;
    subscriptionRows.push([id, draft.account.id, draft.plan.id, draft.status, draft.interval, draft.seats, draft.mrr.toFixed(2),
      formatTimestamp(draft.startedAt), draft.trialEndsAt === null ? null : formatTimestamp(draft.trialEndsAt),
      draft.endedAt === null ? null : formatTimestamp(draft.endedAt), draft.churnReason]);
    for (const invoice of draft.invoices) invoiceDrafts.push({ ...invoice, subscriptionId: id, accountId: draft.account.id });
    const fromDay = Math.max(span.firstDay, dayOfTimestamp(draft.startedAt));
    const toDay = draft.endedAt === null ? span.lastDay : Math.min(span.lastDay, dayOfTimestamp(draft.endedAt));
    if (toDay >= fromDay) activePeriods.push({ account: draft.account, fromDay, toDay });
  });
  invoiceDrafts.sort((left, right) => left.issuedAt - right.issuedAt || left.subscriptionId - right.subscriptionId);
  const invoiceRows = invoiceDrafts.map((invoice, index) => [
    index + 1, `TW-${String(index + 1).padStart(6, '0')}`, invoice.accountId, invoice.subscriptionId,
    formatDay(invoice.periodStart), formatDay(invoice.periodEnd), formatTimestamp(invoice.issuedAt), formatTimestamp(invoice.dueAt),
    invoice.amount.toFixed(2), invoice.status, invoice.paidAt === null ? null : formatTimestamp(invoice.paidAt),
  ]);

  return {
    tables: [
      { table: 'subscriptions', columns: ['id', 'account_id', 'plan_id', 'status', 'billing_interval', 'seats', 'mrr', 'started_at', 'trial_ends_at', 'ended_at', 'churn_reason'], rows: subscriptionRows },
      { table: 'invoices', columns: ['id', 'invoice_number', 'account_id', 'subscription_id', 'period_start', 'period_end', 'issued_at', 'due_at', 'amount', 'status', 'paid_at'], rows: invoiceRows },
    ],
    activePeriods,
  };
}
