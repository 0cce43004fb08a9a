/**
 * "Countries that have both managers over 50 and managers under 40", "the industries shared by
 * companies in the USA and companies in China": values of the column shown that rows of two kinds
 * have in common, as other rows with the same value (one row cannot be both); "headquarters without an
 * agency in the Finance sector" the values no such row has. On a staffing schema
 * the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const staffing = catalog(
  entity({ name: 'recruiter', rows: 400, columns: [['id', 'integer'], ['recruiter_name', 'text'], ['country', 'text'], ['age', 'integer']] }),
  entity({ name: 'agency', rows: 300, columns: [['id', 'integer'], ['agency_name', 'text'], ['sector', 'text'], ['headquarters', 'text']] }),
);
const values = [{ entity: 'agency', column: 'headquarters', values: ['USA', 'China', 'Spain'] }, { entity: 'agency', column: 'sector', values: ['Finance', 'Health', 'Retail'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: staffing, values, now }, { model: bestReadingModel(), suggest: false });

it('reads two comparisons of one column as two kinds of rows sharing the value shown', () => {
  const result = plan('Show the countries that have both recruiters of age above 50 and recruiters of age below 40.');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.query.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['gt 50']);
  expect(result.query.related).toEqual([expect.objectContaining({ exists: true, root: 'recruiter', link: { entity: 'recruiter', columns: ['country'], outerEntity: 'recruiter', outerColumns: ['country'] } })]);
  expect(result.query.related?.[0]?.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['lt 40']);
  expect(result.interpretation).toMatch(/country shared with other recruiters where age below 40/);
});

it('reads two values of one column the same way', () => {
  const result = plan('Which sectors have both agencies with headquarters USA and agencies with headquarters China?');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.query.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['eq USA']);
  expect(result.query.related?.[0]?.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['eq China']);
});

it('reads the rows named again after "without" as the kind whose values are left out', () => {
  const result = plan('Show all headquarters without an agency in the Finance sector.');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.query.filters).toEqual([]);
  expect(result.query.related).toEqual([expect.objectContaining({ exists: false, link: { entity: 'agency', columns: ['headquarters'], outerEntity: 'agency', outerColumns: ['headquarters'] } })]);
  expect(result.query.related?.[0]?.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['eq Finance']);
  // The sentence says the negation it reads ("shared with" alone had said the opposite).
  expect(result.interpretation).toMatch(/headquarters not shared with other agencies where sector is Finance/);
});

it('reads a value said with the same column\'s negated value as the values only the first kind has', () => {
  const result = plan('What are the sectors of agencies with headquarters USA but not China?');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.query.filters.map((filter) => `${filter.op} ${filter.values.join()}`)).toEqual(['eq USA']);
  expect(result.query.related?.[0]).toEqual(expect.objectContaining({ exists: false, link: { entity: 'agency', columns: ['sector'], outerEntity: 'agency', outerColumns: ['sector'] } }));
});
