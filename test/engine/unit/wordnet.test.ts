/** The WordNet reader: index lines found by binary search, synsets read at their offsets. */
import { describe, expect, it } from 'vitest';
import { wordNet } from '../../../src/engine/language/wordnet.ts';

const net = wordNet();

describe('wordNet', () => {
  it('is one reader per process', () => {
    expect(wordNet()).toBe(net);
  });

  it('finds the senses of a noun, most frequent first, with their words', () => {
    const senses = net.senses('customer', 'n');
    expect(senses.length).toBeGreaterThan(0);
    expect(senses[0].words).toEqual(expect.arrayContaining(['customer', 'client']));
    expect(senses[0].key).toMatch(/^n:\d+$/);
    expect(senses[0].pos).toBe('n');
  });

  it('ignores case and reads multi-word lemmas with spaces', () => {
    expect(net.senses('Customer', 'n').map((synset) => synset.key)).toEqual(net.senses('customer', 'n').map((synset) => synset.key));
    expect(net.senses('ice cream', 'n')[0].words).toContain('ice cream');
  });

  it('finds entries near both ends of an index file', () => {
    // Words near the start and the end of the sorted file test the bounds of the binary search.
    expect(net.senses('aardvark', 'n').length).toBeGreaterThan(0);
    expect(net.senses('zymurgy', 'n').length).toBeGreaterThan(0);
  });

  it('returns no senses for unknown, empty or overlong words', () => {
    expect(net.senses('xqzzyv', 'n')).toEqual([]);
    expect(net.senses('', 'n')).toEqual([]);
    expect(net.senses('a'.repeat(61), 'n')).toEqual([]);
  });

  it('knows a word in any part of speech', () => {
    expect(net.knows('technician')).toBe(true);
    expect(net.knows('quickly')).toBe(true);
    expect(net.knows('xqzzyv')).toBe(false);
  });

  it('keeps senses apart by part of speech', () => {
    expect(net.senses('ship', 'v').every((synset) => synset.pos === 'v')).toBe(true);
    expect(net.senses('ship', 'v').map((synset) => synset.key)).not.toEqual(net.senses('ship', 'n').map((synset) => synset.key));
  });

  it('reads pointers to other synsets: a hypernym, and the attribute of an adjective', () => {
    const technician = net.senses('technician', 'n')[0];
    const hypernyms = technician.pointers.filter((pointer) => pointer.symbol === '@').map((pointer) => net.synset(pointer.offset, pointer.pos));
    expect(hypernyms.length).toBeGreaterThan(0);
    const young = net.senses('young', 'a')[0];
    const attributes = young.pointers.filter((pointer) => pointer.symbol === '=').flatMap((pointer) => net.synset(pointer.offset, pointer.pos).words);
    expect(attributes).toContain('age');
  });

  it('reads the same synset again from the cache', () => {
    const [first] = net.senses('invoice', 'n');
    const offset = Number(first.key.slice(2));
    expect(net.synset(offset, 'n')).toBe(net.synset(offset, 'n'));
    expect(net.synset(offset, 'n').words).toEqual(first.words);
  });
});
