/** The abbreviation tables of schema names, checked for consistency with each other and WordNet. */
import { describe, expect, it } from 'vitest';
import { wordNet } from '../../../src/engine/language/wordnet.ts';
import { ABBREVIATIONS, ALWAYS_EXPANDED, TABLE_PREFIXES } from '../../../src/engine/schema/abbreviations.ts';
import { entityNameWords, nameWordsOf } from '../../../src/engine/schema/schema-words.ts';

describe('ABBREVIATIONS', () => {
  it('expands each short form to lower-case words', () => {
    for (const [short, words] of ABBREVIATIONS) {
      expect(words.length, short).toBeGreaterThan(0);
      for (const word of words) expect(word, short).toMatch(/^[a-z]+$/);
    }
  });

  it('every always-expanded short form has an expansion', () => {
    for (const short of ALWAYS_EXPANDED) expect(ABBREVIATIONS.has(short), short).toBe(true);
  });

  it('short forms that are also English words are expanded only when listed as always expanded', () => {
    // "no" and "desc" are English (WordNet knows them) but stand for number and description in names.
    expect(wordNet().knows('no')).toBe(true);
    expect(nameWordsOf('no_of_visits').words[0]).toBe('number');
    expect(nameWordsOf('desc').words).toEqual(['description']);
    // "cat" is a word of its own; its expansion is only the alternative reading.
    expect(nameWordsOf('cat').words).toEqual(['cat']);
    expect(nameWordsOf('cat').alternative).toEqual(['category']);
  });

  it('reads the short forms of terse business schemas', () => {
    expect(nameWordsOf('credit_lmt').words).toEqual(['credit', 'limit']);
    expect(nameWordsOf('frt_amt').words).toEqual(['freight', 'amount']);
    expect(nameWordsOf('cust_seg').words).toEqual(['customer', 'segment']);
    expect(entityNameWords('ord_ln').words).toEqual(['order', 'line']);
  });

  it('reads names that are members of Object.prototype as written', () => {
    expect(nameWordsOf('constructor').words).toEqual(['constructor']);
  });
});

describe('TABLE_PREFIXES', () => {
  it('are dropped before other words of a table name, kept when they are the only word', () => {
    expect(TABLE_PREFIXES.has('tbl')).toBe(true);
    expect(entityNameWords('tbl_visits').words).toEqual(['visit']);
    expect(entityNameWords('dim_cust').words).toEqual(['customer']);
    expect(entityNameWords('lookup').words).toEqual(['lookup']);
  });
});
