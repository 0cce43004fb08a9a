/**
 * The `saas` sample: DDL and comments for a fictional subscription software company. Amounts are in
 * USD. State names are declared once here and used both in CHECK constraints and the generator.
 */

export const ACCOUNT_SEGMENTS = ['SMB', 'Mid-Market', 'Enterprise'] as const;
export type AccountSegment = (typeof ACCOUNT_SEGMENTS)[number];

export const PLAN_TIERS = ['starter', 'team', 'business', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type SaasInvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ['open', 'pending', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_CHANNELS = ['email', 'chat', 'web', 'phone'] as const;
export type TicketChannel = (typeof TICKET_CHANNELS)[number];

export const SUPPORT_TEAMS = ['Frontline', 'Technical', 'Billing'] as const;
export type SupportTeam = (typeof SUPPORT_TEAMS)[number];

function oneOf(column: string, values: readonly string[]): string {
  return `CHECK (${column} IN (${values.map((value) => `'${value}'`).join(', ')}))`;
}

export const SAAS_SCHEMA_SQL = `
CREATE TABLE plans (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  tier text NOT NULL ${oneOf('tier', PLAN_TIERS)},
  monthly_price numeric(12,2) NOT NULL CHECK (monthly_price > 0),
  included_seats integer NOT NULL CHECK (included_seats > 0),
  is_public boolean NOT NULL
);
CREATE TABLE accounts (
  id integer PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL UNIQUE,
  country text NOT NULL,
  industry text NOT NULL,
  segment text NOT NULL ${oneOf('segment', ACCOUNT_SEGMENTS)},
  employee_count integer NOT NULL CHECK (employee_count > 0),
  created_at timestamptz NOT NULL
);
CREATE TABLE subscriptions (
  id integer PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  plan_id integer NOT NULL REFERENCES plans (id),
  status text NOT NULL ${oneOf('status', SUBSCRIPTION_STATUSES)},
  billing_interval text NOT NULL ${oneOf('billing_interval', BILLING_INTERVALS)},
  seats integer NOT NULL CHECK (seats > 0),
  mrr numeric(12,2) NOT NULL CHECK (mrr >= 0),
  started_at timestamptz NOT NULL,
  trial_ends_at timestamptz,
  ended_at timestamptz,
  churn_reason text,
  CHECK ((status = 'cancelled') = (ended_at IS NOT NULL)),
  CHECK (churn_reason IS NULL OR status = 'cancelled')
);
CREATE INDEX subscriptions_account_id_idx ON subscriptions (account_id);
CREATE INDEX subscriptions_plan_id_idx ON subscriptions (plan_id);
CREATE TABLE invoices (
  id integer PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  account_id integer NOT NULL REFERENCES accounts (id),
  subscription_id integer NOT NULL REFERENCES subscriptions (id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  issued_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  amount numeric(12,2) NOT NULL CHECK (amount >= 0),
  status text NOT NULL ${oneOf('status', INVOICE_STATUSES)},
  paid_at timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK (period_end >= period_start AND due_at >= issued_at)
);
CREATE INDEX invoices_account_id_idx ON invoices (account_id);
CREATE INDEX invoices_subscription_id_idx ON invoices (subscription_id);
CREATE INDEX invoices_issued_at_idx ON invoices (issued_at);
CREATE TABLE support_agents (
  id integer PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  team text NOT NULL ${oneOf('team', SUPPORT_TEAMS)},
  hired_on date NOT NULL
);
CREATE TABLE support_tickets (
  id integer PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  agent_id integer REFERENCES support_agents (id),
  subject text NOT NULL,
  category text NOT NULL,
  priority text NOT NULL ${oneOf('priority', TICKET_PRIORITIES)},
  status text NOT NULL ${oneOf('status', TICKET_STATUSES)},
  channel text NOT NULL ${oneOf('channel', TICKET_CHANNELS)},
  opened_at timestamptz NOT NULL,
  first_response_at timestamptz,
  resolved_at timestamptz,
  resolution_hours numeric(8,1),
  satisfaction_score smallint CHECK (satisfaction_score BETWEEN 1 AND 5),
  CHECK ((resolved_at IS NULL) = (resolution_hours IS NULL))
);
CREATE INDEX support_tickets_account_id_idx ON support_tickets (account_id);
CREATE INDEX support_tickets_agent_id_idx ON support_tickets (agent_id);
CREATE INDEX support_tickets_opened_at_idx ON support_tickets (opened_at);

COMMENT ON TABLE plans IS 'Price plans; an account subscribes to one plan at a time';
COMMENT ON COLUMN plans.tier IS 'starter, team, business or enterprise';
COMMENT ON COLUMN plans.monthly_price IS 'List price per month in USD for the included seats';
COMMENT ON COLUMN plans.included_seats IS 'User seats included in the list price; extra seats cost the same per seat';
COMMENT ON COLUMN plans.is_public IS 'True when new customers can still choose the plan; false for legacy plans';
COMMENT ON TABLE accounts IS 'Customer companies that signed up, whether or not they ever paid';
COMMENT ON COLUMN accounts.domain IS 'Web domain of the customer company (fictional)';
COMMENT ON COLUMN accounts.segment IS 'Company size segment: SMB, Mid-Market or Enterprise';
COMMENT ON COLUMN accounts.employee_count IS 'Number of people working at the customer company';
COMMENT ON COLUMN accounts.created_at IS 'When the account signed up (start of its trial)';
COMMENT ON TABLE subscriptions IS 'Subscriptions of accounts to plans, from trial start to cancellation';
COMMENT ON COLUMN subscriptions.status IS 'trialing, active, past_due (an invoice is overdue) or cancelled';
COMMENT ON COLUMN subscriptions.billing_interval IS 'monthly or annual (annual is invoiced once a year at a discount)';
COMMENT ON COLUMN subscriptions.seats IS 'Number of user seats paid for';
COMMENT ON COLUMN subscriptions.mrr IS 'Monthly recurring revenue in USD (annual price / 12); kept after cancellation, so current MRR counts only active and past_due subscriptions; 0 during a trial and for trials that never converted';
COMMENT ON COLUMN subscriptions.started_at IS 'When the subscription (and its trial, if any) started';
COMMENT ON COLUMN subscriptions.trial_ends_at IS 'End of the free trial; empty when the subscription started without one';
COMMENT ON COLUMN subscriptions.ended_at IS 'When the subscription was cancelled; empty while it runs';
COMMENT ON COLUMN subscriptions.churn_reason IS 'Why a cancelled subscription ended, e.g. Too expensive or Trial expired';
COMMENT ON TABLE invoices IS 'Invoices for subscription periods, one per month or per year';
COMMENT ON COLUMN invoices.invoice_number IS 'Invoice number shown to the customer';
COMMENT ON COLUMN invoices.period_start IS 'First day of the billed service period';
COMMENT ON COLUMN invoices.period_end IS 'Last day of the billed service period';
COMMENT ON COLUMN invoices.due_at IS 'When payment is due; an open invoice past this time is overdue';
COMMENT ON COLUMN invoices.amount IS 'Invoice amount in USD, excluding tax';
COMMENT ON COLUMN invoices.status IS 'open (not yet paid), paid or void (cancelled after payment failed)';
COMMENT ON COLUMN invoices.paid_at IS 'When the invoice was paid; empty unless paid';
COMMENT ON TABLE support_agents IS 'People in the support team who answer tickets';
COMMENT ON COLUMN support_agents.team IS 'Frontline, Technical or Billing';
COMMENT ON TABLE support_tickets IS 'Customer support requests';
COMMENT ON COLUMN support_tickets.agent_id IS 'Agent handling the ticket; empty while unassigned';
COMMENT ON COLUMN support_tickets.category IS 'Topic, e.g. Bug, Billing, How-to, Integration';
COMMENT ON COLUMN support_tickets.priority IS 'low, normal, high or urgent';
COMMENT ON COLUMN support_tickets.status IS 'open (waiting for support), pending (waiting for the customer), solved, or closed (solved and archived)';
COMMENT ON COLUMN support_tickets.channel IS 'How the customer reached support: email, chat, web or phone';
COMMENT ON COLUMN support_tickets.first_response_at IS 'First reply from an agent; empty if none yet';
COMMENT ON COLUMN support_tickets.resolved_at IS 'When the ticket was solved; empty while unresolved';
COMMENT ON COLUMN support_tickets.resolution_hours IS 'Hours from opened_at to resolved_at; empty while unresolved';
COMMENT ON COLUMN support_tickets.satisfaction_score IS 'Customer rating after resolution, 1 (poor) to 5 (great); empty if not rated';
`;
