/**
 * The `saas` accounts: a base of established customers from before the data period, then sign-ups
 * that grow year on year, with fewer in August and December.
 */
import { dailyCounts, dayOfTimestamp, formatTimestamp, officeHour, timestampAt, type SampleTimeSpan } from './calendar.ts';
import type { TableRows } from './bulk-load.ts';
import { organisationDomain, uniqueCompanyName, type FakerForLocale } from './fakers.ts';
import type { Random } from './random.ts';
import { ACCOUNT_COUNTRIES, INDUSTRIES, SEGMENTS } from './saas-reference.ts';
import type { AccountSegment } from './saas-schema.ts';

export interface AccountModel {
  readonly id: number;
  readonly segment: AccountSegment;
  /** Sign-up time in seconds since the epoch. */
  readonly createdAt: number;
  /** True for customers that signed up before the data period and were paying when it began. */
  readonly established: boolean;
}

export interface SaasAccounts {
  readonly table: TableRows;
  readonly accounts: AccountModel[];
}

const ESTABLISHED_ACCOUNTS = 300;
const NEW_ACCOUNTS = 2150;

export function generateSaasAccounts(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): SaasAccounts {
  const signups: { createdAt: number; established: boolean }[] = [];
  for (let index = 0; index < ESTABLISHED_ACCOUNTS; index += 1) {
    signups.push({ createdAt: timestampAt(span.firstDay - random.int(45, 4 * 365), officeHour(random)), established: true });
  }
  const counts = dailyCounts(random, span, {
    total: NEW_ACCOUNTS,
    growthPerYear: 1.45,
    months: [1.2, 1.1, 1.1, 1, 1, 0.9, 0.8, 0.65, 1.1, 1.15, 1, 0.7],
    weekdays: [0.35, 1.1, 1.1, 1.05, 1, 0.9, 0.4],
  });
  counts.forEach((count, dayIndex) => {
    for (let index = 0; index < count; index += 1) {
      signups.push({ createdAt: timestampAt(span.firstDay + dayIndex, officeHour(random)), established: false });
    }
  });
  signups.sort((left, right) => left.createdAt - right.createdAt);

  const names = new Set<string>();
  const domains = new Set<string>();
  const segmentMix = Object.entries(SEGMENTS).map(([segment, profile]) => [segment as AccountSegment, profile.share] as const);
  const rows: (readonly [number, string, string, string, string, string, number, string])[] = [];
  const accounts = signups.map((signup, index): AccountModel => {
    const id = index + 1;
    const [country, locale] = random.pickWeighted(ACCOUNT_COUNTRIES.map(([name, code, weight]) => [[name, code] as const, weight] as const));
    const name = uniqueCompanyName(fakers(locale), names);
    let domain = organisationDomain(name);
    if (domains.has(domain)) domain = organisationDomain(name, String(id));
    domains.add(domain);
    // Established customers skew larger: small ones were more likely to have churned already.
    const segment = signup.established && random.chance(0.3) ? random.pick(['Mid-Market', 'Enterprise'] as const) : random.pickWeighted(segmentMix);
    const [fewest, most] = SEGMENTS[segment].employees;
    const employeeCount = Math.round(fewest * Math.pow(most / fewest, random.next()));
    rows.push([id, name, domain, country, random.pickWeighted(INDUSTRIES), segment, employeeCount, formatTimestamp(signup.createdAt)]);
    return { id, segment, createdAt: signup.createdAt, established: signup.established };
  });
  return {
    table: { table: 'accounts', columns: ['id', 'name', 'domain', 'country', 'industry', 'segment', 'employee_count', 'created_at'], rows },
    accounts,
  };
}

export function createdDay(account: AccountModel): number {
  return dayOfTimestamp(account.createdAt);
}
