/**
 * Odoo results → ResultTable rows with exact values:
 * - `false` means "empty" for every type but boolean, so it becomes null (booleans keep `false`);
 * - many2one `[id, "name"]` becomes the name, selection keys their labels (as Odoo shows them);
 * - datetimes, stored and sent in UTC as `YYYY-MM-DD HH:MM:SS`, become ISO strings with `Z`;
 *   dates stay `YYYY-MM-DD`;
 * - a date group-by becomes the ISO start date of its period: `__range[spec].from` from
 *   `read_group` (≤18; its label is locale-formatted), the first item of `[value, label]` from
 *   `formatted_read_group` (19+).
 */
import type { ResultTable } from '../connector.ts';
import type { TimeGrain } from '../../query/logical-query.ts';
import { QuerentError } from '../../core/errors.ts';
import { groupSpec, sourceKey, usesFormattedReadGroup, type GroupPlan, type OdooPlan, type OutputColumn } from './odoo-plan.ts';

const ODOO_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/;
const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

/** One field value as the result shows it. */
export function normaliseValue(value: unknown, column: Pick<OutputColumn, 'type' | 'nativeType' | 'choices'>): unknown {
  if (column.type === 'boolean') return value === null || value === undefined ? null : value === true;
  if (value === false || value === null || value === undefined) return null;
  if (column.nativeType === 'many2one' && Array.isArray(value)) return typeof value[1] === 'string' ? value[1] : (value[0] ?? null);
  if (typeof value === 'string') {
    if (column.choices !== undefined) return column.choices.find((choice) => choice.value === value)?.label ?? value;
    if (column.nativeType === 'datetime') {
      const match = ODOO_DATETIME.exec(value);
      if (match !== null) return `${match[1]}T${match[2]}${match[3] ?? ''}Z`;
    }
    if ((column.type === 'number' || column.type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** The rows of a call's result, cut to `rowCap`. */
export function toResultTable(plan: OdooPlan, result: unknown, major: number, rowCap: number): ResultTable {
  const columns = plan.output.map((column) => ({ name: column.id, type: column.type }));
  let rows: unknown[][];
  if (plan.kind === 'search_count') {
    if (typeof result !== 'number') throw malformed('search_count');
    rows = [plan.output.map(() => result)];
  } else if (plan.kind === 'search_read') {
    rows = recordsOf(result, 'search_read').map((record) => plan.output.map((column) => normaliseValue(record[(column.source as { name: string }).name], column)));
  } else {
    const groups = recordsOf(result, usesFormattedReadGroup(major) ? 'formatted_read_group' : 'read_group');
    rows = groups.map((group) => plan.output.map((column) => groupValue(plan, group, column, major)));
  }
  const truncated = rows.length > rowCap;
  return { columns, rows: truncated ? rows.slice(0, rowCap) : rows, truncated };
}

function groupValue(plan: GroupPlan, group: Record<string, unknown>, column: OutputColumn, major: number): unknown {
  const { source } = column;
  const key = sourceKey(plan, source, major);
  const value = group[key];
  if (source.kind === 'count') return typeof value === 'number' ? value : 0;
  if (source.kind === 'aggregate') return normaliseValue(value, { type: 'number', nativeType: 'float' });
  if (source.kind !== 'group') return normaliseValue(value, column);
  const groupKey = plan.groupby[source.index]!;
  if (groupKey.grain === undefined) return normaliseValue(value, column);
  if (value === false || value === null || value === undefined) return null;
  // 19+: ["2024-01-01", "January 2024"].
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0].slice(0, 10) : null;
  // ≤18: the machine value is in __range; the label is locale-formatted.
  const range = (group['__range'] as Record<string, { from?: unknown }> | undefined)?.[groupSpec(groupKey)];
  if (typeof range?.from === 'string' && ISO_DATE_START.test(range.from)) return range.from.slice(0, 10);
  if (typeof value === 'string') return periodStartFromLabel(value, groupKey.grain) ?? value;
  return null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Servers that send no `__range` (before 16) only have the label; English (`en_US`, the default
 * `lang`) labels are read back. Other labels are returned unchanged.
 */
export function periodStartFromLabel(label: string, grain: TimeGrain): string | undefined {
  const text = label.trim().toLowerCase();
  let match: RegExpExecArray | null;
  if (grain === 'year' && (match = /^(\d{4})$/.exec(text)) !== null) return `${match[1]}-01-01`;
  if (grain === 'quarter' && (match = /^q([1-4]) (\d{4})$/.exec(text)) !== null) return `${match[2]}-${pad((Number(match[1]) - 1) * 3 + 1)}-01`;
  if (grain === 'month' && (match = /^([a-z]+) (\d{4})$/.exec(text)) !== null) {
    const month = MONTHS.findIndex((name) => name.startsWith(match![1]!.slice(0, 3)));
    return month < 0 ? undefined : `${match[2]}-${pad(month + 1)}-01`;
  }
  if (grain === 'day' && (match = /^(\d{1,2}) ([a-z]+) (\d{4})$/.exec(text)) !== null) {
    const month = MONTHS.findIndex((name) => name.startsWith(match![2]!.slice(0, 3)));
    return month < 0 ? undefined : `${match[3]}-${pad(month + 1)}-${pad(Number(match[1]))}`;
  }
  return undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function recordsOf(result: unknown, method: string): Record<string, unknown>[] {
  // web_read_group-style wrappers answer `{ groups: […] }`.
  const list = Array.isArray(result) ? result : (result as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'object' && item !== null)) throw malformed(method);
  return list as Record<string, unknown>[];
}

function malformed(method: string): QuerentError {
  return new QuerentError('internal_error', `The Odoo server answered ${method} with an unexpected shape.`);
}
