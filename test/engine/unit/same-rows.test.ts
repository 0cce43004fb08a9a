/** Readings compared by the rows they give: the same rows are one answer, a coincidence of nothing is not. */
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../src/engine/readings/enumerate.ts';
import { poolBySameRows, type RowsOf } from '../../../src/engine/readings/same-rows.ts';
import { field, type LogicalQuery } from '../../../src/query/logical-query.ts';

const list = (root: string, order: LogicalQuery['order'] = []): LogicalQuery => ({
  kind: 'select', root, joins: [], measures: [], dimensions: [], filters: [], having: [], order,
  columns: [{ id: 'name', label: 'Name', field: field(root, 'name') }, { id: 'city', label: 'City', field: field(root, 'city') }],
});
const candidate = (core: string, query: LogicalQuery): Candidate => ({ core, planned: { query } }) as unknown as Candidate;
/** Each query's rows by its root. */
const rowsBy = (rows: Record<string, readonly (readonly unknown[])[] | undefined>): RowsOf => async (query) => rows[query.root];
const cores = (candidates: readonly Candidate[] | undefined) => candidates?.map((entry) => entry.core);

describe('poolBySameRows', () => {
  it('gives a later answer with the same rows, in any order, the earlier one\'s core', async () => {
    const candidates = [candidate('a', list('member')), candidate('b', list('guest')), candidate('c', list('staff')), candidate('a', list('member'))];
    const pooled = await poolBySameRows(candidates, rowsBy({ member: [['Ana', 'Oslo'], ['Tom', 'Bergen']], guest: [['Tom', 'Bergen'], ['Ana', 'Oslo']], staff: [['Ana', 'Oslo']] }));
    expect(cores(pooled)).toEqual(['a', 'a', 'c', 'a']);
  });

  it('leaves alone answers of one value, or none: what different readings give by chance', async () => {
    const candidates = [candidate('a', list('member')), candidate('b', list('guest'))];
    expect(await poolBySameRows(candidates, rowsBy({ member: [[3]], guest: [[3]] }))).toBeUndefined();
    expect(await poolBySameRows(candidates, rowsBy({ member: [['Ana', 0]], guest: [['Ana', null]] }))).toBeUndefined();
    expect(await poolBySameRows(candidates, rowsBy({ member: [], guest: [] }))).toBeUndefined();
  });

  it('tells apart rows put in order by different things, even when they come out the same', async () => {
    const byName = candidate('a', list('member', [{ id: 'name', direction: 'asc' }]));
    const byCity = candidate('b', list('guest', [{ id: 'city', direction: 'desc' }]));
    const rows = [['Ana', 'Oslo'], ['Tom', 'Bergen']];
    expect(await poolBySameRows([byName, byCity], rowsBy({ member: rows, guest: rows }))).toBeUndefined();
    // The same column, another condition: the same rows in the same order are the same answer.
    const ordered = list('member', [{ id: 'name', direction: 'asc' }]);
    const alsoByName = candidate('b', { ...ordered, filters: [{ kind: 'filter', expression: field('member', 'city'), op: 'not_null', values: [] }] });
    expect(cores(await poolBySameRows([byName, alsoByName], async () => rows))).toEqual(['a', 'a']);
  });

  it('compares nothing it cannot read: rows cut by the bound, or a query that fails', async () => {
    const candidates = [candidate('a', list('member')), candidate('b', list('guest'))];
    expect(await poolBySameRows(candidates, rowsBy({ member: [['Ana', 'Oslo'], ['Tom', 'Bergen']], guest: undefined }))).toBeUndefined();
    const failing: RowsOf = async (query) => { if (query.root === 'guest') throw new Error('no such table'); return [['Ana', 'Oslo'], ['Tom', 'Bergen']]; };
    expect(await poolBySameRows(candidates, failing)).toBeUndefined();
  });
});
