/** A limit that cuts through rows tied on the order asked for, found from the rows read past the cut. */
import { describe, expect, it } from 'vitest';
import type { ResultTable } from '../../src/connectors/connector.ts';
import type { LogicalQuery } from '../../src/query/logical-query.ts';
import { cutsByOrder, describeTie, tieAtCut } from '../../src/runs/tied-cut.ts';

const mostCommon = (limit: number): LogicalQuery & { limit: number } => ({
  kind: 'select', root: 'member', joins: [], columns: [], filters: [], having: [],
  dimensions: [{ id: 'occupation', label: 'Occupation', field: { kind: 'field', entity: 'member', column: 'occupation' } }],
  measures: [{ id: 'members', label: 'Members', aggregate: 'count' }],
  order: [{ id: 'members', direction: 'desc' }],
  limit,
});

const rows = (...pairs: [string, number][]): ResultTable => ({
  columns: [{ name: 'occupation', type: 'text' }, { name: 'members', type: 'integer' }],
  rows: pairs,
  truncated: false,
});

describe('tieAtCut', () => {
  it('finds the rows tied with the last one kept, the kept ones included', () => {
    expect(tieAtCut(mostCommon(1), rows(['Retired', 2], ['Student', 2], ['Pilot', 1]))).toEqual({ tied: ['Retired', 'Student'], more: false, place: 1, through: 2 });
    expect(tieAtCut(mostCommon(2), rows(['Nurse', 3], ['Retired', 2], ['Student', 2], ['Pilot', 1]))).toEqual({ tied: ['Retired', 'Student'], more: false, place: 2, through: 3 });
  });

  it('finds none when the first row dropped differs on the order', () => {
    expect(tieAtCut(mostCommon(1), rows(['Nurse', 3], ['Retired', 2], ['Student', 2]))).toBeUndefined();
    expect(tieAtCut(mostCommon(2), rows(['Nurse', 3], ['Retired', 2], ['Student', 1]))).toBeUndefined();
  });

  it('finds none when nothing was cut', () => {
    expect(tieAtCut(mostCommon(2), rows(['Retired', 2], ['Student', 2]))).toBeUndefined();
  });

  it('says when more rows tie than were read, and not when the read ended short of its limit', () => {
    const eleven = Array.from({ length: 11 }, (_, index): [string, number] => [`O${index}`, 1]);
    const tie = tieAtCut(mostCommon(1), rows(...eleven));
    expect(tie).toMatchObject({ more: true, place: 1, through: 11 });
    expect(describeTie(tie!)).toBe('"O0", "O1", "O2", "O3", "O4" and more tie for first place on what the question ranks by; ask for at least the top 11 to see them all');
    expect(tieAtCut(mostCommon(1), rows(['A', 1], ['B', 1], ['C', 1]))).toEqual({ tied: ['A', 'B', 'C'], more: false, place: 1, through: 3 });
  });

  it('names two tied rows with "and"', () => {
    expect(describeTie({ tied: ['Retired', 'Student'], more: false, place: 2, through: 3 })).toBe('"Retired" and "Student" tie for place 2 on what the question ranks by; ask for the top 3 to see them all');
  });
});

describe('cutsByOrder', () => {
  it('is true for a limit after an order, not for a limit per group or without an order', () => {
    expect(cutsByOrder(mostCommon(1))).toBe(true);
    expect(cutsByOrder({ ...mostCommon(1), order: [] })).toBe(false);
    expect(cutsByOrder({ ...mostCommon(1), limitPerGroup: { by: ['occupation'], order: [{ id: 'members', direction: 'desc' }], limit: 1 } })).toBe(false);
  });
});
