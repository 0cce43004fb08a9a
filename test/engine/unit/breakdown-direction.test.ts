/**
 * "The number of tickets per queue in descending order": a direction said on its own in a breakdown
 * with one figure orders by that figure, not by the groups' names; in a plain list it orders by what
 * is shown. On a help-desk schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const helpdesk = catalog(entity({ name: 'ticket', rows: 5000, columns: [['id', 'integer'], ['subject', 'text'], ['queue', 'text'], ['opened_on', 'date']] }));
const best = (question: string) => readQuestion(question, helpdesk, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];

it('orders a breakdown by its figure', () => {
  const candidate = best('Show the different queues and the corresponding number of tickets in descending order.');
  expect(candidate).toBeDefined();
  expect(summarise(candidate!.planned.query).order).toEqual(['tickets_count desc']);
});

it('orders a plain list by what it shows', () => {
  const candidate = best('List the subjects of all tickets in descending order.');
  expect(candidate).toBeDefined();
  expect(summarise(candidate!.planned.query).order).toEqual(['subject desc']);
});
