/**
 * A column named "<head> of <modifier>" (date_of_publication, date_of_birth) answers to
 * "<modifier> <head>" too: "publication date", "birth date". On a library schema the engine was
 * not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const library = catalog(
  entity({ name: 'author', rows: 300, columns: [['id', 'integer'], ['author_name', 'text'], ['date_of_birth', 'date']] }),
  entity({ name: 'volume', rows: 4000, columns: [['id', 'integer'], ['title', 'text'], ['date_of_publication', 'date'], ['page_count', 'integer']] }),
);
/** The best reading, answered whatever its confidence. */
const plan = (question: string) => planQuestion(question, { catalog: library, values: [], now }, { model: bestReadingModel(), suggest: false });

it.each([
  ['what are the titles and publication dates of all volumes?', 'volume.date_of_publication'],
  ['list the names and birth dates of the authors', 'author.date_of_birth'],
])('"%s" shows %s', (question, column) => {
  const result = plan(question);
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).columns).toContain(column);
});
