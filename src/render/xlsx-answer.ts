/**
 * The xlsx answer: the first table as an Office Open XML workbook (one sheet, "Answer"), written
 * by ExcelJS. Numbers are number cells and dates date cells, so a spreadsheet sorts and sums them;
 * text is never a formula. ExcelJS is loaded on first use: most answers never need it.
 */
import type { AnswerInput, AnswerTable, TableColumn } from './answer.ts';
import { buildAnswerTable } from './answer-table.ts';

const DATE_FORMAT = 'yyyy-mm-dd';
const TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Digits a spreadsheet number holds exactly; longer numbers stay text so that no digit is lost. */
const MAX_EXACT_DIGITS = 15;

export async function buildXlsxAnswer(input: AnswerInput): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const table = buildAnswerTable(input.query, input.result);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Querent';
  workbook.created = input.answeredAt;
  workbook.title = input.question;
  workbook.subject = input.interpretation;
  const sheet = workbook.addWorksheet('Answer', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, index) => ({
    header: column.label,
    key: column.name,
    width: columnWidth(column, table, index),
    ...(column.type === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
    ...(column.type === 'timestamp' ? { style: { numFmt: TIMESTAMP_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map((value, index) => cellValue(value, table.columns[index]!)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type CellValue = string | number | boolean | Date | null;

/** A table value as a typed cell; values that cannot be converted exactly stay text. */
export function cellValue(value: unknown, column: TableColumn): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'string') return JSON.stringify(value);
  switch (column.type) {
    case 'integer':
    case 'number':
      return exactNumber(value) ?? value;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? validDate(`${value}T00:00:00Z`) ?? value : value;
    case 'timestamp':
      // Spreadsheets have no time zones: an instant is shown in UTC, a local time as it is.
      return validDate(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value.replace(' ', 'T')}Z`) ?? value;
    default:
      return value;
  }
}

function exactNumber(text: string): number | undefined {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const digits = `${match[1]}${match[2] ?? ''}`.replace(/^0+/, '');
  return digits.length <= MAX_EXACT_DIGITS ? Number(text) : undefined;
}

function validDate(text: string): Date | undefined {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function columnWidth(column: TableColumn, table: AnswerTable, index: number): number {
  const longest = table.rows.slice(0, 200).reduce((width, row) => Math.max(width, String(row[index] ?? '').length), column.label.length);
  return Math.min(Math.max(longest + 2, 10), 60);
}
