import { describe, expect, it } from 'vitest';
import { cellOf, compareRows, sameCell } from './compare-rows.ts';

describe('cells', () => {
  it('compares numbers within 1e-6 relative, numeric text as numbers', () => {
    expect(sameCell(cellOf(1_000_000), cellOf(1_000_000.5))).toBe(true);
    expect(sameCell(cellOf(1_000_000), cellOf(1_000_002))).toBe(false);
    expect(sameCell(cellOf('2396511.3010'), cellOf(2396511.301))).toBe(true);
    expect(sameCell(cellOf(0), cellOf(1e-12))).toBe(true);
    expect(sameCell(cellOf(10n), cellOf(10))).toBe(true);
  });

  it('reads dates and midnight timestamps alike', () => {
    expect(sameCell(cellOf(new Date('2025-03-01T00:00:00Z')), cellOf('2025-03-01'))).toBe(true);
    expect(sameCell(cellOf('2025-03-01 00:00:00+00'), cellOf('2025-03-01'))).toBe(true);
    expect(sameCell(cellOf('2026-11-30T17:51:46Z'), cellOf(new Date('2026-11-30T17:51:46Z')))).toBe(true);
    expect(sameCell(cellOf('2026-11-30T17:51:46Z'), cellOf('2026-11-30'))).toBe(false);
  });

  it('keeps null, booleans and text apart', () => {
    expect(sameCell(cellOf(null), cellOf('null'))).toBe(false);
    expect(sameCell(cellOf(null), cellOf(undefined))).toBe(true);
    expect(sameCell(cellOf(true), cellOf('true'))).toBe(true);
    expect(sameCell(cellOf(' Germany '), cellOf('Germany'))).toBe(true);
    expect(sameCell(cellOf('germany'), cellOf('Germany'))).toBe(false);
  });
});

describe('compareRows', () => {
  const gold = [['Germany', 10], ['France', 7.5]];

  it('ignores row order unless it matters', () => {
    const answer = [['France', 7.5], ['Germany', 10]];
    expect(compareRows(answer, gold, false).correct).toBe(true);
    expect(compareRows(answer, gold, true).correct).toBe(false);
    expect(compareRows(gold, gold, true).correct).toBe(true);
  });

  it('compares as multisets: duplicates count', () => {
    expect(compareRows([['a'], ['a'], ['b']], [['a'], ['b'], ['b']], false).correct).toBe(false);
    expect(compareRows([['a'], ['b'], ['a']], [['a'], ['a'], ['b']], false).correct).toBe(true);
  });

  it('ignores column order and extra answer columns', () => {
    const answer = [[1, 10, 'Germany', 'EUR'], [2, 7.5, 'France', 'EUR']];
    expect(compareRows(answer, gold, false)).toEqual({ correct: true, strict: false, mapping: [2, 1] });
  });

  it('maps each gold column to a different answer column', () => {
    expect(compareRows([[5]], [[5, 5]], false).correct).toBe(false);
    expect(compareRows([[5, 5]], [[5, 5]], false)).toEqual({ correct: true, strict: true, mapping: [0, 1] });
  });

  it('needs the rows to line up, not only the columns', () => {
    // Each column holds the gold values, but the pairs are different.
    const answer = [['Germany', 7.5], ['France', 10]];
    expect(compareRows(answer, gold, false).correct).toBe(false);
  });

  it('fails on a different number of rows or missing values', () => {
    expect(compareRows([['Germany', 10]], gold, false).correct).toBe(false);
    expect(compareRows([['Germany', 10], ['France', 7.6]], gold, false).correct).toBe(false);
    expect(compareRows([], [], false).correct).toBe(true);
    expect(compareRows([[1]], [], false).correct).toBe(false);
  });

  it('matches numbers that round to different keys but lie within tolerance', () => {
    expect(compareRows([[1.0000049999]], [[1.0000050001]], false).correct).toBe(true);
    expect(compareRows([[0.99999995], [2]], [[2], [1.00000004]], false).correct).toBe(true);
  });

  it('equals a year bucket with the year as a number, and nothing else', () => {
    const gold = [[2024, 150.5], [2025, 210]];
    expect(compareRows([['2024-01-01', 150.5], ['2025-01-01', 210]], gold, true).correct).toBe(true);
    expect(compareRows([[new Date('2025-01-01T00:00:00Z'), 210], [new Date('2024-01-01T00:00:00Z'), 150.5]], gold, false).correct).toBe(true);
    expect(compareRows([['2024-03-01', 150.5], ['2025-01-01', 210]], gold, true).correct).toBe(false);
    expect(compareRows([['2023-01-01', 150.5], ['2025-01-01', 210]], gold, true).correct).toBe(false);
  });
});
