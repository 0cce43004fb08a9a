/** Written-out numbers: "twenty five", "two hundred", "a dozen". */
import { wordTable } from './word-table.ts';

const UNITS = wordTable({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
});
const TENS = wordTable({
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
});
const SCALES = wordTable({ hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 });

export function isNumberWord(word: string): boolean {
  return UNITS.has(word) || TENS.has(word) || SCALES.has(word) || word === 'dozen';
}

/**
 * Value of a run of written-out number words ("twenty five", "two hundred", "a dozen"),
 * or undefined when the words do not form a number.
 */
export function numberFromWords(words: readonly string[]): number | undefined {
  if (words.length === 0) return undefined;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    const unit = UNITS.get(word) ?? TENS.get(word);
    const scale = SCALES.get(word);
    if (unit !== undefined) current += unit;
    else if (word === 'dozen') current = (current || 1) * 12;
    else if (scale !== undefined) {
      current = (current || 1) * scale;
      if (scale >= 1_000) {
        total += current;
        current = 0;
      }
    } else return undefined;
    seen = true;
  }
  return seen ? total + current : undefined;
}
