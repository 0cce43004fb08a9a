/**
 * "How many warm type rooms are there?", "the number of rooms of each climate type": "type" (kind,
 * sort…) right after a value or a column the reading uses says what kind of thing it is, and is not
 * a word left over. Said alone ("each type"), it still is. On a schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { ColumnValues } from '../../../src/connectors/catalog.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const greenhouse = catalog(entity({ name: 'room', rows: 60, columns: [['id', 'integer'], ['room_name', 'text'], ['climate', 'text'], ['area_m2', 'number']] }));
const values: readonly ColumnValues[] = [{ entity: 'room', column: 'climate', values: ['warm', 'temperate', 'arid'] }];
const best = (question: string) => {
  const [candidate] = readQuestion(question, greenhouse, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  return candidate && { ...summarise(candidate.planned.query), unused: candidate.unusedWords };
};

it('reads "type" after a value as the kind of that value', () => {
  expect(best('how many warm type rooms are there')).toMatchObject({ measures: ['count(*)'], filters: ['room.climate eq warm'], unused: [] });
});

it('reads "type" after a column as the kind that column holds', () => {
  expect(best('number of rooms for each climate type')).toMatchObject({ measures: ['count(*)'], dimensions: ['room.climate'], unused: [] });
});

it('leaves "type" said on its own unread', () => {
  expect(best('number of rooms for each type')?.unused ?? [4]).not.toEqual([]);
});

it('does not answer "the types of vouchers", where vouchers have a type column the words do not name, with the vouchers themselves: every reading holds that column', () => {
  const vouchers = catalog(entity({ name: 'voucher', rows: 400, columns: [['id', 'integer'], ['voucher_name', 'text'], ['type_cd', 'text'], ['face_value', 'number']] }));
  const read = readQuestion('List all the types of vouchers.', vouchers, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') }).candidates;
  for (const candidate of read) expect(JSON.stringify(candidate.planned.query)).toContain('type_cd');
});
