/** wink-nlp analysis: raw tokens with spacing, and lemmas of schema words. */
import { describe, expect, it } from 'vitest';
import { lemmaOf, readTokens } from '../../../src/engine/language/nlp.ts';

describe('readTokens', () => {
  it('gives text, lemma, part of speech, type and the spaces before each token', () => {
    const { tokens } = readTokens('the technicians shipped 5k');
    expect(tokens[0].spaceBefore).toBe(0);
    expect(tokens[1]).toMatchObject({ text: 'technicians', lower: 'technicians', lemma: 'technician', pos: 'NOUN', spaceBefore: 1 });
    expect(tokens[2]).toMatchObject({ lemma: 'ship', pos: 'VERB' });
    expect(tokens[3]).toMatchObject({ text: '5', type: 'number' });
    expect(tokens[4]).toMatchObject({ text: 'k', spaceBefore: 0 });
  });

  it('reports entity spans with inclusive ends', () => {
    const { entities } = readTokens('orders on 21 June 2024');
    const date = entities.find((entity) => entity.type === 'DATE');
    expect(date).toBeDefined();
    expect(date?.end).toBeGreaterThanOrEqual(date?.start ?? Infinity);
  });
});

describe('lemmaOf', () => {
  it('reduces nouns to the singular and verbs to their base', () => {
    expect(lemmaOf('technicians')).toBe('technician');
    expect(lemmaOf('Visits')).toBe('visit');
    expect(lemmaOf('shipped')).toBe('ship');
  });

  it('keeps the words of business data that wink gets wrong', () => {
    expect(lemmaOf('data')).toBe('data');
    expect(lemmaOf('sales')).toBe('sale');
    expect(lemmaOf('staff')).toBe('staff');
    expect(lemmaOf('ids')).toBe('id');
  });
});
