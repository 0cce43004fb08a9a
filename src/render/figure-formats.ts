/**
 * How a figure writes a measure's numbers: d3-format strings for axes and tooltips, and the Vega
 * number locale that gives d3's `$` the currency symbol Intl writes for the measure's currency
 * code, so that axes read "€1,200,000" and tooltips "€1,234.50" as the text does.
 */
import { isCurrency } from '../query/logical-query.ts';
import { isCount, isShare } from './format-value.ts';
import type { ColumnInfo } from './result-columns.ts';

type Spec = Record<string, unknown>;

/** "Revenue (EUR)", "Orders"; a share's axis says "%" on every label instead. */
export function axisTitle(column: ColumnInfo): string {
  if (column.unit === undefined || column.unit === '' || isShare(column)) return column.label;
  return `${column.label} (${column.unit})`;
}

/** d3-format for an axis: whole numbers for counts, percent for shares, the currency for money. */
export function axisFormat(column: ColumnInfo): string {
  if (isCount(column)) return ',d';
  if (isShare(column)) return '.1~%';
  if (isCurrency(column.unit)) return `$,.${currencyDigits(column.unit)}~f`;
  return ',.2~f';
}

/** d3-format for a tooltip: as the axis, with money always showing its minor unit (cents). */
export function tooltipFormat(column: ColumnInfo): string {
  if (isCount(column)) return ',d';
  if (isShare(column)) return '.1%';
  if (isCurrency(column.unit)) return `$,.${currencyDigits(column.unit)}f`;
  return ',.2~f';
}

/** Digits of the currency's minor unit: 2 for EUR, 0 for JPY. */
function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `config` of a spec whose measure is `column`, merged with `extra`: for money, the number locale
 * whose currency is Intl's prefix and suffix for the code ("€", "CHF ").
 */
export function measureConfig(column: ColumnInfo, extra: Spec = {}): Spec {
  if (!isCurrency(column.unit)) return Object.keys(extra).length === 0 ? {} : { config: extra };
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: column.unit }).formatToParts(1);
  const numberPart = (part: Intl.NumberFormatPart): boolean => ['integer', 'decimal', 'fraction', 'group'].includes(part.type);
  const first = parts.findIndex(numberPart);
  const last = parts.findLastIndex(numberPart);
  const text = (from: number, to?: number): string => parts.slice(from, to).map((part) => part.value).join('');
  const currency = [text(0, first), text(last + 1)];
  return { config: { ...extra, locale: { number: { decimal: '.', thousands: ',', grouping: [3], currency } } } };
}
