/**
 * "Who …?" asks for someone: the reading shows the name of the rows it is about, beside whatever
 * else it shows of them ("who was hired most recently?": the name and the hire date, not the date
 * alone). On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const brokerage = catalog(entity({ name: 'broker', rows: 40, columns: [['id', 'integer'], ['full_name', 'text'], ['hired_on', 'date'], ['desk', 'text']] }));

it.each(['who is the most recently hired broker?', 'who is our most recently hired broker'])('shows the name of whom it is about: "%s"', (question) => {
  const best = readQuestion(question, brokerage, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
  const shown = [...(best?.columns ?? []), ...(best?.dimensions ?? [])].map((output) => ('field' in output && output.field.kind === 'field' ? output.field.column : ''));
  expect(shown).toContain('full_name');
});
