/** Words of schema names: identifiers split, glued words separated, abbreviations expanded, lemmas. */
import { describe, expect, it } from 'vitest';
import { commentWordsOf, entityNameWords, labelWordsOf, nameWordsOf, splitGlued, splitIdentifier } from '../../../src/engine/schema/schema-words.ts';

describe('splitIdentifier', () => {
  it('splits on delimiters, case changes and digits, in lower case', () => {
    expect(splitIdentifier('cust_nm')).toEqual(['cust', 'nm']);
    expect(splitIdentifier('OrderDate')).toEqual(['order', 'date']);
    expect(splitIdentifier('HTTPStatusCode')).toEqual(['http', 'status', 'code']);
    expect(splitIdentifier('addr2')).toEqual(['addr', '2']);
    expect(splitIdentifier('work-ord.ln')).toEqual(['work', 'ord', 'ln']);
  });
});

describe('splitGlued', () => {
  it('splits a glued name into known words, fewest pieces first', () => {
    expect(splitGlued('orderdate')).toEqual(['order', 'date']);
    expect(splitGlued('custname')).toEqual(['cust', 'name']);
  });

  it('keeps a word WordNet knows whole', () => {
    expect(splitGlued('technician')).toEqual(['technician']);
    expect(splitGlued('warehouse')).toEqual(['warehouse']);
  });

  it('never splits off the ending of a derived word, though WordNet knows it as a word', () => {
    expect(splitGlued('billable')).toEqual(['billable']);
    expect(splitGlued('timesheet')).toEqual(['time', 'sheet']);
    expect(nameWordsOf('billable_yn').words).toEqual(['billable', 'yn']);
  });

  it('keeps short parts and parts with digits whole', () => {
    expect(splitGlued('qty')).toEqual(['qty']);
    expect(splitGlued('line2total')).toEqual(['line2total']);
  });

  it('splits a letter before a known word ("dname")', () => {
    expect(splitGlued('dname')).toEqual(['d', 'name']);
    // Not "dph" + "one": of two splits into as many pieces, the one with the longer word.
    expect(splitGlued('dphone')).toEqual(['d', 'phone']);
  });

  it('splits a key\'s "id" off the end, and prefers a general last word', () => {
    expect(splitGlued('driverid')).toEqual(['driver', 'id']);
    expect(splitGlued('facid')).toEqual(['fac', 'id']);
    expect(splitGlued('venuesessionid')).toEqual(['venue', 'session', 'id']);
    expect(splitGlued('createdate')).toEqual(['create', 'date']);
    expect(splitGlued('paid')).toEqual(['paid']);
  });
});

describe('nameWordsOf', () => {
  it('expands terse names to words and lemmas', () => {
    expect(nameWordsOf('cust_nm').words).toEqual(['customer', 'name']);
    expect(nameWordsOf('ord_dt').words).toEqual(['order', 'date']);
    expect(nameWordsOf('item_desc').words).toEqual(['item', 'description']);
    expect(nameWordsOf('hrs').words).toEqual(['hour']);
    expect(nameWordsOf('qty').words).toEqual(['quantity']);
    expect(nameWordsOf('status_cd').words).toEqual(['status', 'code']);
  });

  it('keeps the written form beside the lemmas', () => {
    const words = nameWordsOf('hrs');
    expect(words.written).toEqual(['hours']);
    expect(words.words).toEqual(['hour']);
  });

  it('expands a multi-word abbreviation', () => {
    expect(nameWordsOf('dob').words).toEqual(['date', 'of', 'birth']);
  });

  it('gives a second reading when a part is a word and an abbreviation', () => {
    const words = nameWordsOf('cat_id');
    expect(words.words).toEqual(['cat', 'id']);
    expect(words.alternative).toEqual(['category', 'id']);
    expect(nameWordsOf('cust_nm').alternative).toBeUndefined();
  });

  it('expands the abbreviation of a flag', () => {
    expect(nameWordsOf('is_actv_flg').written.at(-1)).toBe('flag');
  });
});

describe('entityNameWords', () => {
  it('drops a technical prefix and writes the last word singular', () => {
    expect(entityNameWords('tbl_work_orders')).toMatchObject({ words: ['work', 'order'], written: ['work', 'order'] });
    expect(entityNameWords('tblVisits').words).toEqual(['visit']);
  });

  it('expands an abbreviated table name', () => {
    expect(entityNameWords('cust').words).toEqual(['customer']);
    expect(entityNameWords('work_ord').words).toEqual(['work', 'order']);
  });
});

describe('labelWordsOf and commentWordsOf', () => {
  it('reads a short label as lemmas, nothing for a long or empty one', () => {
    expect(labelWordsOf('Unit Prices')).toEqual(['unit', 'price']);
    expect(labelWordsOf('one two three four five')).toBeUndefined();
    expect(labelWordsOf('')).toBeUndefined();
    expect(labelWordsOf(undefined)).toBeUndefined();
  });

  it('keeps the content words of a short comment', () => {
    expect(commentWordsOf('Date the order was shipped')).toEqual(['date', 'order', 'ship']);
  });

  it('ignores a comment too long to name a column', () => {
    expect(commentWordsOf('Free text the technician writes after the visit about the parts used')).toBeUndefined();
  });
});
