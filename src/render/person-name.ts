/**
 * A person named by two columns (first_name and last_name of one entity) reads as one name:
 * "Anna Smith", under one label ("Employee"), in sentences, figures and email tables.
 */
import type { FieldRef, LogicalQuery } from '../query/logical-query.ts';
import type { ColumnInfo } from './result-columns.ts';

type Row = readonly unknown[];

const FIRST_NAME = /(^|_)(first|given|fore)_?name$/;
const LAST_NAME = /(^|_)(last|family|sur)_?name$/;

/** `firstName`, `First-Name` → `first_name`, so one pattern reads every spelling. */
function snake(column: string): string {
  return column.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toLowerCase();
}

export interface NamePair {
  readonly first: ColumnInfo;
  readonly last: ColumnInfo;
  /** The column that replaces both, at the first one's place (its `index` is the first one's). */
  readonly combined: ColumnInfo;
}

/** First and last name columns of the same entity among `columns`, each pair once. */
export function namePairs(query: LogicalQuery, columns: readonly ColumnInfo[]): NamePair[] {
  const fieldOf = (column: ColumnInfo): FieldRef | undefined =>
    (query.dimensions.find((dimension) => dimension.id === column.name) ?? query.columns.find((selected) => selected.id === column.name))?.field;
  const text = columns.filter((column) => column.type === 'text' && fieldOf(column) !== undefined);
  const pairs: NamePair[] = [];
  for (const first of text) {
    const entity = fieldOf(first)?.entity;
    if (!FIRST_NAME.test(snake(fieldOf(first)?.column ?? ''))) continue;
    const last = text.find((other) => other.role === first.role && fieldOf(other)?.entity === entity && LAST_NAME.test(snake(fieldOf(other)?.column ?? '')));
    if (last === undefined) continue;
    const taken = new Set(columns.map((column) => column.name));
    pairs.push({ first, last, combined: combinedColumn(first, taken) });
  }
  return pairs;
}

function combinedColumn(first: ColumnInfo, taken: ReadonlySet<string>): ColumnInfo {
  let name = first.name.replace(/_?(first|given|fore)_?name$/i, '') || 'name';
  if (name !== 'name') name = `${name}_name`;
  while (taken.has(name)) name = `${name}_full`;
  // "Employee first name" → "Employee"; a root entity's "First name" → "Name".
  const label = first.label.replace(/\s*(first|given|fore)\s*name$/i, '').trim() || 'Name';
  return { index: first.index, name, label, type: 'text', role: first.role, temporal: false };
}

/** "Anna Smith"; one part when the other is empty; null when both are. */
export function fullName(row: Row, pair: NamePair): string | null {
  const parts = [row[pair.first.index], row[pair.last.index]]
    .filter((part) => part !== null && part !== undefined && String(part).trim() !== '')
    .map((part) => String(part).trim());
  return parts.length === 0 ? null : parts.join(' ');
}
