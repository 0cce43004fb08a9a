import { describe, expect, it } from 'vitest';
import { lemma, snakeId, splitGlued, splitIdentifier, stemVariants } from '../../src/engine/words.ts';

describe('splitIdentifier', () => {
  const known = new Set(['order', 'date', 'customer', 'id', 'unit', 'price', 'first', 'name']);
  const isKnown = (word: string): boolean => known.has(word);
  it.each([
    ['order_date', ['order', 'date']],
    ['OrderDate', ['order', 'date']],
    ['orderDate', ['order', 'date']],
    ['ORDER-DATE', ['order', 'date']],
    ['orderdate', ['order', 'date']],
    ['customerid', ['customer', 'id']],
    ['UnitPrice', ['unit', 'price']],
    ['firstname', ['first', 'name']],
    ['address2', ['address', '2']],
  ])('%s → %j', (name, words) => {
    expect(splitIdentifier(name, isKnown)).toEqual(words);
  });

  it('keeps a glued word whole when no full split exists', () => {
    expect(splitGlued('discontinued', (word) => word === 'disc')).toEqual(['discontinued']);
  });
});

describe('lemma and stems', () => {
  it.each([
    ['orders', 'order'], ['categories', 'category'], ['status', 'status'], ['sales', 'sale'], ['address', 'address'],
    ['us', 'us'], ['data', 'data'], ['sold', 'sell'], ['paid', 'pay'], ['people', 'person'], ['ids', 'id'],
  ])('lemma(%s) = %s', (word, expected) => {
    expect(lemma(word)).toBe(expected);
  });

  it('offers verb stems for matching schema words', () => {
    expect(stemVariants('shipped')).toContain('ship');
    expect(stemVariants('created')).toContain('create');
    expect(stemVariants('pricing')).toContain('price');
    expect(stemVariants('monthly')).toContain('month');
  });

  it('makes snake_case ids', () => {
    expect(snakeId(['Total', 'revenue'])).toBe('total_revenue');
    expect(snakeId(['order date', '(month)'])).toBe('order_date_month');
  });
});
