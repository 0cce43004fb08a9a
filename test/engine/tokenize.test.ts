import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/engine/tokenize.ts';

const kinds = (question: string): string[] => tokenize(question).map((token) => (token.kind === 'word' ? token.lemma : `${token.kind}:${token.value ?? token.text}`));

describe('tokenize', () => {
  it('lower-cases words and reduces them to lemmas', () => {
    expect(kinds('Top Customers by Orders')).toEqual(['top', 'customer', 'by', 'order']);
  });

  it('reads numbers with separators, currency, suffixes and percent', () => {
    expect(kinds('over $1,200.50 or 5k or 10%')).toEqual(['over', 'number:1200.5', 'or', 'number:5000', 'or', 'number:10']);
    expect(tokenize('10%')[0].percent).toBe(true);
  });

  it('reads written-out numbers', () => {
    expect(kinds('top five customers')).toEqual(['top', 'number:5', 'customer']);
    expect(kinds('more than twenty five orders')).toEqual(['more', 'than', 'number:25', 'order']);
    expect(kinds('a dozen products')).toEqual(['number:12', 'product']);
    expect(kinds('which one is best')).toEqual(['which', 'one', 'is', 'best']);
  });

  it('keeps quoted strings whole and splits contractions', () => {
    expect(kinds('customers named "Acme Corp" that aren\'t active')).toEqual(['customer', 'named', 'quoted:Acme Corp', 'that', 'are', 'not', 'active']);
    expect(kinds("the customers' orders")).toEqual(['the', 'customer', 'order']);
  });

  it('reads ISO dates and comparison symbols', () => {
    expect(kinds('orders after 2024-03-05 with amount >= 100')).toEqual(['order', 'after', 'date:2024-03-05', 'with', 'amount', 'symbol:>=', 'number:100']);
  });
});
