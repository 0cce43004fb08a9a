/**
 * A participle after "is"/"are" that closes the question, or right before a noun, says the state the
 * rows are in ("how many machines are archived?", "the average cost of archived machines"), and so
 * does a particle closing a clause after "is"/"are" ("how many machines are still out?"). Where nothing in the data says that state, no reading may drop the word
 * and count or list every row (it had been answered at 0.91 confidence as the number of all rows).
 * On a plant schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const plant = catalog(
  entity({ name: 'machine', rows: 300, columns: [['id', 'integer'], ['machine_name', 'text'], ['site', 'text'], ['purchase_cost', 'number']] }),
);
const plan = (question: string) => planQuestion(question, { catalog: plant, values: [{ entity: 'machine', column: 'site', values: ['Lyon', 'Porto'] }], now }, { suggest: false });

it.each(['how many machines are archived?', 'how many machines are verified?', 'how many machines are discontinued?', 'average purchase cost of discontinued machines', 'list the archived machines', 'how many machines are still out?', 'which machines are down?'])('declines "%s", whose state nothing in the data says', (question) => {
  const result = plan(question);
  expect(result.ok, result.ok ? summarise(result.query).measures.join() : '').toBe(false);
});

it.each(['how many machines are there?', 'how many machines are in Lyon?'])('still answers "%s"', (question) => {
  expect(plan(question).ok).toBe(true);
});
