/** Degree words, row limits and "or", read on small fixtures the engine was not tuned on. */
import { describe, expect, it } from 'vitest';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { unseenCatalog, unseenNow, unseenValues } from '../fixtures/unseen-catalog.ts';

const read = (question: string) => readQuestion(question, unseenCatalog, unseenValues, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });

/** A parts store whose columns sit next to the WordNet relatives of degree words ("high" → level, "long" → length). */
const partsCatalog = catalog(
  entity({ name: 'part', columns: [['id', 'integer'], ['part_name', 'text'], ['list_price', 'number'], ['stock_level', 'integer'], ['length', 'number']] }),
  entity({ name: 'shipment_line', columns: [['id', 'integer'], ['part_id', 'integer'], ['list_price', 'number'], ['qty', 'integer']], references: { part_id: 'part' } }),
);
const readParts = (question: string) => readQuestion(question, partsCatalog, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now: unseenNow });

describe('comparative and superlative words', () => {
  it('never link to the schema through WordNet relatives of their base word', () => {
    for (const question of ['which parts have the highest list price', 'parts with a higher list price than 20', 'the longest shipment lines']) {
      const { tokens, units } = readParts(question);
      const degree = tokens.findIndex((token) => /(?:est|er)$/.test(token.lower) && token.lower !== token.lemma);
      const wordnetLinks = units.flatMap((unit) => (unit.kind === 'link' && unit.start <= degree && degree < unit.end ? unit.links : [])).filter((link) => link.match.startsWith('wordnet-'));
      expect(wordnetLinks, question).toEqual([]);
    }
  });
});

describe('"which 3 …"', () => {
  it('limits the rows of a ranking to the count asked', () => {
    const best = read('which 3 techs have the highest hourly rate').candidates[0];
    expect(best.planned.query.limit).toBe(3);
    expect(best.planned.query.order).toHaveLength(1);
  });

  it('is never a limit on one total', () => {
    for (const candidate of readParts('which 3 parts have the highest list price').candidates) {
      const query = candidate.planned.query;
      const oneTotal = query.dimensions.length === 0 && query.columns.length === 0 && query.measures.length > 0;
      expect(oneTotal && query.limit !== undefined, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('"or"', () => {
  it('joining conditions on two columns is never read as both holding, only as alternatives', () => {
    const { candidates } = readParts('parts with a list price over 500 or a stock level below 5');
    for (const candidate of candidates) {
      const conditions = candidate.planned.query.filters.filter((filter) => filter.op !== 'not_null');
      expect(conditions.length, JSON.stringify(conditions)).toBeLessThan(2);
    }
    expect(candidates[0]?.planned.query.filters.some((filter) => filter.or?.length === 1)).toBe(true);
  });

  it('between values of one column is a choice of values', () => {
    const best = read('work orders of customers in Lyon or Porto').candidates[0];
    expect(best.planned.query.filters.some((filter) => filter.op === 'in' && filter.values.length === 2)).toBe(true);
  });
});
