/**
 * The `saas` support team and tickets. Accounts write in while they are customers (more in their
 * first month, more when they are bigger), mostly on weekdays; a few outages bring bursts of urgent
 * tickets. Ticket states are the ones at the end of the anchor month.
 */
import { dayOfWeek, formatDay, formatTimestamp, officeHour, timestampAt, type SampleTimeSpan } from './calendar.ts';
import type { CellValue, TableRows } from './bulk-load.ts';
import { fictionalEmail, type FakerForLocale } from './fakers.ts';
import { slugify, type Random } from './random.ts';
import type { AccountModel } from './saas-accounts.ts';
import { INCIDENT_SUBJECTS, PRIORITY_MIX, SAAS_COMPANY, SEGMENTS, SUBJECTS, TICKET_CATEGORIES, fillSubject } from './saas-reference.ts';
import type { ActivePeriod } from './saas-subscriptions.ts';
import type { SupportTeam, TicketChannel, TicketPriority, TicketStatus } from './saas-schema.ts';

const HOUR_SECONDS = 3600;
const AGENTS: readonly (readonly [SupportTeam, number])[] = [['Frontline', 7], ['Technical', 4], ['Billing', 3]];
const FIRST_RESPONSE_HOURS: Readonly<Record<TicketPriority, number>> = { urgent: 0.4, high: 1.2, normal: 3.5, low: 9 };
const RESOLUTION_HOURS: Readonly<Record<TicketPriority, number>> = { urgent: 5, high: 14, normal: 30, low: 70 };
const INCIDENTS = 3;
/** Solved tickets are closed automatically after this many days. */
const CLOSE_AFTER_DAYS = 4;

interface AgentModel {
  readonly id: number;
  readonly team: SupportTeam;
  readonly hiredDay: number;
}

interface TicketDraft {
  readonly account: AccountModel;
  readonly openedAt: number;
  readonly category: string;
  readonly subject: string;
  readonly priority: TicketPriority;
  /** Set for outage tickets, which are all resolved when the outage ends. */
  readonly resolvedAt?: number;
}

function agents(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): { table: TableRows; models: AgentModel[] } {
  const rows: CellValue[][] = [];
  const models: AgentModel[] = [];
  const emails = new Set<string>();
  for (const [team, count] of AGENTS) {
    for (let index = 0; index < count; index += 1) {
      const faker = fakers(random.pick(['en_US', 'en_US', 'en_GB', 'en_CA']));
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const id = rows.length + 1;
      // The first agents of each team predate the data; the rest join as the customer base grows.
      const hiredDay = index < 2 || random.chance(0.4)
        ? span.firstDay - random.int(30, 5 * 365)
        : span.firstDay + random.int(60, span.lastDay - span.firstDay - 60);
      let localPart = `${slugify(firstName)}.${slugify(lastName)}`;
      if (emails.has(localPart)) localPart = `${localPart}${id}`;
      emails.add(localPart);
      rows.push([id, `${firstName} ${lastName}`, fictionalEmail(localPart, SAAS_COMPANY), team, formatDay(hiredDay)]);
      models.push({ id, team, hiredDay });
    }
  }
  return { table: { table: 'support_agents', columns: ['id', 'name', 'email', 'team', 'hired_on'], rows }, models };
}

function ticketDay(random: Random, fromDay: number, toDay: number): number {
  let day = random.int(fromDay, toDay);
  // Weekends are quiet: most weekend draws are moved to another day.
  for (let attempt = 0; attempt < 2 && (dayOfWeek(day) === 0 || dayOfWeek(day) === 6) && random.chance(0.75); attempt += 1) {
    day = random.int(fromDay, toDay);
  }
  return day;
}

function ordinaryTicket(random: Random, account: AccountModel, day: number, category: string): TicketDraft {
  let priority = random.pickWeighted(PRIORITY_MIX[category] ?? PRIORITY_MIX['default']!);
  if (account.segment === 'Enterprise' && priority !== 'urgent' && random.chance(0.2)) {
    priority = priority === 'low' ? 'normal' : priority === 'normal' ? 'high' : 'urgent';
  }
  return { account, openedAt: timestampAt(day, officeHour(random)), category, subject: fillSubject(random.pick(SUBJECTS[category]!), random.pick), priority };
}

function draftTickets(random: Random, span: SampleTimeSpan, periods: readonly ActivePeriod[]): TicketDraft[] {
  const drafts: TicketDraft[] = [];
  for (const period of periods) {
    const months = (period.toDay - period.fromDay + 1) / 30.44;
    const count = random.poisson(SEGMENTS[period.account.segment].ticketsPerMonth * months);
    for (let index = 0; index < count; index += 1) {
      drafts.push(ordinaryTicket(random, period.account, ticketDay(random, period.fromDay, period.toDay), random.pickWeighted(TICKET_CATEGORIES)));
    }
    // New customers ask how things work while they set up.
    if (period.fromDay > span.firstDay) {
      const onboardingEnd = Math.min(period.toDay, period.fromDay + 30);
      for (let index = random.poisson(0.4); index > 0; index -= 1) {
        drafts.push(ordinaryTicket(random, period.account, ticketDay(random, period.fromDay, onboardingEnd), 'How-to'));
      }
    }
  }
  for (let incident = 0; incident < INCIDENTS; incident += 1) {
    const day = random.int(span.firstDay + 30, span.lastDay - 10);
    const startsAt = timestampAt(day, random.between(8, 15));
    const endsAt = startsAt + random.between(3, 8) * HOUR_SECONDS;
    const affected = periods.filter((period) => period.fromDay <= day && period.toDay >= day);
    const subject = INCIDENT_SUBJECTS[incident % INCIDENT_SUBJECTS.length]!;
    for (let index = random.int(40, 80); index > 0 && affected.length > 0; index -= 1) {
      const openedAt = Math.round(startsAt + random.between(0, 2.5) * HOUR_SECONDS);
      drafts.push({
        account: random.pick(affected).account, openedAt, category: 'Bug', subject,
        priority: random.chance(0.6) ? 'urgent' : 'high', resolvedAt: Math.round(Math.max(openedAt + 0.2 * HOUR_SECONDS, endsAt + random.between(0, 1) * HOUR_SECONDS)),
      });
    }
  }
  return drafts.sort((left, right) => left.openedAt - right.openedAt || left.account.id - right.account.id);
}

function channelFor(random: Random, account: AccountModel): TicketChannel {
  return account.segment === 'Enterprise'
    ? random.pickWeighted([['email', 40], ['chat', 25], ['phone', 25], ['web', 10]] as const)
    : random.pickWeighted([['email', 45], ['chat', 30], ['web', 17], ['phone', 8]] as const);
}

function teamFor(category: string): SupportTeam {
  if (category === 'Billing') return 'Billing';
  return category === 'Bug' || category === 'Integration' ? 'Technical' : 'Frontline';
}

export function generateSaasSupport(random: Random, fakers: FakerForLocale, span: SampleTimeSpan, periods: readonly ActivePeriod[]): TableRows[] {
  const staff = agents(random, fakers, span);
  const asOf = timestampAt(span.lastDay + 1, 0);
  const rows = draftTickets(random, span, periods).map((draft, index): CellValue[] => {
    const day = Math.floor(draft.openedAt / 86_400);
    const hired = staff.models.filter((agent) => agent.hiredDay <= day);
    const team = hired.filter((agent) => agent.team === teamFor(draft.category));
    const agent = random.pick(team.length > 0 ? team : hired);
    const firstReplyAt = Math.round(draft.openedAt + random.logNormal(FIRST_RESPONSE_HOURS[draft.priority], 0.8) * HOUR_SECONDS);
    const typicalHours = draft.category === 'Feature request' ? 120 : RESOLUTION_HOURS[draft.priority];
    const resolvedAt = draft.resolvedAt ?? Math.round(Math.max(firstReplyAt + 600, draft.openedAt + random.logNormal(typicalHours, 1) * HOUR_SECONDS));
    // An outage can end before an agent got to the ticket; the resolution is then the first reply.
    const firstResponseAt = Math.min(firstReplyAt, resolvedAt);
    const answered = firstResponseAt <= asOf;
    const resolved = resolvedAt <= asOf;
    const status: TicketStatus = !answered ? 'open'
      : !resolved ? (random.chance(0.5) ? 'pending' : 'open')
      : resolvedAt > asOf - CLOSE_AFTER_DAYS * 86_400 ? 'solved' : 'closed';
    const resolutionHours = (resolvedAt - draft.openedAt) / HOUR_SECONDS;
    // Quick resolutions earn better ratings; about 40 % of customers rate.
    const score = resolved && random.chance(0.4)
      ? Math.min(5, Math.max(1, Math.round(random.normal(4.4 - 0.5 * Math.log2(resolutionHours / typicalHours), 0.8))))
      : null;
    return [index + 1, draft.account.id, answered ? agent!.id : null, draft.subject, draft.category, draft.priority, status,
      channelFor(random, draft.account), formatTimestamp(draft.openedAt), answered ? formatTimestamp(firstResponseAt) : null,
      resolved ? formatTimestamp(resolvedAt) : null, resolved ? resolutionHours.toFixed(1) : null, score];
  });
  return [
    staff.table,
    { table: 'support_tickets', columns: ['id', 'account_id', 'agent_id', 'subject', 'category', 'priority', 'status', 'channel', 'opened_at', 'first_response_at', 'resolved_at', 'resolution_hours', 'satisfaction_score'], rows },
  ];
}
