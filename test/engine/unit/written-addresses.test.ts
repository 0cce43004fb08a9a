/**
 * An email or web address written in a question is a value, as a quoted one is: a reading compares
 * it or the question is declined, never answered for every row. On a club schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel, summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const club = catalog(entity({ name: 'member', rows: 300, columns: [['id', 'integer'], ['full_name', 'text'], ['contact_email', 'text'], ['homepage', 'text']] }));
const values = [
  { entity: 'member', column: 'contact_email', values: ['ada@example.org', 'bo@example.net'] },
  { entity: 'member', column: 'homepage', values: ['https://ada.example.org', 'https://bo.example.net'] },
];
const plan = (question: string) => planQuestion(question, { catalog: club, values, now }, { model: bestReadingModel(), suggest: false });

it('reads an email or web address as one written-out value', () => {
  const tokens = tokenize('members with email ada@example.org or site https://ada.example.org');
  expect(tokens.filter((token) => token.kind === 'quoted').map((token) => token.text)).toEqual(['ada@example.org', 'https://ada.example.org']);
});

it('compares the address the question gives', () => {
  const result = plan('what is the full name of the member whose email is bo@example.net?');
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (result.ok) expect(summarise(result.query).filters).toEqual(['member.contact_email eq bo@example.net']);
});

it('never answers for every member when the address names nothing it can compare', () => {
  const result = plan('what is the full name of the member whose email is nobody@example.com?');
  expect(result.ok && summarise(result.query).filters.length === 0).toBe(false);
});
