/**
 * "account for" before a quantity only says whose the figure is ("Which regions account for the
 * most sales?"); elsewhere "accounts" names accounts ("How many accounts for each region?"). On a
 * schema of our own, with an account table.
 */
import { expect, it } from 'vitest';
import { idlePhraseTokens } from '../../../src/engine/question/idle-phrases.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const books = {
  catalog: catalog(
    entity({ name: 'region', rows: 8, columns: [['id', 'integer'], ['region_name', 'text']] }),
    entity({ name: 'account', rows: 400, references: { region_id: 'region' }, columns: [['id', 'integer'], ['account_name', 'text'], ['region_id', 'integer']] }),
    entity({ name: 'sale', rows: 9_000, references: { account_id: 'account' }, columns: [['id', 'integer'], ['account_id', 'integer'], ['amount', 'number'], ['sold_on', 'date']] }),
  ),
  values: [],
  now: new Date('2025-05-10T12:00:00Z'),
};

const idle = (question: string) => [...idlePhraseTokens(tokenize(question))].map((index) => tokenize(question)[index]!.lower);

it.each([
  ['Which regions account for the most sales?', ['account', 'for']],
  ['Which region accounts for over half of the sales?', ['accounts', 'for']],
  ['products that account for 80% of revenue', ['account', 'for']],
  ['How many accounts for each region?', []],
  ['List the accounts for the north region', []],
])('"%s": idle words %j', (question, words) => {
  expect(idle(question)).toEqual(words);
});

it('ranks the regions by their sales when they "account for the most sales"', () => {
  const { summary } = planned(books, 'Which 3 regions account for the most sales?');
  expect(summary).toMatchObject({ root: 'sale', measures: ['count(*)'], dimensions: expect.arrayContaining(['region.region_name']), limit: 3 });
});

it('still counts accounts in "How many accounts for each region?"', () => {
  const { summary } = planned(books, 'How many accounts for each region?');
  expect(summary.counts).toEqual(['count(account.region_id->region)']);
});
