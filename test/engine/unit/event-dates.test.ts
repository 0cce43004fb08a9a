/**
 * A verb beside a period that names a date column is the event that date records ("loans returned
 * in 2024" → returned_on in 2024), on a small library schema the engine was not tuned on: the
 * period is bound to that date, and the state the verb also names (status "returned") is not added;
 * a verb that names a state and no date ("reservations cancelled in 2024") is not dated by the
 * rows' own date, which records another event.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const library = catalog(
  entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['full_name', 'text'], ['joined_on', 'date']] }),
  entity({
    name: 'loan', rows: 30_000, references: { member_id: 'member' },
    columns: [['id', 'integer'], ['member_id', 'integer'], ['borrowed_on', 'date'], ['returned_on', 'date'], ['status', 'text'], ['return_branch', 'text']],
  }),
  entity({ name: 'reservation', rows: 5_000, references: { member_id: 'member' }, columns: [['id', 'integer'], ['member_id', 'integer'], ['placed_on', 'date'], ['state', 'text']] }),
);
const values: readonly ColumnValues[] = [
  { entity: 'loan', column: 'status', values: ['borrowed', 'returned', 'lost'] },
  { entity: 'loan', column: 'return_branch', values: ['Central', 'Harbour'] },
  { entity: 'reservation', column: 'state', values: ['waiting', 'fulfilled', 'cancelled'] },
];

function queries(question: string): LogicalQuery[] {
  return readQuestion(question, library, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => candidate.planned.query);
}

/** The date columns a query filters or groups by, and whether it filters on the status. */
function datesOf(query: LogicalQuery): { dates: Set<string>; status: boolean } {
  const fields = [...query.filters.map((filter) => filter.expression), ...query.dimensions.map((dimension) => dimension.field)];
  const dates = new Set(fields.flatMap((field) => (field.kind === 'field' && field.column.endsWith('_on') ? [field.column] : [])));
  const status = query.filters.some((filter) => filter.expression.kind === 'field' && filter.expression.column === 'status');
  return { dates, status };
}

describe('a verb beside a period', () => {
  it.each([
    ['how many loans were returned in 2024?', 'returned_on'],
    ['loans returned per month in 2024', 'returned_on'],
    ['how many loans did members borrow last month?', 'borrowed_on'],
  ])('dates the rows by the date it names, without the state it also names: "%s"', (question, date) => {
    const read = queries(question);
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) {
      const { dates, status } = datesOf(query);
      expect([...dates], JSON.stringify(query.filters)).toEqual([date]);
      expect(status, JSON.stringify(query.filters)).toBe(false);
    }
  });

  it('leaves a state said without a period as a state ("how many loans are returned?")', () => {
    expect(queries('how many loans are returned?').some((query) => datesOf(query).status)).toBe(true);
  });
});

describe('a verb beside a period that names a state and no date', () => {
  const stateAndDate = (query: LogicalQuery) => {
    const columns = query.filters.flatMap((filter) => (filter.expression.kind === 'field' ? [filter.expression.column] : []));
    return columns.includes('state') && columns.includes('placed_on');
  };

  it('is not dated by another event\'s date ("reservations cancelled in 2024": not those placed in 2024 and cancelled since)', () => {
    for (const query of queries('how many reservations were cancelled in 2024')) expect(stateAndDate(query), JSON.stringify(query.filters)).toBe(false);
  });

  it('leaves a state said as an adjective to the rows\' own date ("cancelled reservations in 2024")', () => {
    expect(queries('cancelled reservations in 2024').some(stateAndDate)).toBe(true);
  });
});

describe('a verb naming the column of a value said beside it', () => {
  it('says where the value is, not a state ("loans returned to Harbour": return_branch, not also status "returned")', () => {
    const read = queries('how many loans were returned to Harbour');
    expect(read.some((query) => !datesOf(query).status && query.filters.some((filter) => filter.values.includes('Harbour')))).toBe(true);
    for (const query of read) {
      const both = datesOf(query).status && query.filters.some((filter) => filter.expression.kind === 'field' && filter.expression.column === 'return_branch');
      expect(both, JSON.stringify(query.filters)).toBe(false);
    }
  });
});

describe('a verb naming a column of the rows asked about', () => {
  it.each(['how many loans were returned?'])('is never passed over as relating them to nothing: "%s"', (question) => {
    const read = queries(question);
    expect(read.length).toBeGreaterThan(0);
    // The plain count of all loans would say nothing of "returned".
    for (const query of read) expect(query.filters.length + query.dimensions.length, JSON.stringify(query)).toBeGreaterThan(0);
  });
});

describe('a period closing a clause about other rows', () => {
  it.each([
    'reservations of members who signed up in 2024',
    'loans to members who enrolled last year',
  ])('never dates the rows asked about instead: "%s"', (question) => {
    for (const query of queries(question)) {
      const { dates } = datesOf(query);
      expect([...dates].filter((date) => date !== 'joined_on'), JSON.stringify(query.filters)).toEqual([]);
    }
  });
});

describe('"new" rows in a period', () => {
  const best = (question: string) => readQuestion(question, library, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];

  it.each(['how many new members joined in 2024?', 'new members per month in 2024', 'how many new members this year'])('are the rows the period dates by their own first date: "%s"', (question) => {
    const candidate = best(question);
    expect(candidate?.unusedWords).toEqual([]);
    expect([...datesOf(candidate!.planned.query).dates]).toEqual(['joined_on']);
  });

  it('leave "new" unread with no period to be new in', () => {
    const candidate = best('how many new members are there?');
    expect(candidate?.unusedWords.length).toBeGreaterThan(0);
  });
});
