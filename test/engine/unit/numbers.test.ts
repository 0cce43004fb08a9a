/** Written-out numbers. */
import { describe, expect, it } from 'vitest';
import { isNumberWord, numberFromWords } from '../../../src/engine/language/numbers.ts';

describe('numberFromWords', () => {
  it('adds units to tens', () => {
    expect(numberFromWords(['twenty', 'five'])).toBe(25);
    expect(numberFromWords(['nineteen'])).toBe(19);
  });

  it('multiplies by hundred and carries thousands and millions', () => {
    expect(numberFromWords(['two', 'hundred'])).toBe(200);
    expect(numberFromWords(['three', 'thousand', 'two', 'hundred', 'one'])).toBe(3201);
    expect(numberFromWords(['one', 'million'])).toBe(1_000_000);
    expect(numberFromWords(['two', 'million', 'five', 'hundred', 'thousand'])).toBe(2_500_000);
  });

  it('a scale alone stands for one of it', () => {
    expect(numberFromWords(['hundred'])).toBe(100);
    expect(numberFromWords(['thousand'])).toBe(1_000);
  });

  it('a dozen is twelve, two dozen twenty-four', () => {
    expect(numberFromWords(['dozen'])).toBe(12);
    expect(numberFromWords(['two', 'dozen'])).toBe(24);
  });

  it('zero is a number', () => {
    expect(numberFromWords(['zero'])).toBe(0);
  });

  it('is undefined for no words or a word that is not a number', () => {
    expect(numberFromWords([])).toBeUndefined();
    expect(numberFromWords(['five', 'apples'])).toBeUndefined();
  });
});

describe('isNumberWord', () => {
  it('knows units, tens, scales and dozen, not other words', () => {
    for (const word of ['one', 'twelve', 'forty', 'hundred', 'billion', 'dozen']) expect(isNumberWord(word), word).toBe(true);
    for (const word of ['first', 'once', 'several', 'many', '12']) expect(isNumberWord(word), word).toBe(false);
  });
});
