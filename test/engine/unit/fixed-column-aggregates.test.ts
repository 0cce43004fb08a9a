/**
 * "Which vehicles have the maximum load Heavy?": a column the question holds to one value has
 * nothing to aggregate; "maximum load" names max_load (it had been answered at 0.87 confidence as
 * the highest max_load among the Heavy ones). On a fleet schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const fleet = catalog(
  entity({ name: 'vehicle', rows: 800, columns: [['id', 'integer'], ['model_name', 'text'], ['max_load', 'text'], ['top_speed', 'number'], ['fuel_type', 'text']] }),
);
const values = [{ entity: 'vehicle', column: 'max_load', values: ['Heavy', 'Light'] }, { entity: 'vehicle', column: 'fuel_type', values: ['Diesel', 'Electric'] }];
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: fleet, values, now }, { model: bestReadingModel(), suggest: false });

it.each(['Which vehicles have the maximum load Heavy?', 'What are the vehicles with the maximum load Heavy that also have a top speed below 100?'])('never aggregates the column "%s" holds to one value', (question) => {
  const result = plan(question);
  expect(result.ok ? summarise(result.query).measures : []).not.toContain('max(vehicle.max_load)');
});

it('still aggregates a column under other conditions', () => {
  const result = plan('What is the maximum top speed of Diesel vehicles?');
  expect(result.ok && summarise(result.query)).toMatchObject({ measures: ['max(vehicle.top_speed)'], filters: ['vehicle.fuel_type eq Diesel'] });
});
