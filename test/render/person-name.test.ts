/** A person named by first and last name columns reads as one name field in text, figures and email; the json table stays exact. */
import { describe, expect, it } from 'vitest';
import type { AnswerInput } from '../../src/render/answer.ts';
import { buildAnswerTable } from '../../src/render/answer-table.ts';
import { buildEmailAnswer } from '../../src/render/email-answer.ts';
import { chooseFigure } from '../../src/render/figure.ts';
import { answerText } from '../../src/render/text-answer.ts';
import { field, type LogicalQuery } from '../../src/query/logical-query.ts';
import { ordersPerEmployee } from '../support/seeded-answers.ts';

function input(query: Partial<LogicalQuery>, columns: AnswerInput['result']['columns'], rows: unknown[][]): AnswerInput {
  return {
    question: 'orders per sales rep',
    query: { kind: 'select', root: 'orders', joins: [], measures: [], dimensions: [], columns: [], filters: [], having: [], order: [], ...query },
    compiled: { language: 'sql', dialect: 'postgresql', text: 'SELECT 1', params: [] },
    result: { columns, rows, truncated: false },
    interpretation: 'Number of orders by employee',
    assumptions: [],
    connectionName: 'Shop',
    answeredAt: new Date('2026-11-24T10:00:00Z'),
  };
}

/** The seeded HTTP answer's query, with more people (so that it is a bar chart) and a missing last name. */
const seededEmployees = ordersPerEmployee();
const sevenEmployees = input(
  seededEmployees.query,
  [...seededEmployees.result.columns],
  [[7, 'Anna', 'Smith', 40], [8, 'Ben', 'Jones', 30], [9, 'Cleo', null, 20], [10, 'Dev', 'Patel', 10], [11, 'Eva', 'Ng', 9], [12, 'Finn', 'Berg', 8], [13, 'Gus', 'Ode', 7]],
);

const employeeList = input(
  {
    root: 'employees',
    columns: [
      { id: 'firstName', label: 'First name', field: field('employees', 'firstName') },
      { id: 'lastName', label: 'Last name', field: field('employees', 'lastName') },
      { id: 'title', label: 'Title', field: field('employees', 'title') },
    ],
  },
  [{ name: 'firstName', type: 'text' }, { name: 'lastName', type: 'text' }, { name: 'title', type: 'text' }],
  [['Anna', 'Smith', 'Sales Manager'], ['Ben', 'Jones', 'Sales Representative']],
);

type Spec = Record<string, any>;

describe('a person named by first and last name', () => {
  it('is one category of a chart, named after the entity', () => {
    const figure = chooseFigure(sevenEmployees)!;
    expect(figure.kind).toBe('bar');
    expect(figure.title).toBe('Number of orders by employee');
    const spec = figure.vegaLite as Spec;
    expect(spec['encoding'].x).toMatchObject({ field: 'employee_name', title: 'Employee' });
    expect(spec['encoding'].color).toBeUndefined();
    expect(spec['data'].values.map((datum: Spec) => datum['employee_name'])).toEqual(['Anna Smith', 'Ben Jones', 'Cleo', 'Dev Patel', 'Eva Ng', 'Finn Berg', 'Gus Ode']);
  });

  it('is one name in the sentence', () => {
    expect(answerText(sevenEmployees)).toBe(
      'Number of orders by employee, across 7 employees: highest Anna Smith (40), lowest Gus Ode (7). Total: 124.',
    );
  });

  it('is one column of the email tables, without the key', async () => {
    const { text, html } = await buildEmailAnswer(sevenEmployees);
    expect(text).toMatch(/^Employee {2,}Number of orders$/m);
    expect(text).toMatch(/^Anna Smith {2,}40$/m);
    expect(html).toContain('<th style="padding:6px 10px;border-bottom:2px solid #d0d4d9;font-size:12px;text-align:left;color:#4b5563;font-weight:600;">Employee</th>');
    for (const body of [text, html]) expect(body).not.toMatch(/first name|last name|Employee id/i);
  });

  it('is one column of a listed table figure, whatever the columns are called', () => {
    const figure = chooseFigure(employeeList)!;
    expect(figure.kind).toBe('table');
    const spec = figure.vegaLite as Spec;
    expect(spec['hconcat'].map((column: Spec) => column['title'].text)).toEqual(['Name', 'Title']);
    expect(spec['data'].values[1]).toMatchObject({ name: 'Ben Jones', title: 'Sales Representative' });
  });

  it('keeps both columns, exact, in the json table', () => {
    expect(buildAnswerTable(sevenEmployees.query, sevenEmployees.result).columns.map((column) => column.name))
      .toEqual(['employee_id', 'employee_first_name', 'employee_last_name', 'orders_count']);
  });

  it('pairs only the names of one entity', () => {
    const mixed = input(
      {
        root: 'orders',
        columns: [
          { id: 'employee_first_name', label: 'Employee first name', field: field('employees', 'first_name') },
          { id: 'customer_last_name', label: 'Customer last name', field: field('customers', 'last_name') },
        ],
      },
      [{ name: 'employee_first_name', type: 'text' }, { name: 'customer_last_name', type: 'text' }],
      [['Anna', 'Jansen']],
    );
    const spec = chooseFigure(mixed)!.vegaLite as Spec;
    expect(spec['hconcat'].map((column: Spec) => column['title'].text)).toEqual(['Employee first name', 'Customer last name']);
  });
});
