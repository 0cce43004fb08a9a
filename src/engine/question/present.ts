/**
 * "right now", "at the moment", "at present": the data as it stands, which every question reads
 * (history is asked with a period). Their tokens name nothing and carry nothing.
 */
import type { Token } from './tokens.ts';

export function presentPhraseTokens(tokens: readonly Token[]): ReadonlySet<number> {
  const found = new Set<number>();
  const lower = (index: number): string => tokens[index]?.lower ?? '';
  for (let index = 0; index < tokens.length; index += 1) {
    if (lower(index) === 'right' && lower(index + 1) === 'now') found.add(index).add(index + 1);
    if (lower(index) === 'at' && lower(index + 1) === 'the' && lower(index + 2) === 'moment') found.add(index).add(index + 1).add(index + 2);
    if (lower(index) === 'at' && lower(index + 1) === 'present') found.add(index).add(index + 1);
  }
  return found;
}
