/**
 * Names joined by "and" that share a word said once: "the colour code and description" asks for the
 * colour's description, "the start and end dates" for the start date. On a paint-shop schema the
 * engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { findLinks } from '../../../src/engine/readings/links.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { valueIndexOf } from '../../../src/engine/schema/value-index.ts';

const shop = catalog(
  entity({ name: 'shade', rows: 40, columns: [['shade_code', 'text'], ['shade_description', 'text']] }),
  entity({ name: 'offer', rows: 60, columns: [['id', 'integer'], ['start_date', 'date'], ['end_date', 'date'], ['start_time', 'text']] }),
  entity({ name: 'tin', rows: 900, columns: [['id', 'integer'], ['tin_name', 'text'], ['tin_description', 'text'], ['shade_code', 'text'], ['sale_start', 'date'], ['sale_end', 'date']], references: { shade_code: 'shade' } }),
);
const values = [{ entity: 'tin', column: 'tin_name', values: ['Harbour Mist', 'Olive Grove'] }];
const best = (question: string) => {
  const [candidate] = readQuestion(question, shop, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') }).candidates;
  return candidate && summarise(candidate.planned.query);
};

it('reads the second of two joined names with the word the first one was said with', () => {
  expect(best('What is the shade code and description of the tin named "Harbour Mist"?')?.columns).toContain('shade.shade_description');
  expect(best('What is the shade code and description of the tin named "Harbour Mist"?')?.columns).not.toContain('tin.tin_description');
});

it('reads the first of two joined names with the word the second one ends with', () => {
  const links = findLinks(tokenize('the start and end dates of the offers'), { schema: schemaIndexOf(shop), values: valueIndexOf(values) });
  expect(links.filter((link) => link.start === 1).map((link) => [link.target, link.match])).toEqual([[{ kind: 'column', entity: 'offer', column: 'start_date' }, 'exact']]);
});
