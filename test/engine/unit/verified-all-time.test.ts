/**
 * A verified question about rows with no related rows in a period ("which clients have not booked
 * in the last 6 months?") vouches for the same question over all time ("clients without bookings"),
 * as a verified metric over a period vouches for it over all dates. On a schema of our own.
 */
import { expect, it } from 'vitest';
import type { Catalog } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { entity } from '../fixtures/build-catalog.ts';

const agency: Catalog = {
  entities: [
    entity({ name: 'clients', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['city', 'text']] }),
    entity({ name: 'bookings', rows: 5000, columns: [['id', 'integer'], ['client_id', 'integer'], ['booked_on', 'date'], ['price', 'number']], references: { client_id: 'clients' } }),
  ],
  verifiedQuestions: ['which clients have no bookings in the last 6 months?'],
};
const fixture = { catalog: agency, values: [], now: new Date('2025-05-10T12:00:00Z') };

it('answers the same question over all time as the verified one', () => {
  const result = planQuestion('clients without bookings', fixture, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.confidence).toBe(1);
  expect(result.assumptions.some((assumption) => assumption.includes('which clients have no bookings in the last 6 months?'))).toBe(true);
  expect(JSON.stringify(result.query.related)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
});
