/**
 * "one or more employees", "one or fewer": "one" counts here, as "5 or more" does, where elsewhere
 * ("the one with the highest price") it is a pronoun. On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const company = {
  catalog: catalog(
    entity({ name: 'department', rows: 30, columns: [['id', 'integer'], ['name', 'text']] }),
    entity({ name: 'employee', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['department_id', 'integer']], references: { department_id: 'department' } }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each([
  ['Which departments have one or more employees?', ['employees_count gte 1']],
  ['departments with one or fewer employees', ['employees_count lte 1']],
])('"%s" counts', (question, having) => {
  expect(planned(company, question).summary.having).toEqual(having);
});
