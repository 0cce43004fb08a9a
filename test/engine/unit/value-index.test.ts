/** The value index: distinct text values found by the lemma of their first word. */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { lemmaOf } from '../../../src/engine/language/nlp.ts';
import { valueIndexOf, valueWords } from '../../../src/engine/schema/value-index.ts';
import { unseenValues } from '../fixtures/unseen-catalog.ts';

const indexOf = (values: readonly string[]) => valueIndexOf([{ entity: 'cust', column: 'cty', values }]);
const indexedValues = (values: readonly string[]): string[] => [...indexOf(values).byFirstWord.values()].flat().map((entry) => entry.value);

describe('valueWords', () => {
  it('splits a value into lemmas and keeps numbers as written', () => {
    expect(valueWords('Field Technicians')).toEqual(['field', 'technician']);
    expect(valueWords('Route 66')).toEqual(['route', '66']);
    expect(valueWords('  ')).toEqual([]);
  });
});

describe('valueIndexOf', () => {
  it('finds a value by the lemma of its first word, with its column', () => {
    const index = valueIndexOf(unseenValues);
    expect(index.byFirstWord.get('lyon')).toEqual([{ entity: 'cust', column: 'cty', value: 'Lyon', words: ['lyon'], columnValues: 4 }]);
    expect(index.byFirstWord.get('cancel')?.map((entry) => `${entry.entity}.${entry.column}`)).toEqual(['work_ord.status_cd']);
  });

  it('keeps the same word in two columns apart', () => {
    const index = valueIndexOf([
      { entity: 'cust', column: 'status_cd', values: ['active', 'lapsed'] },
      { entity: 'tech', column: 'status_cd', values: ['active', 'on leave'] },
    ]);
    expect(index.byFirstWord.get('active')?.map((entry) => entry.entity).sort()).toEqual(['cust', 'tech']);
  });

  it('indexes a multi-word value under its first word, longest values first', () => {
    const index = indexOf(['San Sebastian', 'San', 'San Sebastian de los Reyes']);
    const entries = index.byFirstWord.get(lemmaOf('San')) ?? [];
    expect(entries.map((entry) => entry.value)).toEqual(['San Sebastian de los Reyes', 'San Sebastian', 'San']);
  });

  it('leaves out bare numbers, single letters, function words and very long values', () => {
    expect(indexedValues(['12', '2024', 'x', 'the', 'none', 'Lyon', 'y'.repeat(81)])).toEqual(['Lyon']);
  });

  it('leaves out values of more than eight words', () => {
    expect(indexedValues(['one two three four five six seven eight nine', 'Graz'])).toEqual(['Graz']);
  });

  it('leaves out "N/A", a placeholder rather than a value', () => {
    expect(indexedValues(['N/A', 'Lyon'])).toEqual(['Lyon']);
  });

  it('is built once per value list', () => {
    expect(valueIndexOf(unseenValues)).toBe(valueIndexOf(unseenValues));
    const copy: readonly ColumnValues[] = [...unseenValues];
    expect(valueIndexOf(copy)).not.toBe(valueIndexOf(unseenValues));
  });
});
