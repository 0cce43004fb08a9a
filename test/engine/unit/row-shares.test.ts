/**
 * Shares of rows, on a small clinic schema the engine was not tuned on: "what percentage of
 * appointments were cancelled" is the count of the rows that pass the conditions said after them,
 * in percent of all of them; conditions said before narrow both counts, and a period narrows the
 * whole when another condition picks the part. With nothing to pick, a breakdown is each group's
 * share of the total; without groups either, there is no reading. A period said before "were
 * cancelled" dates the rows, not the cancellation.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import type { Filter, LogicalQuery } from '../../../src/query/logical-query.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const clinic = catalog(
  entity({ name: 'patient', rows: 800, columns: [['id', 'integer'], ['patient_name', 'text'], ['city', 'text'], ['insurer', 'text']] }),
  entity({
    name: 'appointment', rows: 12000, references: { patient_id: 'patient' },
    columns: [['id', 'integer'], ['patient_id', 'integer'], ['booked_on', 'date'], ['visit_status', 'text'], ['channel', 'text'], ['fee', 'number']],
  }),
);
const values: readonly ColumnValues[] = [
  { entity: 'appointment', column: 'visit_status', values: ['attended', 'cancelled', 'missed'] },
  { entity: 'appointment', column: 'channel', values: ['phone', 'online', 'walk-in'] },
  { entity: 'patient', column: 'city', values: ['Leeds', 'York', 'Hull'] },
];

function answered(question: string): LogicalQuery {
  const result = planQuestion(question, { catalog: clinic, values, now }, { suggest: false });
  if (!result.ok) throw new Error(`"${question}" declined: ${result.reason}`);
  return result.query;
}

/** The best reading's query, whether or not the engine is confident enough to answer with it. */
function best(question: string): LogicalQuery {
  const [first] = readQuestion(question, clinic, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  if (!first) throw new Error(`no reading of "${question}"`);
  return first.planned.query;
}

const terms = (filters: readonly Filter[] | undefined) =>
  (filters ?? []).map((filter) => `${filter.expression.kind === 'field' ? filter.expression.column : '?'} ${filter.op} ${filter.values.join(',')}`);

it.each([
  ['What percentage of appointments were cancelled?', ['visit_status eq cancelled']],
  ['what percent of appointments were booked online', ['channel eq online']],
])('counts the part the conditions pick in percent of all the rows: "%s"', (question, part) => {
  const query = best(question);
  expect(query.root).toBe('appointment');
  expect(query.filters).toEqual([]);
  const [picked, whole, share] = query.measures;
  expect(terms(picked.where)).toEqual(part);
  expect(whole).toMatchObject({ aggregate: 'count' });
  expect(whole.where).toBeUndefined();
  expect(share).toMatchObject({ aggregate: 'ratio', numeratorId: picked.id, denominatorId: whole.id, percent: true, unit: '%' });
  expect(share.label).toMatch(/^Share of appointments where /);
});

it('answers a plain share of rows', () => {
  expect(answered('What percentage of appointments were cancelled?').measures.map((measure) => measure.aggregate)).toEqual(['count', 'count', 'ratio']);
});

it('narrows the whole by a period said with another condition, and by the rows said before', () => {
  const query = best('What percentage of appointments booked in 2024 were cancelled?');
  expect(terms(query.filters)).toEqual(['booked_on gte 2024-01-01', 'booked_on lt 2025-01-01']);
  expect(terms(query.measures[0].where)).toEqual(['visit_status eq cancelled']);
});

it('keeps a share of rows per group', () => {
  const query = best('percentage of appointments that were missed by channel');
  expect(query.dimensions.map((dimension) => dimension.field.kind === 'field' && dimension.field.column)).toEqual(['channel']);
  expect(query.measures.map((measure) => measure.aggregate)).toEqual(['count', 'count', 'ratio']);
});

it('reads a breakdown with nothing to pick as each group\'s share of the total', () => {
  const query = best('percentage of appointments per channel');
  expect(query.measures.map((measure) => measure.aggregate)).toEqual(['count', 'share']);
});

it('has no reading of a share with nothing to pick and no groups (every row is 100 % of the rows)', () => {
  const { candidates } = readQuestion('what percentage of appointments', clinic, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
  expect(candidates.filter((candidate) => candidate.planned.query.measures.length > 0)).toEqual([]);
});

describe('a period beside a state said as a verb', () => {
  it('dates the rows when the verb comes after "be": "appointments in 2024 were cancelled"', () => {
    const query = best('how many appointments in 2024 were cancelled');
    expect(terms(query.filters)).toEqual(['visit_status eq cancelled', 'booked_on gte 2024-01-01', 'booked_on lt 2025-01-01']);
  });

  it('has no reading when the period dates the state itself: "appointments cancelled in 2024"', () => {
    const { candidates } = readQuestion('how many appointments were cancelled in 2024', clinic, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now });
    expect(candidates).toEqual([]);
  });
});
