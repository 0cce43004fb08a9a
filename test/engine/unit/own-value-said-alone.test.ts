/**
 * Where an entity's name is also a value of one of its columns (kind "Claim" beside "Enquiry"), the
 * name said alone is that value: "how many claims?" counts the claims, not the enquiries too. Said
 * beside another word on that column, or grouped by it, the name is all the rows. On an insurance schema
 * the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const insurer = catalog(entity({ name: 'claim', rows: 4000, columns: [['id', 'integer'], ['holder_name', 'text'], ['kind', 'text'], ['amount', 'number'], ['filed_on', 'date']] }));
const values = [{ entity: 'claim', column: 'kind', values: ['Claim', 'Enquiry'] }];
const plan = (question: string) => planQuestion(question, { catalog: insurer, values, now }, { model: bestReadingModel(), suggest: false });

it.each(['how many claims are there?', 'how many claims?', 'total amount of claims'])('"%s" keeps the rows whose kind is Claim', (question) => {
  const result = plan(question);
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toContain('claim.kind eq Claim');
});

it('groups all the rows by the column when asked per kind', () => {
  const result = plan('number of claims per kind');
  expect(result.ok).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).not.toContain('claim.kind eq Claim');
});
