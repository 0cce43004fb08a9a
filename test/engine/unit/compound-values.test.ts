/**
 * "total revenue of Mid-Market clients": a capitalised compound stays one word for the tagger, and
 * names the value its parts spell ("Mid-Market"), as a lower-case one ("mid-market") names it by
 * its parts. "Mid-Market" after "of" had named nothing; "Small-Business" first in its noun phrase
 * was already read (a guard that the change keeps it so). On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const fixture = {
  catalog: catalog(entity({ name: 'client', rows: 400, columns: [['id', 'integer'], ['name', 'text'], ['tier', 'text'], ['revenue', 'number']] })),
  values: [{ entity: 'client', column: 'tier', values: ['Small-Business', 'Mid-Market', 'Enterprise'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

it.each(['total revenue of Mid-Market clients', 'How many Small-Business clients are there?'])('reads the compound in "%s" as the value it spells', (question) => {
  const { summary } = planned(fixture, question);
  expect(summary.filters).toHaveLength(1);
  expect(summary.filters[0]).toMatch(/^client\.tier eq (Mid-Market|Small-Business)$/);
});
