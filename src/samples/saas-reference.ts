/**
 * Fixed reference lists for the `saas` sample: a fictional project and time-tracking product sold
 * worldwide in USD. Hand-written so the data reads like a real subscription business.
 */
import type { AccountSegment, PlanTier, TicketPriority } from './saas-schema.ts';

export const SAAS_COMPANY = 'Tallyworks';

export interface PlanProfile {
  readonly id: number;
  readonly name: string;
  readonly tier: PlanTier;
  /** USD per month for the included seats. */
  readonly monthlyPrice: number;
  readonly includedSeats: number;
  /** False for legacy plans, held only by accounts older than the data. */
  readonly isPublic: boolean;
}

export const PLANS: readonly PlanProfile[] = [
  { id: 1, name: 'Starter (legacy)', tier: 'starter', monthlyPrice: 19, includedSeats: 2, isPublic: false },
  { id: 2, name: 'Team (legacy)', tier: 'team', monthlyPrice: 79, includedSeats: 10, isPublic: false },
  { id: 3, name: 'Starter', tier: 'starter', monthlyPrice: 29, includedSeats: 3, isPublic: true },
  { id: 4, name: 'Team', tier: 'team', monthlyPrice: 99, includedSeats: 10, isPublic: true },
  { id: 5, name: 'Business', tier: 'business', monthlyPrice: 349, includedSeats: 25, isPublic: true },
  { id: 6, name: 'Enterprise', tier: 'enterprise', monthlyPrice: 1500, includedSeats: 100, isPublic: true },
];

/** Which public plan (by id) a new account of each segment chooses, with weights. */
export const PLAN_CHOICE: Readonly<Record<AccountSegment, readonly (readonly [number, number])[]>> = {
  SMB: [[3, 55], [4, 38], [5, 7]],
  'Mid-Market': [[4, 35], [5, 55], [6, 10]],
  Enterprise: [[5, 35], [6, 65]],
};

/** Chance of cancelling at the end of a paid month (monthly billing), by tier. */
export const MONTHLY_CHURN: Readonly<Record<PlanTier, number>> = { starter: 0.035, team: 0.022, business: 0.013, enterprise: 0.006 };
/** Chance of not renewing at the end of a paid year (annual billing), by tier. */
export const ANNUAL_CHURN: Readonly<Record<PlanTier, number>> = { starter: 0.3, team: 0.2, business: 0.12, enterprise: 0.07 };

export const CHURN_REASONS: readonly (readonly [string, number])[] = [
  ['Too expensive', 28], ['Switched to a competitor', 20], ['Missing features', 18], ['No longer needed', 15],
  ['Company closed', 6], ['Poor support experience', 5], ['Too hard to use', 8],
];
export const TRIAL_EXPIRED = 'Trial expired';
export const PAYMENT_FAILED = 'Payment failed';

export interface SegmentProfile {
  readonly share: number;
  readonly employees: readonly [number, number];
  /** Chance a trial turns into a paid subscription. */
  readonly conversion: number;
  /** Chance of paying once a year instead of monthly. */
  readonly annual: number;
  /** Days to pay an invoice. */
  readonly paymentTermsDays: number;
  /** Support tickets per active month. */
  readonly ticketsPerMonth: number;
}

export const SEGMENTS: Readonly<Record<AccountSegment, SegmentProfile>> = {
  SMB: { share: 72, employees: [2, 99], conversion: 0.55, annual: 0.2, paymentTermsDays: 7, ticketsPerMonth: 0.17 },
  'Mid-Market': { share: 22, employees: [100, 999], conversion: 0.65, annual: 0.4, paymentTermsDays: 30, ticketsPerMonth: 0.5 },
  Enterprise: { share: 6, employees: [1000, 20000], conversion: 0.75, annual: 0.6, paymentTermsDays: 30, ticketsPerMonth: 1.2 },
};

export const ACCOUNT_COUNTRIES: readonly (readonly [string, string, number])[] = [
  ['United States', 'en_US', 45], ['United Kingdom', 'en_GB', 10], ['Canada', 'en_CA', 7], ['Germany', 'de', 7],
  ['Australia', 'en_AU', 5], ['France', 'fr', 4], ['Netherlands', 'nl', 4], ['India', 'en_IN', 4], ['Brazil', 'pt_BR', 3],
  ['Sweden', 'sv', 2], ['Spain', 'es', 2], ['Ireland', 'en_IE', 2], ['Mexico', 'es_MX', 2], ['Singapore', 'en', 2],
];

export const INDUSTRIES: readonly (readonly [string, number])[] = [
  ['Software', 18], ['Marketing & Advertising', 12], ['Consulting', 12], ['Construction', 8], ['Architecture', 6],
  ['Financial Services', 8], ['Healthcare', 6], ['Education', 6], ['Manufacturing', 7], ['Media', 5],
  ['Non-profit', 4], ['Retail', 4], ['Logistics', 4],
];

export const TICKET_CATEGORIES: readonly (readonly [string, number])[] = [
  ['How-to', 30], ['Bug', 20], ['Billing', 15], ['Integration', 13], ['Account access', 12], ['Feature request', 10],
];

/** Priority weights by ticket category. */
export const PRIORITY_MIX: Readonly<Record<string, readonly (readonly [TicketPriority, number])[]>> = {
  Bug: [['low', 10], ['normal', 45], ['high', 30], ['urgent', 15]],
  'Feature request': [['low', 70], ['normal', 30]],
  'Account access': [['normal', 50], ['high', 40], ['urgent', 10]],
  default: [['low', 30], ['normal', 55], ['high', 13], ['urgent', 2]],
};

const INTEGRATIONS = ['Slack', 'Salesforce', 'HubSpot', 'Zapier', 'QuickBooks', 'Google Sheets', 'Microsoft Teams', 'Xero', 'Jira'];
const FEATURES = ['timesheets', 'projects', 'dashboards', 'approvals', 'expenses', 'client budgets'];
const REPORTS = ['the utilisation report', 'the timesheet report', 'the project budget report', 'the billable hours report'];

export const SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  'How-to': ['How do I export {report} to CSV?', 'Setting up user roles for my team', 'How to change the default currency',
    'Question about {feature} settings', 'Where can I find the audit log?', 'Can we schedule {report} by email?', 'How do I archive old {feature}?'],
  Bug: ['{Feature} page does not load', 'Error 500 when saving {feature}', 'Numbers in {report} look wrong', 'Mobile app crashes on login',
    'Duplicate entries after CSV import', 'Notifications arrive twice', 'Totals in {report} do not match'],
  Billing: ['Invoice shows the wrong amount', 'Please update our billing address', 'Card payment failed', 'Request for a VAT invoice',
    'Question about charges after adding seats', 'Refund request', 'Switch to annual billing'],
  Integration: ['{integration} sync stopped working', 'Connecting {integration} fails with a timeout', 'API rate limit reached',
    'Webhook deliveries failing', 'Missing fields in the {integration} export'],
  'Account access': ['Cannot log in after password reset', 'Two-factor code not accepted', 'Locked out of the admin account',
    'SSO login loops back to the sign-in page', 'Please transfer account ownership'],
  'Feature request': ['Dark mode please', 'Custom fields for {feature}', 'Allow more than one workspace', 'Add a {integration} integration',
    'Bulk edit for {feature}'],
};

export function fillSubject(template: string, pick: <T>(items: readonly T[]) => T): string {
  return template
    .replace('{integration}', () => pick(INTEGRATIONS))
    .replace('{report}', () => pick(REPORTS))
    .replace('{feature}', () => pick(FEATURES))
    .replace('{Feature}', () => {
      const feature = pick(FEATURES);
      return feature.charAt(0).toUpperCase() + feature.slice(1);
    });
}

/** Outages: on these days many accounts write in at once about the same problem. */
export const INCIDENT_SUBJECTS: readonly string[] = ['Service unavailable: dashboards not loading', 'Timesheets fail to save (error 503)', 'Login page times out'];
