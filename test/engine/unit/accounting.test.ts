/** Every word accounted for and read as the name it is part of, on the unseen field-service fixture. */
import { describe, expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';

const best = (question: string) => readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow }).candidates[0];

describe('"full name"', () => {
  it('is the name a reading shows, with nothing left over', () => {
    const reading = best('the full names of all techs');
    expect(reading.unusedWords).toEqual([]);
    expect(reading.planned.query.columns.map((column) => column.field.column)).toEqual(['fname', 'lname']);
  });

  it('"full" elsewhere is still a word the reading must use', () => {
    const reading = best('the names of all full techs');
    expect(reading.unusedWords.length).toBeGreaterThan(0);
  });
});

describe('a word before "and" that shares the name after it', () => {
  it('is read as that name with its own word ("the order and due dates")', () => {
    const reading = best('the order and due dates of work orders');
    expect(reading.unusedWords).toEqual([]);
    expect(reading.planned.query.columns.map((column) => column.field.column)).toEqual(['ord_dt', 'due_dt']);
  });
});

describe('a verb that names a flag of the rows asked about ("products that are discontinued")', () => {
  it('is a condition or a breakdown on that column, never a word the reading passes over', () => {
    const items = catalog(entity({ name: 'item', columns: [['id', 'integer'], ['item_name', 'text'], ['discontinued', 'boolean']] }));
    const { candidates } = readQuestion('how many items are discontinued', items, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect(JSON.stringify(candidate.planned.query), candidate.key).toContain('"discontinued"');
  });
});
