/**
 * "Which agencies are based in Portugal?": a verb that only says where something is ("based",
 * "located", "headquartered") before "in" or "at" names nothing in the data; the place after it does.
 * Where the verb also linked to something ("base_rate"), it had to be read as that, and no reading
 * listed the agencies. On an agency schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const agencies = catalog(
  entity({ name: 'agency', rows: 200, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text'], ['tier', 'text'], ['base_rate', 'number']] }),
);
const values = [
  { entity: 'agency', column: 'country', values: ['Portugal', 'Spain'] },
  { entity: 'agency', column: 'tier', values: ['Premium', 'Standard'] },
];
const best = (question: string) => summarise(readQuestion(question, agencies, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]!.planned.query);

it.each(['Which Premium agencies are based in Portugal?', 'Which Premium agencies are located in Portugal?'])('reads "%s" best as the agencies of that place', (question) => {
  const summary = best(question);
  expect(summary.columns).toEqual(['agency.name']);
  expect(summary.filters.sort()).toEqual(['agency.country eq Portugal', 'agency.tier eq Premium']);
});
