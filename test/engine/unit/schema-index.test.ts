/** The schema index of the unseen fixture: phrases of terse names → the entities and columns they name. */
import { describe, expect, it } from 'vitest';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { columnOf, entityOf, type SchemaTarget, type TermEntry } from '../../../src/engine/schema/schema-model.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { unseenCatalog } from '../fixtures/unseen-catalog.ts';

const schema = schemaIndexOf(unseenCatalog);

const targetName = (target: SchemaTarget): string => (target.kind === 'entity' ? target.entity : `${target.entity}.${target.column}`);
const termsOf = (phrase: string): readonly TermEntry[] => schema.terms.get(phrase) ?? [];
const named = (phrase: string): string[] => termsOf(phrase).map((entry) => targetName(entry.target));
const matchOf = (phrase: string, target: string): string | undefined => termsOf(phrase).find((entry) => targetName(entry.target) === target)?.match;

describe('schemaIndexOf', () => {
  it('is built once per catalog object', () => {
    expect(schemaIndexOf(unseenCatalog)).toBe(schema);
    expect(schemaIndexOf({ entities: [...unseenCatalog.entities] })).not.toBe(schema);
  });

  it('holds every entity and column under its catalog name', () => {
    expect(schema.entities.map((info) => info.name)).toEqual(['cust', 'tech', 'svc_item', 'work_ord', 'work_ord_ln']);
    expect(columnOf(schema, 'work_ord', 'ord_dt').words).toEqual(['order', 'date']);
    expect(() => columnOf(schema, 'work_ord', 'nope')).toThrow(/unknown column/);
    expect(() => entityOf(schema, 'nope')).toThrow(/unknown entity/);
  });

  it('records incoming links on the referenced entity', () => {
    expect(entityOf(schema, 'cust').incoming.map((link) => link.fromEntity)).toEqual(['work_ord']);
    expect(entityOf(schema, 'work_ord').incoming.map((link) => link.fromEntity)).toEqual(['work_ord_ln']);
  });
});

describe('terms of terse names', () => {
  it('an expanded table name names its entity exactly', () => {
    expect(matchOf('customer', 'cust')).toBe('exact');
    expect(matchOf('work order', 'work_ord')).toBe('exact');
  });

  it('the expansion of a word-like abbreviation names the entity as a second reading', () => {
    expect(matchOf('technician', 'tech')).toBe('lemma');
    expect(matchOf('tech', 'tech')).toBe('exact');
  });

  it('expanded column names name their columns', () => {
    expect(matchOf('customer name', 'cust.cust_nm')).toBe('exact');
    expect(matchOf('order date', 'work_ord.ord_dt')).toBe('exact');
    expect(matchOf('quantity', 'work_ord_ln.qty')).toBe('exact');
    expect(matchOf('hour', 'work_ord.hrs')).toBe('exact');
    expect(matchOf('item description', 'svc_item.item_desc')).toBe('exact');
  });

  it('a column name shared by two tables names both', () => {
    expect(named('amount').sort()).toEqual(['work_ord.amt', 'work_ord_ln.amt']);
  });

  it('the head noun of a longer name names it, weaker than an exact match', () => {
    expect(matchOf('order', 'work_ord')).toBe('head');
    expect(matchOf('status', 'work_ord.status_cd')).toBe('head');
    expect(matchOf('description', 'svc_item.item_desc')).toBe('head');
  });

  it('the entity words before a column name name the column ("customer city")', () => {
    expect(matchOf('customer city', 'cust.cty')).toBe('entity-column');
  });

  it('"name" names the display columns of each entity', () => {
    expect(named('name')).toEqual(expect.arrayContaining(['cust.cust_nm', 'svc_item.item_name', 'tech.fname', 'tech.lname']));
    expect(named('name')).not.toContain('svc_item.sku');
  });

  it('"id" names the single primary key of each table', () => {
    expect(named('id')).toEqual(expect.arrayContaining(['cust.id', 'tech.id', 'svc_item.id', 'work_ord.id', 'work_ord_ln.id']));
    expect(matchOf('customer id', 'cust.id')).toBe('entity-column');
  });

  it('a two-word name is also found as "<second> of <first>"', () => {
    expect(matchOf('date of order', 'work_ord.ord_dt')).toBe('lemma');
  });

  it('keeps the stronger match when a phrase names the same element twice', () => {
    expect(termsOf('customer').filter((entry) => targetName(entry.target) === 'cust')).toHaveLength(1);
  });

  it('has no terms for words that are not in the schema', () => {
    expect(schema.terms.has('invoice')).toBe(false);
    expect(schema.terms.has('warranty')).toBe(false);
  });

  it('lists single words of five letters or more by length, for typo tolerance', () => {
    expect(schema.vocabularyByLength.get('customer'.length)).toContain('customer');
    for (const words of schema.vocabularyByLength.values()) for (const word of words) expect(word).not.toContain(' ');
    expect(schema.maxPhraseWords).toBeGreaterThanOrEqual(3);
  });
});

describe('labels, comments and synonyms', () => {
  const described = schemaIndexOf(catalog(entity({
    name: 'svc_visit',
    columns: [
      ['id', 'integer'],
      ['arr_ts', 'timestamp', { label: 'Arrival Time' }],
      ['odo_km', 'number', { description: 'Odometer reading' }],
      ['tech_id', 'integer', { synonyms: ['engineer'] }],
    ],
  })));
  const match = (phrase: string, column: string): string | undefined =>
    described.terms.get(phrase)?.find((entry) => entry.target.kind === 'column' && entry.target.column === column)?.match;

  it('a label, a short comment and a synonym each name their column', () => {
    expect(match('arrival time', 'arr_ts')).toBe('label');
    expect(match('odometer reading', 'odo_km')).toBe('comment');
    expect(match('engineer', 'tech_id')).toBe('layer');
  });
});
