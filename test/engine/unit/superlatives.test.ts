/** Superlative adjectives: their base, and the ranking they make (direction, concept or WordNet attribute). */
import { describe, expect, it } from 'vitest';
import { attributesOf, rankingOf, superlativeBase } from '../../../src/engine/question/superlatives.ts';
import { findCues } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';

const baseOf = (word: string): string | undefined => superlativeBase(tokenize(word)[0]);

describe('superlativeBase', () => {
  it('strips -est, restoring a dropped e, a y, or a doubled consonant', () => {
    expect(baseOf('youngest')).toBe('young');
    expect(baseOf('latest')).toBe('late');
    expect(baseOf('heaviest')).toBe('heavy');
    expect(baseOf('biggest')).toBe('big');
  });

  it('knows irregular superlatives', () => {
    expect(baseOf('best')).toBe('good');
    expect(baseOf('most')).toBe('much');
    expect(baseOf('fewest')).toBe('few');
  });

  it('is undefined for words that only end in -est', () => {
    for (const word of ['interest', 'nest', 'test', 'request']) expect(baseOf(word), word).toBeUndefined();
  });
});

describe('rankingOf', () => {
  it('business adjectives carry a concept', () => {
    expect(rankingOf('cheap')).toEqual({ direction: 'asc', concept: 'price' });
    expect(rankingOf('recent')).toEqual({ direction: 'desc', concept: 'date' });
    expect(rankingOf('early')).toEqual({ direction: 'asc', concept: 'date' });
    expect(rankingOf('popular')).toEqual({ direction: 'desc', concept: 'frequency' });
  });

  it('adjectives of magnitude rank by the column that follows', () => {
    expect(rankingOf('high')).toEqual({ direction: 'desc' });
    expect(rankingOf('small')).toEqual({ direction: 'asc' });
  });

  it('other adjectives rank by their WordNet attribute, low-end ones upwards', () => {
    expect(rankingOf('heavy')).toEqual({ direction: 'desc', concept: 'attribute', attributes: ['weight'] });
    expect(rankingOf('young')).toMatchObject({ direction: 'asc', attributes: ['age'] });
    expect(rankingOf('old')).toMatchObject({ direction: 'desc', attributes: expect.arrayContaining(['age']) });
  });

  it('is undefined for a word that ranks nothing', () => {
    expect(rankingOf('xqzzy')).toBeUndefined();
  });
});

describe('attributesOf', () => {
  it('gives the nouns an adjective measures', () => {
    expect(attributesOf('tall')).toEqual(expect.arrayContaining(['height']));
    expect(attributesOf('xqzzy')).toEqual([]);
  });
});

describe('"top" with no number', () => {
  const topOf = (question: string) => findCues(tokenize(question)).find((cue) => cue.kind === 'superlative');
  it('asks for one before a singular noun, several before a plural', () => {
    expect(topOf('the top product in each category')).not.toHaveProperty('several');
    expect(topOf('the top products in each category')).toMatchObject({ several: true });
    expect(topOf('top customer segments by revenue')).toMatchObject({ several: true });
    expect(topOf('top 3 product lines')).toMatchObject({ limit: 3 });
  });
});
