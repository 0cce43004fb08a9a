/**
 * Words read as they are said, on a small sailing-club schema the engine was not tuned on: a key of
 * another table named back to the rows asked about, a capital that only starts a sentence, a code
 * in capitals that spells a function word, a direction after its sort key, a direction no key can
 * take, and a place said after a verb on rows that point to rows of their own kind.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(
  entity({
    name: 'sailor', rows: 400, references: { mentor_id: 'sailor' },
    columns: [['id', 'integer'], ['full_name', 'text'], ['country', 'text'], ['age', 'integer'], ['mentor_id', 'integer']],
  }),
  entity({ name: 'harbour', rows: 30, columns: [['id', 'integer'], ['harbour_name', 'text'], ['region', 'text'], ['city', 'text']] }),
  entity({
    name: 'ballot', rows: 900, references: { captain_vote: 'sailor', treasurer_vote: 'sailor' },
    columns: [['id', 'integer'], ['captain_vote', 'integer'], ['treasurer_vote', 'integer'], ['cast_on', 'date']],
  }),
);
const values: readonly ColumnValues[] = [
  { entity: 'sailor', column: 'full_name', values: ['Ines Lobo', 'Tom Varga', 'Ruth Adeyemi'] },
  { entity: 'sailor', column: 'country', values: ['Portugal', 'Canada', 'Hungary'] },
  { entity: 'harbour', column: 'region', values: ['AS', 'EU', 'OR', 'UP', 'UPS'] },
  { entity: 'harbour', column: 'city', values: ['Porto', 'Lisbon', 'Oslo'] },
];

function best(question: string): LogicalQuery {
  const [first] = readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  if (!first) throw new Error(`no reading of "${question}"`);
  return first.planned.query;
}

function plan(question: string) {
  return planQuestion(question, { catalog: club, values, now }, { suggest: false });
}

function answered(question: string): LogicalQuery {
  const result = plan(question);
  if (!result.ok) throw new Error(`declined "${question}": ${result.code} ${result.reason}`);
  return result.query;
}

const entitiesOf = (query: LogicalQuery) => new Set([query.root, ...query.joins.map((join) => join.toEntity), ...(query.related ?? []).map((related) => related.root)]);

describe('a key of another table that points back to the rows asked about', () => {
  it.each(['list the names of sailors who have captain votes', 'which sailors have treasurer votes'])('is never read as the rows\' own name: "%s"', (question) => {
    const { candidates } = readQuestion(question, club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) expect(entitiesOf(planned.query).has('ballot'), JSON.stringify(planned.query)).toBe(true);
  });
});

describe('capitals', () => {
  it('that start a sentence name nothing ("… in Portugal? Order them …")', () => {
    const tokens = tokenize('How many sailors are there in Portugal? Order them by age.');
    expect(tokens.find((token) => token.text === 'Order')?.capitalised).toBeUndefined();
    expect(tokens.find((token) => token.text === 'Portugal')?.capitalised).toBe(true);
  });

  it('spelling a function word name the code written so ("harbours in the region AS")', () => {
    const query = answered('How many harbours are in the region AS?');
    expect(query.filters).toEqual([expect.objectContaining({ op: 'eq', values: ['AS'] })]);
  });

  it('right after the rows they name are those rows\' name, known or not ("the age of sailor Mara Okonkwo")', () => {
    const query = best('What is the age of sailor Mara Okonkwo?');
    expect(query.root).toBe('sailor');
    expect(query.filters).toEqual([expect.objectContaining({ expression: { kind: 'field', entity: 'sailor', column: 'full_name' }, op: 'eq', values: ['Mara Okonkwo'] })]);
  });

  it('after anything else name nothing the reading can place ("harbours used by Mara Okonkwo")', () => {
    const { candidates } = readQuestion('list the harbours used by Mara Okonkwo', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) expect(JSON.stringify(planned.query.filters)).not.toContain('Mara Okonkwo');
  });

  it('are written as they are: "UPS" is no plural of the region "UP"', () => {
    const { candidates } = readQuestion('list the harbours in the region UPS', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    expect(candidates.length).toBeGreaterThan(0);
    for (const { planned } of candidates) expect(JSON.stringify(planned.query.filters)).not.toContain('"UP"');
  });

  it('and only then: "or" in small letters is no region', () => {
    const { candidates } = readQuestion('list the harbours in Porto or Oslo', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    expect(candidates.length).toBeGreaterThan(0);
    for (const { planned } of candidates) expect(JSON.stringify(planned.query.filters)).not.toContain('"OR"');
  });
});

describe('a sort direction', () => {
  it('after its key sorts by it that way ("sorted by age decreasing")', () => {
    const query = best('list the sailors sorted by age decreasing');
    expect(query.order[0]).toMatchObject({ direction: 'desc' });
  });

  it('said apart goes to the key said without one ("sorted by age for sailors from Canada in descending order")', () => {
    const query = best('list the names of sailors sorted by age for sailors from Canada in descending order');
    expect(query.order[0]).toMatchObject({ direction: 'desc' });
  });

  it('that no key can take is not dropped ("by age decreasing and name ascending")', () => {
    const { candidates } = readQuestion('list the sailors sorted by age decreasing and name ascending', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) expect(planned.query.order.length, JSON.stringify(planned.query.order)).toBeGreaterThan(1);
  });
});

describe('rows that point to rows of their own kind (a mentor)', () => {
  it('are still where they live: "how many sailors live in Canada"', () => {
    const query = answered('How many sailors live in Canada?');
    expect(query.root).toBe('sailor');
    expect(query.filters).toEqual([expect.objectContaining({ op: 'eq', values: ['Canada'] })]);
  });

  it('but a name after the verb is whom they relate to ("sailors mentored by Ines Lobo")', () => {
    const { candidates } = readQuestion('which sailors are mentored by Ines Lobo', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { reading } of candidates) {
      const ownName = reading.conditions.some((condition) => condition.kind === 'equals' && condition.entity === 'sailor' && condition.column === 'full_name' && !condition.negated);
      expect(ownName && reading.related.length === 0 && reading.scope.length === 0, JSON.stringify(reading.conditions)).toBe(false);
    }
  });
});

describe('alphabetical order', () => {
  it('sorts rows shown by their name by that name ("the harbours in alphabetical order")', () => {
    const query = best('list all the harbours in alphabetical order');
    expect(query.order[0]).toMatchObject({ direction: 'asc' });
    expect(JSON.stringify(query.columns)).toContain('harbour_name');
    expect(query.order[0].id).toBe(query.columns.find((column) => column.field.column === 'harbour_name')?.id);
  });

  it('is of letters: no reading sorts a number alphabetically ("sailors\' ages in alphabetical order")', () => {
    const { candidates } = readQuestion('list the ages of sailors in alphabetical order', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) {
      const keys = planned.query.order.map((entry) => planned.query.columns.find((column) => column.id === entry.id)?.field.column);
      expect(keys, JSON.stringify(planned.query.order)).not.toContain('age');
    }
  });
});

describe('a negation before a verb that only relates the rows', () => {
  const withLocations = catalog(
    ...club.entities,
    entity({ name: 'office_locations', rows: 200, references: { sailor_id: 'sailor', harbour_id: 'harbour' }, columns: [['id', 'integer'], ['sailor_id', 'integer'], ['harbour_id', 'integer']] }),
  );

  it('is said of the place after it, never kept positive ("sailors who are not located in Canada")', () => {
    const { candidates } = readQuestion('list the sailors who are not located in Canada', withLocations, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) {
      const positiveCanada = planned.query.filters.some((filter) => filter.op === 'eq' && filter.values.includes('Canada'));
      expect(positiveCanada, JSON.stringify(planned.query)).toBe(false);
    }
  });
});

describe('a "not" that would change nothing', () => {
  it('is no reading: "harbours in the EU region but not the AS region" is not the EU harbours', () => {
    const { candidates } = readQuestion('list the harbours in the EU region but not the AS region', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) {
      const fixed = planned.query.filters.some((filter) => filter.op === 'eq' && filter.values.includes('EU'));
      const excluded = planned.query.filters.some((filter) => (filter.op === 'neq' || filter.op === 'not_in') && filter.values.includes('AS'));
      expect(fixed && excluded, JSON.stringify(planned.query.filters)).toBe(false);
    }
  });
});

describe('distinct values', () => {
  it('are not split by the column a condition names ("distinct ages of sailors whose country is not Canada")', () => {
    const { candidates } = readQuestion('what are the distinct ages of sailors whose country is not Canada', club, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    for (const { planned } of candidates) {
      if (!planned.query.distinct) continue;
      expect(planned.query.columns.map((column) => column.field.column), JSON.stringify(planned.query.columns)).not.toContain('country');
    }
  });
});

describe('an amount shown "by" something', () => {
  const withFees = catalog(
    ...club.entities,
    entity({ name: 'fee', rows: 5_000, references: { sailor_id: 'sailor' }, columns: [['id', 'integer'], ['sailor_id', 'integer'], ['amount', 'number'], ['method', 'text']] }),
  );
  const feeValues: readonly ColumnValues[] = [...values, { entity: 'fee', column: 'method', values: ['card', 'cash', 'transfer'] }];

  it('is totalled per group, never listed with the "by" left unread ("fee amount by method")', () => {
    const { candidates } = readQuestion('fee amount by method', withFees, feeValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates[0].planned.query.measures).toEqual([expect.objectContaining({ aggregate: 'sum' })]);
    for (const { planned } of candidates) expect(planned.query.measures.length, JSON.stringify(planned.query)).toBeGreaterThan(0);
  });
});

describe('a light verb before its object ("placed a booking")', () => {
  const withBookings = catalog(
    ...club.entities,
    entity({ name: 'booking', rows: 3_000, references: { sailor_id: 'sailor', harbour_id: 'harbour' }, columns: [['id', 'integer'], ['sailor_id', 'integer'], ['harbour_id', 'integer'], ['booked_on', 'date']] }),
  );

  it('leaves the object to say it all: "which sailors have never placed a booking?" is an anti-join, no word dropped', () => {
    const { candidates } = readQuestion('which sailors have never placed a booking?', withBookings, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates[0].unusedWords).toEqual([]);
    expect(candidates[0].planned.query.related).toEqual([expect.objectContaining({ exists: false, root: 'booking' })]);
  });
});
