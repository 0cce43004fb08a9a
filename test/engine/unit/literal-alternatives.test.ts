/**
 * "Reviews about Delivery rated 1 or 2": the column named between a value and a number is the
 * number's ("rated": the rating), and a number after another and "or" is another value of the same
 * column. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const shop = catalog(entity({ name: 'review', rows: 30000, columns: [['id', 'integer'], ['headline', 'text'], ['topic', 'text'], ['rating', 'integer']] }));
const values: readonly ColumnValues[] = [{ entity: 'review', column: 'topic', values: ['Delivery', 'Packaging'] }];
const best = (question: string) => {
  const [candidate] = readQuestion(question, shop, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && { ...summarise(candidate.planned.query), unused: candidate.unusedWords };
};

it('reads both numbers as ratings, beside the topic said before them', () => {
  expect(best('reviews about Delivery rated 1 or 2')).toMatchObject({ filters: ['review.topic eq Delivery', 'review.rating in 1,2'], unused: [] });
});
