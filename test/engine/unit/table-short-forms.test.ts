/**
 * A table named short for the noun its comment opens with (`inc`, "Incidents on trips") writes that
 * noun short in its columns too: "incident type" is `inc_typ_cd`, though "inc" is also a word
 * WordNet knows. On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const claims = {
  catalog: catalog(
    entity({ name: 'inc', rows: 400, description: 'Incidents on site visits', columns: [['id', 'integer'], ['inc_dt', 'date'], ['inc_typ_cd', 'text'], ['cost_amt', 'number']] }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('reads the noun of a short table name in its columns', () => {
  const { summary } = planned(claims, 'How many incidents per incident type?');
  expect(summary.dimensions).toEqual(['inc.inc_typ_cd']);
  expect(summary.measures).toEqual(['count(*)']);
});
