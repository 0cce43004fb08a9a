/**
 * A column's name said in two parts ("the code of the fuel type" for fuel_type_code; "the code
 * 'DSL'" before a value of it): the noun apart from the rest is part of that name, not a word the
 * reading drops. It had been declined as an unknown word. On a depot schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const depot = catalog(
  entity({ name: 'vehicle', rows: 80, columns: [['id', 'integer'], ['plate_number', 'text'], ['fuel_type_code', 'text'], ['seats', 'integer']] }),
);
const values = [{ entity: 'vehicle', column: 'fuel_type_code', values: ['DSL', 'PET', 'ELE'] }];
const plan = (question: string) => planQuestion(question, { catalog: depot, values, now }, { suggest: false });

it('reads "the code of the fuel type" as fuel_type_code', () => {
  const result = plan('show the plate number and the code of the fuel type of each vehicle');
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).columns).toEqual(['vehicle.plate_number', 'vehicle.fuel_type_code']);
});

it('reads "with the fuel code \'DSL\'" as a value of fuel_type_code', () => {
  const result = plan("list the plate numbers of vehicles with the fuel code 'DSL'");
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toEqual(['vehicle.fuel_type_code eq DSL']);
});

it('still declines a noun that is no part of the name beside it', () => {
  expect(plan('show the plate number and the colour of the fuel type of each vehicle').ok).toBe(false);
});
