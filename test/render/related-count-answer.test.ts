/**
 * A list with a count of related rows beside each row ("How many orders has each employee taken?",
 * every employee listed) reads as that count by the rows listed: one name per person, the key left
 * out of the sentence and the figure, those with none shown with 0; the json table stays exact.
 */
import { expect, it } from 'vitest';
import type { AnswerInput } from '../../src/render/answer.ts';
import { buildAnswerTable } from '../../src/render/answer-table.ts';
import { chooseFigure } from '../../src/render/figure.ts';
import { answerText } from '../../src/render/text-answer.ts';
import { field } from '../../src/query/logical-query.ts';

const everyEmployee: AnswerInput = {
  question: 'How many orders has each employee taken?',
  query: {
    kind: 'select', root: 'employees', joins: [], measures: [], dimensions: [], filters: [], having: [],
    columns: [
      { id: 'employee_id', label: 'Employee id', field: field('employees', 'id') },
      { id: 'first_name', label: 'Employee first name', field: field('employees', 'first_name') },
      { id: 'last_name', label: 'Employee last name', field: field('employees', 'last_name') },
    ],
    relatedCounts: [{
      id: 'orders_count', label: 'Number of orders', root: 'orders', joins: [], filters: [],
      link: { entity: 'orders', columns: ['employee_id'], outerEntity: 'employees', outerColumns: ['id'] },
    }],
    order: [{ id: 'orders_count', direction: 'desc' }],
  },
  compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] },
  result: {
    columns: [{ name: 'employee_id', type: 'integer' }, { name: 'first_name', type: 'text' }, { name: 'last_name', type: 'text' }, { name: 'orders_count', type: 'integer' }],
    rows: [[4, 'Anna', 'Smith', 40], [7, 'Ben', 'Jones', 30], [8, 'Dev', 'Patel', 20], [5, 'Eva', 'Ng', 12], [6, 'Finn', 'Berg', 9], [3, 'Gus', 'Oka', 4], [9, 'Cleo', 'Ode', 0]],
    truncated: false,
  },
  interpretation: 'Number of orders by employee, every employee listed, 0 where none',
  assumptions: ['Every employee is listed, one with no orders with 0.'],
  connectionName: 'Shop',
  answeredAt: new Date('2026-11-24T10:00:00Z'),
};

it('reads as the count by the rows listed, those with none as 0', () => {
  expect(answerText(everyEmployee)).toBe('Number of orders by employee, across 7 employees: highest Anna Smith (40), lowest Cleo Ode (0). Total: 115.');
});

it('draws the count by one name per person', () => {
  const figure = chooseFigure(everyEmployee)!;
  expect(figure.kind).toBe('bar');
  const values = (figure.vegaLite as { data: { values: Record<string, unknown>[] } }).data.values;
  expect(values.map((datum) => Object.values(datum))).toEqual(everyEmployee.result.rows.map((row) => [`${row[1]} ${row[2]}`, row[3]]));
});

it('keeps every column exact in the json table', () => {
  const table = buildAnswerTable(everyEmployee.query, everyEmployee.result);
  expect(table.columns.map((column) => column.name)).toEqual(['employee_id', 'first_name', 'last_name', 'orders_count']);
  expect(table.rows).toEqual(everyEmployee.result.rows);
});
