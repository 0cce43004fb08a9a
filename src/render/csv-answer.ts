/**
 * The CSV answer: the first table as RFC 4180 text. One header row of column labels, then the
 * exact values of the JSON answer's table (numbers unrounded, dates as the ISO strings the
 * connector returned, null as an empty field), CRLF line ends, no byte-order mark.
 *
 * Values are written as they are, even text that starts with `=`, `+`, `-` or `@`: prefixing it
 * (the usual guard against spreadsheet formulas) would change the value; the xlsx form is the
 * one meant for spreadsheets, and its cells are never formulas.
 */
import type { AnswerInput, AnswerTable } from './answer.ts';
import { buildAnswerTable } from './answer-table.ts';

const LINE_END = '\r\n';

export function buildCsvAnswer(input: AnswerInput): string {
  return tableToCsv(buildAnswerTable(input.query, input.result));
}

export function tableToCsv(table: AnswerTable): string {
  const lines = [table.columns.map((column) => csvField(column.label))];
  for (const row of table.rows) lines.push(row.map((value) => csvField(csvText(value))));
  return lines.map((fields) => fields.join(',')).join(LINE_END) + LINE_END;
}

/** A table cell as text: numbers in JavaScript's shortest exact form, objects as JSON. */
function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** RFC 4180 §2.6–2.7: a field holding a comma, a quote or a line break is quoted, quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
