/**
 * Phrases that carry nothing a query reads: the present ("right now", present.ts), and "account
 * for" before a quantity ("Which countries account for the most orders?", "products that account
 * for over half of revenue"), which only says the figure is theirs. "accounts for each plan" is not
 * one: there the word names accounts.
 */
import { presentPhraseTokens } from './present.ts';
import type { Token } from './tokens.ts';

const QUANTITY_WORDS: ReadonlySet<string> = new Set(['most', 'least', 'largest', 'biggest', 'highest', 'lowest', 'smallest', 'majority', 'bulk', 'half', 'more', 'less', 'fewer', 'over', 'under']);

export function idlePhraseTokens(tokens: readonly Token[]): ReadonlySet<number> {
  const found = new Set(presentPhraseTokens(tokens));
  tokens.forEach((token, index) => {
    if (token.lemma !== 'account' || tokens[index + 1]?.lower !== 'for') return;
    const next = tokens[index + 2]?.lower === 'the' ? tokens[index + 3] : tokens[index + 2];
    if (next !== undefined && (next.kind === 'number' || QUANTITY_WORDS.has(next.lower))) found.add(index).add(index + 1);
  });
  return found;
}
