/**
 * The result as a table for people: plain text (monospace columns) for the text part of an email,
 * and inline-styled HTML for the HTML part. Every value from the data is escaped.
 */
import { cleanText, formatValue } from './format-value.ts';
import type { ColumnInfo } from './result-columns.ts';

type Row = readonly unknown[];

/** Rows in the plain-text table of an email. */
export const TEXT_TABLE_ROWS = 20;
/** Rows in the HTML table of an email. */
export const HTML_TABLE_ROWS = 50;
/** Characters a plain-text cell keeps. */
const TEXT_CELL_WIDTH = 40;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Measures and decimal columns align right; whole numbers outside measures are identifiers. */
function isNumeric(column: ColumnInfo): boolean {
  return column.role === 'measure' || (column.type === 'number' && !column.temporal);
}

/** "… and 30 more rows", or '' when every row is shown. */
export function moreRows(total: number, shown: number, truncated: boolean): string {
  const rest = total - shown;
  const cut = truncated ? ' (the result was cut, so there are more)' : '';
  if (rest <= 0) return truncated ? `The result was cut at ${total.toLocaleString('en-US')} rows.` : '';
  return `… and ${rest.toLocaleString('en-US')} more ${rest === 1 ? 'row' : 'rows'}${cut}`;
}

export function textTable(rows: readonly Row[], columns: readonly ColumnInfo[], truncated: boolean, maxRows = TEXT_TABLE_ROWS): string {
  const shown = rows.slice(0, maxRows);
  const cells = shown.map((row) => columns.map((column) => cleanText(formatValue(row[column.index], column), TEXT_CELL_WIDTH)));
  const headers = columns.map((column) => cleanText(column.label, TEXT_CELL_WIDTH));
  const widths = headers.map((header, index) => Math.max(header.length, ...cells.map((line) => line[index]?.length ?? 0)));
  const align = (text: string, index: number): string => {
    const column = columns[index];
    const width = widths[index] ?? text.length;
    return column !== undefined && isNumeric(column) ? text.padStart(width) : text.padEnd(width);
  };
  const line = (values: readonly string[]): string => values.map(align).join('  ').trimEnd();
  const lines = [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)];
  const more = moreRows(rows.length, shown.length, truncated);
  return more === '' ? lines.join('\n') : `${lines.join('\n')}\n${more}`;
}

const CELL = 'padding:6px 10px;border-bottom:1px solid #e6e8eb;font-size:13px;vertical-align:top;';
const HEAD = 'padding:6px 10px;border-bottom:2px solid #d0d4d9;font-size:12px;text-align:left;color:#4b5563;font-weight:600;';

export function htmlTable(rows: readonly Row[], columns: readonly ColumnInfo[], truncated: boolean, maxRows = HTML_TABLE_ROWS): string {
  const shown = rows.slice(0, maxRows);
  const alignment = (column: ColumnInfo): string => (isNumeric(column) ? 'text-align:right;white-space:nowrap;' : 'text-align:left;');
  const head = columns
    .map((column) => `<th style="${HEAD}${isNumeric(column) ? 'text-align:right;' : ''}">${escapeHtml(column.label)}</th>`)
    .join('');
  const body = shown
    .map((row) => `<tr>${columns.map((column) => `<td style="${CELL}${alignment(column)}">${escapeHtml(formatValue(row[column.index], column))}</td>`).join('')}</tr>`)
    .join('\n');
  const table =
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;margin:0 0 8px;">\n` +
    `<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
  const more = moreRows(rows.length, shown.length, truncated);
  return more === '' ? table : `${table}\n<p style="margin:0 0 16px;font-size:12px;color:#6b7280;">${escapeHtml(more)}</p>`;
}
