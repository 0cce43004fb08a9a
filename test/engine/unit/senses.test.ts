/** Graded WordNet relatedness between a question's word and a schema's words. */
import { describe, expect, it } from 'vitest';
import { isCommonWord, MIN_RELATED_SCORE, SenseIndex } from '../../../src/engine/language/senses.ts';

const index = new SenseIndex(['client', 'shipment', 'musician', 'price', 'technician', 'ab', 'x1y']);
const link = (word: string, known: string) => index.related(word).find((candidate) => candidate.word === known);

describe('SenseIndex.related', () => {
  it('a synonym shares a synset', () => {
    expect(link('customer', 'client')).toMatchObject({ relation: 'synonym' });
  });

  it('a derivation links a verb to its noun', () => {
    expect(link('ship', 'shipment')).toMatchObject({ relation: 'derived', questionRank: 0, knownRank: 0, score: 0.7 });
  });

  it('a known word one step up the hypernym tree is a hypernym', () => {
    expect(link('singer', 'musician')).toMatchObject({ relation: 'hypernym' });
  });

  it('a known word one step down is a hyponym', () => {
    const hyponyms = new SenseIndex(['singer']);
    expect(hyponyms.related('musician').find((candidate) => candidate.word === 'singer')).toMatchObject({ relation: 'hyponym' });
  });

  it('weighs a first-sense synonym above a derivation above a hypernym', () => {
    const synonym = new SenseIndex(['client']).related('customer')[0];
    const derived = link('ship', 'shipment');
    const hypernym = link('singer', 'musician');
    expect(derived?.score).toBeGreaterThan(hypernym?.score ?? 1);
    // client is the second sense of its synset's words, so the synonym is scored down by rank.
    expect(synonym.knownRank + synonym.questionRank).toBeGreaterThan(0);
    expect(synonym.score).toBeLessThan(0.85);
  });

  it('drops relatives reached only through rarer senses on both sides ("orders" is no state, though an order is a condition)', () => {
    const states = new SenseIndex(['state']);
    expect(states.related('order').some((candidate) => candidate.word === 'state')).toBe(false);
    for (const candidate of index.related('customer')) expect(candidate.score).toBeGreaterThanOrEqual(MIN_RELATED_SCORE);
    expect(link('customer', 'client')).toBeDefined();
  });

  it('reads a verb by its verb senses only: to "book" is no publication, though a book is one', () => {
    const publications = new SenseIndex(['publication']);
    expect(publications.related('book').some((candidate) => candidate.word === 'publication')).toBe(true);
    expect(publications.related('book', ['v']).some((candidate) => candidate.word === 'publication')).toBe(false);
    expect(index.related('ship', ['v']).find((candidate) => candidate.word === 'shipment')).toMatchObject({ relation: 'derived' });
  });

  it('never relates a word to itself', () => {
    expect(link('technician', 'technician')).toBeUndefined();
  });

  it('relates nothing to an unrelated or unknown word', () => {
    expect(index.related('giraffe')).toEqual([]);
    expect(index.related('xqzzyv')).toEqual([]);
  });

  it('sorts links strongest first', () => {
    const wide = new SenseIndex(['client', 'consumer', 'buyer', 'purchaser', 'patron']);
    const scores = wide.related('customer').map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('ignores known words shorter than three letters or with digits', () => {
    const tiny = new SenseIndex(['ab', 'x1y']);
    expect(tiny.related('abdominal muscle')).toEqual([]);
  });
});

describe('isCommonWord', () => {
  it('is true for words WordNet knows, adverbs included', () => {
    expect(isCommonWord('customer')).toBe(true);
    expect(isCommonWord('quickly')).toBe(true);
    expect(isCommonWord('xqzzyv')).toBe(false);
  });
});
