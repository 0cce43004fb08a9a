/** Small word helpers for the English sentences of the text answer. */
import pluralize from 'pluralize';
import { cleanText, formatValue } from './format-value.ts';
import type { ColumnInfo } from './result-columns.ts';

/** `Total revenue` → `total revenue`; acronyms (`SKU`, `VAT rate`) keep their case. */
export function lowerFirst(label: string): string {
  const [first = '', second = ''] = label;
  return second !== '' && second === second.toUpperCase() && /[A-Z]/.test(second) ? label : first.toLowerCase() + label.slice(1);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `customer` → `customers`, `SKU` → `SKUs`; one thing stays singular. */
export function plural(noun: string, count = 2): string {
  if (count === 1) return noun;
  const lastWord = noun.split(' ').pop() ?? noun;
  if (lastWord.length > 1 && lastWord === lastWord.toUpperCase()) return `${noun}s`;
  return pluralize(noun);
}

/** `was` or `were`, after a label such as "Total revenue" or "Orders". */
export function wasOrWere(label: string): string {
  // The verb agrees with the head noun: "share of orders was", "number of customers was".
  const head = label.trim().split(/\s+of\s+/i)[0] ?? '';
  const lastWord = (head.split(' ').pop() ?? '').toLowerCase();
  return pluralize.isPlural(lastWord) && !pluralize.isSingular(lastWord) ? 'were' : 'was';
}

/** `a`, `a and b`, `a, b and c`. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Appends a phrase with one space, when there is one. */
export function withPhrase(text: string, phrase: string): string {
  return phrase === '' ? text : `${text} ${phrase}`;
}

/** A value of a row as a person reads it. */
export function cell(row: readonly unknown[], column: ColumnInfo): string {
  return formatValue(row[column.index], column);
}

/** A category value inside a sentence: one line, not too long. */
export function name(row: readonly unknown[], column: ColumnInfo): string {
  return cleanText(cell(row, column), 60);
}

/** Ensures the sentence ends with a full stop (or other closing punctuation). */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
