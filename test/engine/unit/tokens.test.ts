/** tokenize: words with lemmas, numbers with their values, quoted strings, identifiers, symbols. */
import { describe, expect, it } from 'vitest';
import { spanText, tokenize, type Token } from '../../../src/engine/question/tokens.ts';

const only = (tokens: readonly Token[], kind: Token['kind']): Token[] => tokens.filter((token) => token.kind === kind);

describe('tokenize', () => {
  it('gives each token its position, lower-case text and lemma', () => {
    const tokens = tokenize('Which technicians closed orders');
    expect(tokens.map((token) => token.index)).toEqual([0, 1, 2, 3]);
    expect(tokens[1]).toMatchObject({ kind: 'word', text: 'technicians', lower: 'technicians', lemma: 'technician' });
    expect(tokens[3].lemma).toBe('order');
  });

  it('reads in the singular a plural noun the model has no lemma for, and leaves other words ending in s alone', () => {
    const tokens = tokenize('projects without timesheets or workorders, the bus status and its analysis');
    const lemma = (text: string) => tokens.find((token) => token.text === text)?.lemma;
    expect([lemma('timesheets'), lemma('workorders')]).toEqual(['timesheet', 'workorder']);
    expect([lemma('bus'), lemma('status'), lemma('analysis')]).toEqual(['bus', 'status', 'analysis']);
    const known = tokenize('the lens and canvas of the chaos');
    expect(['lens', 'canvas', 'chaos'].map((text) => known.find((token) => token.text === text)?.lemma)).toEqual(['lens', 'canvas', 'chaos']);
  });

  it('marks capitalised words after the first, not the first word itself', () => {
    const tokens = tokenize('Orders from Acme Corp');
    expect(tokens[0].capitalised).toBeUndefined();
    expect(tokens.filter((token) => token.capitalised).map((token) => token.text)).toEqual(['Acme', 'Corp']);
  });

  it('reads a full stop after the last word as the end of the sentence, not an abbreviation', () => {
    const tokens = tokenize('Which city is the tech based in.');
    expect(tokens.at(-1)).toMatchObject({ text: 'in', lemma: 'in', pos: 'ADP' });
    expect(tokenize('customers in the U.S.').at(-1)?.text).toBe('U.S.');
  });

  it('keeps a snake_case identifier as one word', () => {
    const tokens = tokenize('show cust_nm and status_cd');
    expect(only(tokens, 'word').map((token) => token.text)).toEqual(['show', 'cust_nm', 'and', 'status_cd']);
  });

  it('keeps quoted text whole, without its quotes, in double, single and curly quotes', () => {
    expect(only(tokenize('items named "Big Widget"'), 'quoted').map((token) => token.text)).toEqual(['Big Widget']);
    expect(only(tokenize("items named 'Big Widget'"), 'quoted').map((token) => token.text)).toEqual(['Big Widget']);
    expect(only(tokenize('items named “Big Widget”'), 'quoted').map((token) => token.text)).toEqual(['Big Widget']);
  });

  it('does not take an apostrophe inside a word for a quote', () => {
    const tokens = tokenize("what's the customer's city");
    expect(only(tokens, 'quoted')).toEqual([]);
  });

  it('drops an empty quoted string', () => {
    expect(only(tokenize('items named ""'), 'quoted')).toEqual([]);
  });

  it('reads numbers with thousands separators and decimals', () => {
    const [number] = only(tokenize('jobs over 1,200.50'), 'number');
    expect(number.value).toBe(1200.5);
  });

  it('joins a currency sign to its number and marks it as money', () => {
    const [number] = only(tokenize('orders over $1,200'), 'number');
    expect(number).toMatchObject({ text: '$1,200', value: 1200, money: true });
    expect(only(tokenize('orders over $1,200'), 'symbol')).toEqual([]);
  });

  it('joins a percent sign to its number', () => {
    const [number] = only(tokenize('discount over 12.5%'), 'number');
    expect(number).toMatchObject({ value: 12.5, percent: true });
  });

  it('scales numbers by a glued suffix or a scale word', () => {
    expect(only(tokenize('revenue above 5k'), 'number')[0].value).toBe(5_000);
    expect(only(tokenize('sales over 2.5m'), 'number')[0].value).toBe(2_500_000);
    expect(only(tokenize('3 million dollars'), 'number')[0].value).toBe(3_000_000);
  });

  it('does not scale a number by a letter written apart from it', () => {
    const tokens = tokenize('top 5 k values');
    expect(only(tokens, 'number')[0].value).toBe(5);
  });

  it('reads written-out numbers as one number token', () => {
    const tokens = tokenize('twenty five customers');
    expect(tokens[0]).toMatchObject({ kind: 'number', value: 25 });
    expect(tokens[1].lemma).toBe('customer');
    expect(only(tokenize('a dozen items'), 'number')[0].value).toBe(12);
  });

  it('reads "one" as a number after "top" but as a pronoun elsewhere', () => {
    expect(only(tokenize('list the top one'), 'number').map((token) => token.value)).toEqual([1]);
    expect(only(tokenize('which one is it'), 'number')).toEqual([]);
  });

  it('keeps ISO dates and months as date tokens', () => {
    expect(only(tokenize('orders on 2024-03-05'), 'date').map((token) => token.text)).toEqual(['2024-03-05']);
    expect(only(tokenize('orders in 2024-03'), 'date').map((token) => token.text)).toEqual(['2024-03']);
  });

  it('keeps comparison symbols', () => {
    const tokens = tokenize('amt > 100');
    expect(only(tokens, 'symbol').map((token) => token.text)).toEqual(['>']);
  });

  it('keeps a two-character comparison symbol as one token', () => {
    expect(only(tokenize('amt >= 100'), 'symbol').map((token) => token.text)).toEqual(['>=']);
  });

  it('reads "e-mail" as "email" and drops the hyphen of a compound', () => {
    expect(tokenize('e-mail of customers')[0].text).toBe('email');
    expect(tokenize('first-time buyers').map((token) => token.text)).toEqual(['first', 'time', 'buyers']);
  });

  it('spanText joins a range of tokens by spaces', () => {
    const tokens = tokenize('total hrs per tech');
    expect(spanText(tokens, 1, 3)).toBe('hrs per');
    expect(spanText(tokens, 2, 2)).toBe('');
  });
});
