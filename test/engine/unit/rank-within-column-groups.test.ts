/**
 * "The patron with the most loans in each city": a column of the ranked rows said as the groups
 * ("each city" of the patrons) is what the ranking is cut within, and the patrons are what is
 * ranked. It had ranked the cities themselves (the city with the most loans), an answer to another
 * question, which the sample's verified revenue-by-segment question then vouched for at full
 * confidence ("the top 3 customers in each segment by revenue"). On a library schema the engine
 * was not tuned on.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const library = {
  catalog: catalog(
    entity({ name: 'patron', rows: 500, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text']] }),
    entity({ name: 'loan', rows: 4000, columns: [['id', 'integer'], ['patron_id', 'integer'], ['loaned_on', 'date']], references: { patron_id: 'patron' } }),
  ),
  values: [{ entity: 'patron', column: 'city', values: ['Lyon', 'Porto', 'Graz'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each(['the patron with the most loans in each city', 'Which patron has the most loans in each city?'])('"%s" ranks patrons within each city', (question) => {
  const { query } = planned(library, question);
  expect(query.limit).toBeUndefined();
  expect(query.limitPerGroup?.limit).toBe(1);
  const cities = query.dimensions.filter((dimension) => dimension.field.column === 'city').map((dimension) => dimension.id);
  expect(cities).toHaveLength(1);
  expect(query.limitPerGroup?.by).toEqual(cities);
  expect(query.dimensions.some((dimension) => dimension.field.entity === 'patron' && dimension.field.column !== 'city')).toBe(true);
});
