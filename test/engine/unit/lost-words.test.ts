/**
 * Readings that lose what a word said, on a small clinic schema the engine was not tuned on: a
 * subject said but absent from the query, a second period bound to the date of the first, a list
 * of the rows' parents repeated once per row, a relation between rows of one kind ("report to")
 * read as the rows' own name, a negated value the rows hold themselves read as one of rows related to them.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { droppedWords } from '../../../src/engine/readings/decide.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import type { LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = catalog(
  entity({
    name: 'doctor', rows: 40, references: { supervisor_id: 'doctor' },
    columns: [['id', 'integer'], ['full_name', 'text'], ['speciality', 'text'], ['supervisor_id', 'integer', { description: 'The doctor this doctor reports to' }]],
  }),
  entity({ name: 'patient', rows: 3_000, columns: [['id', 'integer'], ['name', 'text'], ['doctor_id', 'integer'], ['registered_on', 'date']], references: { doctor_id: 'doctor' } }),
  entity({ name: 'visit', rows: 20_000, columns: [['id', 'integer'], ['patient_id', 'integer'], ['visit_date', 'date'], ['fee', 'number']], references: { patient_id: 'patient' } }),
);
const values: readonly ColumnValues[] = [
  { entity: 'doctor', column: 'full_name', values: ['Ana Ruiz', 'Ben Okafor', 'Chloe Martin'] },
  { entity: 'doctor', column: 'speciality', values: ['Cardiology', 'Dermatology'] },
];

function read(question: string) {
  const { candidates, tokens } = readQuestion(question, clinic, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
  return candidates.map((candidate) => ({ ...candidate, dropped: droppedWords(candidate, tokens) }));
}

function queries(question: string): LogicalQuery[] {
  return read(question).map((candidate) => candidate.planned.query);
}

const entitiesOf = (query: LogicalQuery) => new Set([query.root, ...query.joins.map((join) => join.toEntity)]);

describe('a subject said', () => {
  it('is in every reading\'s query ("which doctor\'s patients have the most visits")', () => {
    const read = queries("which doctor's patients have the most visits");
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) expect(entitiesOf(query).has('doctor'), JSON.stringify(query)).toBe(true);
  });
});

describe('two periods', () => {
  it('are about two dates, never twice the same one ("total fee this year from patients who joined this year")', () => {
    for (const { reading } of read('total fee this year from patients who joined this year')) {
      const dated = reading.conditions.flatMap((condition) => (condition.kind === 'period' ? [`${condition.entity}.${condition.column}`] : []));
      expect(new Set(dated).size, dated.join(', ')).toBe(dated.length);
    }
  });
});

describe('rows shown only by what they point to ("which patients have visits in 2024")', () => {
  it('list each of those once', () => {
    const read = queries('which patients have visits in 2024');
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) {
      const onlyParents = query.measures.length === 0 && query.order.length === 0 && query.columns.every((column) => column.field.entity !== query.root);
      if (onlyParents) expect(query.distinct, JSON.stringify(query)).toBe(true);
    }
  });
});

describe('a relation between rows of one kind', () => {
  it.each(['which doctors report to Ana Ruiz', 'doctors who report to Ana Ruiz', 'list the doctors managed by Ana Ruiz', 'which doctors are mentored by Ana Ruiz'])('is never read as the rows\' own name, every word used: "%s"', (question) => {
    for (const candidate of read(question)) {
      const ownName = candidate.planned.query.filters.some((filter) => filter.values.includes('Ana Ruiz') && filter.expression.kind === 'field' && filter.expression.entity === 'doctor');
      if (ownName) expect(candidate.dropped, JSON.stringify(candidate.planned.query.filters)).not.toEqual([]);
    }
  });

  it('is not shown as the rows\' own name ("list doctors and their supervisor")', () => {
    for (const candidate of read('list doctors and their supervisor')) {
      const columns = candidate.planned.query.columns.map((column) => `${column.field.entity}.${column.field.column}`);
      expect(columns, JSON.stringify(candidate.reading.outputs)).not.toEqual(['doctor.full_name']);
    }
  });
});

describe('a value the rows hold themselves, negated ("members not in Leeds")', () => {
  const lending = catalog(
    entity({ name: 'member', rows: 900, columns: [['id', 'integer'], ['full_name', 'text'], ['city', 'text']] }),
    entity({ name: 'loan', rows: 9_000, columns: [['id', 'integer'], ['member_id', 'integer'], ['branch_city', 'text'], ['loaned_on', 'date']], references: { member_id: 'member' } }),
  );
  const cities: readonly ColumnValues[] = [
    { entity: 'member', column: 'city', values: ['Leeds', 'York'] },
    { entity: 'loan', column: 'branch_city', values: ['Leeds', 'York'] },
  ];

  it.each(['how many members are not in Leeds?', 'members not in Leeds'])('is said of the rows, never of rows related to them: "%s"', (question) => {
    const read = readQuestion(question, lending, cities, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
    expect(read.length).toBeGreaterThan(0);
    for (const candidate of read) expect(candidate.planned.query.related ?? [], JSON.stringify(candidate.planned.query)).toEqual([]);
  });
});

describe('a hyphenated compound', () => {
  it.each([['how many doctors are left-handed?', 'left'], ['list the state-owned doctors', 'owned']])('is a word the reading must use, whatever its parts\' tags: "%s"', (question, word) => {
    const result = planQuestion(question, { catalog: clinic, values, now }, { suggest: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.words).toContain(word);
  });
});
