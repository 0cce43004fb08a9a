/**
 * Words the semantic layer defines, and arithmetic between quantities, on a small property-rental
 * schema the engine was not tuned on: a metric's word is the metric; an entity named like one of
 * its own values reads as that value only when nothing else said is about the same column; a
 * question that asks to compute ("minus", "divided by") is not answered as something else; a
 * metric's term split by a question's "did we" ("how many units did we sell") is still the metric, and a
 * participle after its noun ("trials expired") says what the term with it first says.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogEntity, ColumnValues } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';

const now = new Date('2025-05-10T12:00:00Z');
const SIGNED = ['Lease', 'Renewed'];
const lease: CatalogEntity = {
  ...entity({ name: 'lease', columns: [['id', 'integer'], ['ref', 'text'], ['state', 'text'], ['rent', 'number'], ['bedrooms', 'integer'], ['signed_on', 'date']] }),
  segments: [{ words: ['signed', 'signed lease'], label: 'Signed leases', conditions: [{ column: 'state', op: 'in', values: SIGNED }] }],
  metrics: [
    { words: ['income', 'rental income'], label: 'Rental income (rent of signed leases)', aggregate: 'sum', column: 'rent', unit: 'EUR', conditions: [{ column: 'state', op: 'in', values: SIGNED }] },
    { words: ['let bedroom', 'let bedrooms'], label: 'Let bedrooms (bedrooms of signed leases)', aggregate: 'sum', column: 'bedrooms', conditions: [{ column: 'state', op: 'in', values: SIGNED }] },
  ],
};
const appraisal = entity({ name: 'appraisal', columns: [['id', 'integer'], ['title', 'text'], ['projected_income', 'number', { synonyms: ['income'] }], ['unit_price', 'number'], ['valued_on', 'date']] });
const rentals = catalog(lease, appraisal);
const values: readonly ColumnValues[] = [{ entity: 'lease', column: 'state', values: ['Lease', 'Draft', 'Renewed', 'Ended'] }];

function readings(question: string) {
  return readQuestion(question, rentals, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates.map((candidate) => JSON.stringify(candidate.planned.query));
}

describe('a word the layer defines as a metric', () => {
  it.each(['total income', 'income'])('"%s" is the metric, not a column another entity was given the word for or whose name holds it', (question) => {
    const read = readings(question);
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) expect(query).not.toContain('projected_income');
  });
});

describe('an entity whose name is also one of its own values ("leases": state Lease)', () => {
  const filtersOnLeaseState = (query: string) => query.includes('"values":["Lease"]');

  it('is that value in some reading when nothing else is said about the column', () => {
    expect(readings('how many leases').some(filtersOnLeaseState)).toBe(true);
  });

  it.each(['how many signed leases', 'leases by state', 'total income of leases'])('is only the entity beside a segment, a group, a metric or the column shown: "%s"', (question) => {
    const read = readings(question);
    expect(read.length).toBeGreaterThan(0);
    for (const query of read) expect(filtersOnLeaseState(query), query).toBe(false);
  });
});

describe('"how many" before a metric', () => {
  it('asks for a metric that adds up things ("how many let bedrooms")', () => {
    const best = readQuestion('how many let bedrooms', rentals, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
    expect(best?.measures).toMatchObject([{ aggregate: 'sum', expression: { column: 'bedrooms' } }]);
  });

  it('never asks for one of money ("how many income")', () => {
    expect(readings('how many income').filter((query) => query.includes('"rent"'))).toEqual([]);
  });

  it('never adds up prices ("how many units": not the sum of unit_price)', () => {
    expect(readings('how many units').filter((query) => query.includes('"aggregate":"sum"') && query.includes('"unit_price"'))).toEqual([]);
  });
});

describe('arithmetic between quantities', () => {
  it.each([['total income minus rent', 'minus'], ['income divided by leases', 'divided'], ['income plus rent', 'plus']])('"%s" is declined, naming the word it cannot compute with', (question, word) => {
    const result = planQuestion(question, { catalog: rentals, values, now }, { suggest: false });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe('unknown_words');
      expect(result.words).toContain(word);
    }
  });
});

describe('a metric of one column said in a comparison of rows', () => {
  it.each(['leases with an income above 2000', 'how many leases have an income of more than 2000'])('compares that column row by row: "%s"', (question) => {
    const best = readQuestion(question, rentals, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0]?.planned.query;
    expect(best?.filters).toContainEqual(expect.objectContaining({ expression: { kind: 'field', entity: 'lease', column: 'rent' }, op: 'gt', values: [2000] }));
    expect(best?.having).toEqual([]);
  });
});

describe('a term of the layer split by a question\'s "did we"', () => {
  const sale: CatalogEntity = {
    ...entity({ name: 'sale_line', columns: [['id', 'integer'], ['quantity', 'integer'], ['sold_on', 'date']] }),
    metrics: [{ words: ['unit sell', 'units sold'], label: 'Units sold', aggregate: 'sum', column: 'quantity', conditions: [] }],
  };
  const shop = catalog(sale);

  it.each(['how many units did we sell in 2024', 'how many units have we sold in 2024'])('is still the metric: "%s"', (question) => {
    const [best] = readQuestion(question, shop, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
    expect(best?.unusedWords).toEqual([]);
    expect(best?.planned.query.measures).toMatchObject([{ aggregate: 'sum', expression: { column: 'quantity' } }]);
  });
});

describe('a participle after its noun', () => {
  const parcel: CatalogEntity = {
    ...entity({ name: 'parcel', columns: [['id', 'integer'], ['state', 'text'], ['sent_on', 'date']] }),
    segments: [{ words: ['damaged parcel', 'damaged parcels'], label: 'damaged parcels', conditions: [{ column: 'state', op: 'eq', values: ['damaged'] }] }],
  };

  it('says what the segment\'s term says with the participle first ("parcels damaged" for "damaged parcels")', () => {
    const [best] = readQuestion('how many parcels damaged', catalog(parcel), [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
    expect(best?.unusedWords).toEqual([]);
    expect(best?.planned.query.filters).toEqual([expect.objectContaining({ expression: { kind: 'field', entity: 'parcel', column: 'state' }, op: 'eq', values: ['damaged'] })]);
  });
});
