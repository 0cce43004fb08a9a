/** read_group (≤18, deprecated in 19) and formatted_read_group (19): the same groups in two result shapes. */
import type { GroupSpec } from './group-specs.ts';
import { runGroupQuery, type GroupRow } from './group-query.ts';
import type { OdooEnvironment } from './record-rules.ts';
import { formatValue } from './sql-context.ts';

export interface ReadGroupOptions { domain?: unknown; fields?: unknown; groupby?: unknown; offset?: unknown; limit?: unknown; orderby?: unknown; lazy?: unknown }

export async function readGroup(environment: OdooEnvironment, model: string, options: ReadGroupOptions): Promise<Record<string, unknown>[]> {
  const allGroupby = typeof options.groupby === 'string' ? [options.groupby] : Array.isArray(options.groupby) ? options.groupby : [];
  const lazy = options.lazy !== false;
  const groupby = lazy ? allGroupby.slice(0, 1) : allGroupby;
  const domain = Array.isArray(options.domain) ? options.domain : [];
  const result = await runGroupQuery(environment, model, {
    domain, groupby, aggregates: Array.isArray(options.fields) ? options.fields : [], legacyAggregates: true,
    order: options.orderby, offset: options.offset, limit: options.limit,
  });
  // Lazy grouping names the count after the first groupby field (e.g. `date_count`); otherwise it is `__count`.
  const countKey = lazy && groupby.length > 0 ? `${String(groupby[0]).split(':')[0]}_count` : '__count';
  const hasDates = result.groups.some((group) => isDateBucket(group));
  return result.rows.map((row) => {
    const record: Record<string, unknown> = {};
    const groupDomain: unknown[] = [];
    const ranges: Record<string, unknown> = {};
    result.groups.forEach((group, index) => {
      const value = groupValue(group, row, index, environment);
      record[group.spec] = Array.isArray(value) && isDateBucket(group) ? value[1] : value;
      groupDomain.push(...leafDomain(group, row, index));
      if (isDateBucket(group)) ranges[group.spec] = row.values[index] === null ? false : { from: row.outer[index][1], to: row.outer[index][2] };
    });
    Object.assign(record, numbers(row.aggregates));
    record[countKey] = row.count;
    record.__domain = andDomains(groupDomain, domain);
    if (hasDates) record.__range = ranges;
    if (lazy && allGroupby.length > 1) record.__context = { group_by: allGroupby.slice(1) };
    return record;
  });
}

export interface FormattedReadGroupOptions { domain?: unknown; groupby?: unknown; aggregates?: unknown; having?: unknown; offset?: unknown; limit?: unknown; order?: unknown }

export async function formattedReadGroup(environment: OdooEnvironment, model: string, options: FormattedReadGroupOptions): Promise<Record<string, unknown>[]> {
  const groupby = Array.isArray(options.groupby) ? options.groupby : typeof options.groupby === 'string' ? [options.groupby] : [];
  const aggregates = Array.isArray(options.aggregates) ? options.aggregates : [];
  const result = await runGroupQuery(environment, model, {
    domain: Array.isArray(options.domain) ? options.domain : [], groupby, aggregates, legacyAggregates: false,
    having: options.having, order: options.order, offset: options.offset, limit: options.limit,
  });
  return result.rows.map((row) => {
    const record: Record<string, unknown> = {};
    const extraDomain: unknown[] = [];
    result.groups.forEach((group, index) => {
      record[group.spec] = groupValue(group, row, index, environment);
      extraDomain.push(...leafDomain(group, row, index));
    });
    Object.assign(record, numbers(row.aggregates));
    if (aggregates.includes('__count')) record.__count = row.count;
    record.__extra_domain = andDomains(extraDomain, []);
    return record;
  });
}

function isDateBucket(group: GroupSpec): boolean {
  return (group.definition.type === 'date' || group.definition.type === 'datetime') && !String(group.granularity).includes('_');
}

/** many2one → [id, name]; date bucket → [start day, label]; empty → false. */
function groupValue(group: GroupSpec, row: GroupRow, index: number, environment: OdooEnvironment): unknown {
  const value = row.values[index];
  if (value === null || value === undefined) return false;
  if (group.definition.type === 'many2one') return [value, row.outer[index][0] ?? false];
  if (isDateBucket(group)) {
    const day = String(row.outer[index][0]);
    return [day, dateLabel(day, group.granularity ?? 'month', environment.context.lang)];
  }
  return formatValue(group.definition, value);
}

function leafDomain(group: GroupSpec, row: GroupRow, index: number): unknown[] {
  const value = row.values[index];
  if (value === null || value === undefined) return [[group.name, '=', false]];
  if (isDateBucket(group)) return ['&', [group.name, '>=', row.outer[index][1]], [group.name, '<', row.outer[index][2]]];
  if (group.granularity !== undefined) return [[`${group.name}.${group.granularity}`, '=', value]];
  return [[group.name, '=', value]];
}

function numbers(aggregates: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(aggregates).map(([key, value]) => [key, value === null ? false : value]));
}

/** Babel-like labels as Odoo formats them for en_US: 'January 2024', 'Q1 2024', 'W1 2024', '01 Jan 2024', '2024'. */
export function dateLabel(day: string, granularity: string, lang: unknown): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  const locale = typeof lang === 'string' ? lang.replace('_', '-') : 'en-US';
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options }).format(date);
  if (granularity === 'year') return String(year);
  if (granularity === 'quarter') return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
  if (granularity === 'month') return format({ month: 'long', year: 'numeric' });
  if (granularity === 'week') {
    const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * 86_400_000);
    const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
    const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / 604_800_000 - (3 - ((firstThursday.getUTCDay() + 6) % 7)) / 7);
    return `W${week} ${thursday.getUTCFullYear()}`;
  }
  return `${String(dayOfMonth).padStart(2, '0')} ${format({ month: 'short' })} ${year}`;
}

/** `expression.AND`: each operand normalised with explicit '&', then joined. */
export function andDomains(first: unknown[], second: unknown[]): unknown[] {
  const operands = [first, second].filter((domain) => domain.length > 0).map(normalise);
  if (operands.length === 0) return [];
  if (operands.length === 1) return operands[0];
  return ['&', ...operands[0], ...operands[1]];
}

function normalise(domain: unknown[]): unknown[] {
  let expressions = 0;
  for (const token of domain) {
    if (token === '&' || token === '|') expressions -= 1;
    else if (token !== '!') expressions += 1;
  }
  return [...Array.from({ length: Math.max(0, expressions - 1) }, () => '&'), ...domain];
}
