/**
 * "Cities that have not hosted a fair": a verb read as the key from the other table to the rows
 * asked about (host_city_id) relates them, so the negation asks for the rows with no such row. On an
 * events schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { bestReadingModel } from '../summarise.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const events = catalog(
  entity({ name: 'town', rows: 200, columns: [['id', 'integer'], ['town_name', 'text'], ['population', 'integer']] }),
  entity({ name: 'fair', rows: 90, references: { host_town_id: 'town' }, columns: [['id', 'integer'], ['fair_theme', 'text'], ['host_town_id', 'integer'], ['held_year', 'integer']] }),
);

it('reads, at the top, the rows asked about without any row pointing to them through the key the verb names', () => {
  const { candidates } = readQuestion('What are the names of towns that have not hosted a fair?', events, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now });
  const related = candidates[0]?.planned.query.related;
  expect(related).toEqual([expect.objectContaining({ exists: false, root: 'fair', link: { entity: 'fair', columns: ['host_town_id'], outerEntity: 'town', outerColumns: ['id'] } })]);
});
