/**
 * "tickets this year vs last year": rows said with two periods side by side, and nothing else to
 * compute, are counted in each period, as "tickets per year" counts them, and "new" rows are new
 * by their own first date, as with a grain. There was no reading (side by side needs a measure).
 * On a schema of our own.
 */
import { expect, it } from 'vitest';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const fixture = {
  catalog: catalog(
    entity({ name: 'ticket', rows: 9000, columns: [['id', 'integer'], ['subject', 'text'], ['opened_on', 'date']] }),
    entity({ name: 'member', rows: 800, columns: [['id', 'integer'], ['name', 'text'], ['joined_on', 'date']] }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

it('counts the rows in each of two periods side by side', () => {
  const { summary, query } = planned(fixture, 'tickets this year vs last year');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.dimensions).toEqual(['ticket.opened_on/year']);
  expect(summary.filters).toEqual(['ticket.opened_on gte 2024-01-01', 'ticket.opened_on lt 2026-01-01']);
  expect(query.pivot).toBeDefined();
});

it('reads "new" rows of two periods side by side by their own first date', () => {
  const { summary } = planned(fixture, 'new members in 2024 compared with 2025');
  expect(summary.measures).toEqual(['count(*)']);
  expect(summary.dimensions).toEqual(['member.joined_on/year']);
});
