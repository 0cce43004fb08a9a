/**
 * Two conditions with an "or" between them are alternatives: a row passes either ("vessels built
 * before 1990 or of type Tanker"), and a comparison after the "or" with no column of its own
 * compares the same column ("tonnage over 50000 or under 1000"). An "or" that joins nothing the
 * reading read still declines. On a harbour schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const harbour = catalog(
  entity({ name: 'vessel', rows: 700, columns: [['id', 'integer'], ['vessel_name', 'text'], ['vessel_type', 'text'], ['tonnage', 'number'], ['built_year', 'integer']] }),
);
const values = [{ entity: 'vessel', column: 'vessel_type', values: ['Tanker', 'Ferry', 'Tug'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: harbour, values, now }, { model: bestReadingModel(), suggest: false });
const filtersOf = (question: string) => {
  const result = plan(question);
  return result.ok ? result.query.filters.map((filter) => ({ column: filter.expression.kind === 'field' ? filter.expression.column : '', op: filter.op, values: filter.values, or: filter.or?.map((other) => ({ column: other.expression.kind === 'field' ? other.expression.column : '', op: other.op, values: other.values })) })) : undefined;
};

it('reads two conditions on two columns as alternatives', () => {
  expect(filtersOf('names of vessels with tonnage above 50000 or built year below 1990')).toEqual([
    { column: 'tonnage', op: 'gt', values: [50000], or: [{ column: 'built_year', op: 'lt', values: [1990] }] },
  ]);
  expect(filtersOf('vessels of type Tanker or with tonnage above 50000')).toEqual([
    { column: 'vessel_type', op: 'eq', values: ['Tanker'], or: [{ column: 'tonnage', op: 'gt', values: [50000] }] },
  ]);
});

it('reads a period with one bound as an alternative', () => {
  expect(filtersOf('vessels built before 1990 or with tonnage above 50000')).toEqual([
    { column: 'built_year', op: 'lte', values: [1989], or: [{ column: 'tonnage', op: 'gt', values: [50000] }] },
  ]);
});

it('compares the same column after an "or" with no column of its own', () => {
  expect(filtersOf('which vessels have a tonnage over 50000 or under 1000?')).toEqual([
    { column: 'tonnage', op: 'gt', values: [50000], or: [{ column: 'tonnage', op: 'lt', values: [1000] }] },
  ]);
});

it('never compares a column implied by one comparative again after the "or"', () => {
  const sized = catalog(entity({ name: 'vessel', rows: 700, columns: [['id', 'integer'], ['vessel_name', 'text'], ['length', 'number'], ['height', 'number']] }));
  const result = planQuestion('vessels longer than 200 or higher than 30', { catalog: sized, values: [], now }, { model: bestReadingModel(), suggest: false });
  const lengthFilters = result.ok ? result.query.filters.flatMap((filter) => [filter, ...(filter.or ?? [])]).filter((filter) => filter.expression.kind === 'field' && filter.expression.column === 'length') : [];
  expect(lengthFilters.length).toBeLessThan(2);
});

it('says the alternatives in the interpretation', () => {
  const result = plan('names of vessels with tonnage above 50000 or built year below 1990');
  expect(result.ok ? result.interpretation : result.reason).toMatch(/tonnage above 50000 or built year below 1990/);
});

it('still declines an "or" that joins nothing it read', () => {
  expect(plan('names of vessels or something with tonnage above 50000').ok).toBe(false);
});

it('reads two values of one column said apart with nothing joining them as no alternatives', () => {
  // "Tanker tugs": a vessel is one type; read as "Tanker or Tug" it answered another question.
  expect(plan('How many Tanker vessels are Tug vessels?').ok).toBe(false);
  expect(filtersOf('How many vessels are Tanker or Tug vessels?')).toEqual([{ column: 'vessel_type', op: 'in', values: ['Tanker', 'Tug'], or: undefined }]);
});
