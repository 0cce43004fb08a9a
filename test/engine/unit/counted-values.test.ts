/**
 * "How many orders does Ana have?" on a schema whose only order-like word is a state column (WordNet
 * relates order and state): the number of distinct states is another question. Values are counted
 * by their column's own name. On a shop schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const shop = catalog(
  entity({ name: 'client', rows: 300, columns: [['id', 'integer'], ['given_name', 'text'], ['state', 'text']] }),
  entity({ name: 'bill', rows: 900, columns: [['id', 'integer'], ['client_id', 'integer'], ['total', 'number']], references: { client_id: 'client' } }),
);
const values = [{ entity: 'client', column: 'given_name', values: ['Ana', 'Ben'] }, { entity: 'client', column: 'state', values: ['CA', 'NY'] }];
const readings = (question: string) => readQuestion(question, shop, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') }).candidates.map((candidate) => summarise(candidate.planned.query));

it('does not count the values of a column the counted word only relates to through WordNet', () => {
  for (const summary of readings('How many orders does Ana have?')) expect(summary.measures, JSON.stringify(summary)).not.toContain('count_distinct(client.state)');
});

it('still counts the values of a column said by its name', () => {
  expect(readings('How many different states do clients live in?')[0]?.measures).toEqual(['count_distinct(client.state)']);
});
