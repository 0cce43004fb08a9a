/**
 * The business thesaurus: words people use for the same thing, abbreviations found in column
 * names, and the *concepts* some words stand for (a money word wants a numeric column, a "when"
 * word wants a date column). All entries are lemmas (see words.ts). Nothing here names a
 * particular schema: these are the general words of business data.
 */

/** Each group lists interchangeable words; the first is the group's main word. */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['revenue', 'sale', 'turnover', 'income', 'takings', 'earning', 'proceeds'],
  ['customer', 'client', 'buyer', 'account', 'partner', 'purchaser', 'consumer', 'patron'],
  ['employee', 'staff', 'rep', 'salesperson', 'salesman', 'agent', 'worker', 'personnel', 'seller', 'representative'],
  ['product', 'item', 'article', 'good', 'sku', 'merchandise'],
  ['order', 'purchase', 'buy'],
  ['price', 'cost'],
  ['quantity', 'unit', 'qty', 'volume'],
  ['date', 'time', 'day'],
  ['country', 'nation'],
  ['city', 'town'],
  ['region', 'area', 'territory'],
  ['state', 'province'],
  ['ticket', 'case', 'issue', 'incident', 'complaint'],
  ['supplier', 'vendor', 'provider'],
  ['category', 'group', 'family'],
  ['invoice', 'bill'],
  ['subscription', 'membership'],
  ['plan', 'tier', 'package'],
  ['company', 'firm', 'organization', 'organisation', 'business'],
  ['title', 'position', 'role', 'job'],
  ['manager', 'boss', 'supervisor'],
  ['status', 'stage'],
  ['priority', 'urgency', 'severity'],
  ['description', 'desc'],
  ['phone', 'telephone'],
  ['email', 'mail'],
  ['discount', 'rebate', 'reduction'],
  ['shipping', 'freight', 'delivery', 'carriage'],
  ['ship', 'send', 'dispatch'],
  ['create', 'register', 'signup', 'join', 'sign', 'onboard'],
  ['start', 'begin'],
  ['end', 'finish', 'stop', 'cancel', 'churn', 'terminate'],
  ['resolve', 'solve', 'close', 'fix'],
  ['open', 'raise', 'submit'],
  ['department', 'dept', 'division'],
  ['salary', 'wage', 'compensation', 'pay'],
  ['hire', 'employ'],
  ['amount', 'sum', 'value'],
  ['method', 'mode', 'channel'],
  ['segment'],
  ['name', 'called'],
  ['id', 'number', 'identifier'],
];

/** Abbreviations and short forms seen in column and table names → their words. */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  qty: ['quantity'], amt: ['amount'], num: ['number'], nbr: ['number'], no: ['number'],
  desc: ['description'], dt: ['date'], ts: ['timestamp'], cust: ['customer'], emp: ['employee'],
  prod: ['product'], cat: ['category'], addr: ['address'], dept: ['department'], mgr: ['manager'],
  org: ['organization'], acct: ['account'], inv: ['invoice'], pmt: ['payment'], txn: ['transaction'],
  tx: ['transaction'], qtr: ['quarter'], yr: ['year'], pct: ['percent'], avg: ['average'],
  mrr: ['monthly', 'recurring', 'revenue'], arr: ['annual', 'recurring', 'revenue'],
  dob: ['date', 'of', 'birth'], fname: ['first', 'name'], lname: ['last', 'name'], zip: ['postal', 'code'],
  min: ['minimum'], max: ['maximum'], tel: ['phone'], cnt: ['count'], acc: ['account'], bal: ['balance'], descr: ['description'], ctry: ['country'], sku: ['product'], uom: ['unit', 'of', 'measure'],
};

/** Concepts a word can stand for when no column carries the word itself. */
/** `frequency`: "the most common", "the most popular" — how many rows. */
export type Concept = 'money' | 'quantity' | 'price' | 'date' | 'frequency';

const CONCEPT_WORDS: Readonly<Record<string, Concept>> = {
  revenue: 'money', sale: 'money', turnover: 'money', income: 'money', takings: 'money', earning: 'money',
  proceeds: 'money', spend: 'money', spending: 'money', sell: 'money', selling: 'money', earn: 'money',
  worth: 'money', money: 'money', value: 'money', billing: 'money', gross: 'money',
  quantity: 'quantity', unit: 'quantity', qty: 'quantity', volume: 'quantity',
  price: 'price', cost: 'price', expensive: 'price', cheap: 'price', pricey: 'price', costly: 'price',
  date: 'date', time: 'date', day: 'date',
};

/** Column words that mark a money column. */
export const MONEY_WORDS: ReadonlySet<string> = new Set([
  'amount', 'total', 'revenue', 'sale', 'value', 'price', 'cost', 'fee', 'salary', 'balance', 'payment',
  'paid', 'spend', 'mrr', 'arr', 'income', 'charge', 'budget', 'tax', 'freight', 'wage', 'turnover',
  'subtotal', 'net', 'gross', 'profit', 'margin', 'commission', 'recurring', 'refund', 'credit', 'debit',
]);

/** Column words that mark an additive amount (sum makes sense), not a rate or unit price. */
export const AMOUNT_WORDS: ReadonlySet<string> = new Set([
  'amount', 'total', 'revenue', 'sale', 'value', 'turnover', 'income', 'subtotal', 'paid', 'spend', 'mrr', 'arr',
]);

export const QUANTITY_WORDS: ReadonlySet<string> = new Set(['quantity', 'qty', 'unit', 'volume', 'count', 'number']);
/** Per-unit money (averaged, not summed); costs and fees are amounts. */
export const PRICE_WORDS: ReadonlySet<string> = new Set(['price', 'rate']);
export const DISCOUNT_WORDS: ReadonlySet<string> = new Set(['discount', 'rebate', 'reduction']);

/** Column words that name a row (display columns). */
export const NAME_WORDS: ReadonlySet<string> = new Set(['name', 'title', 'label', 'subject', 'code', 'email', 'username', 'login']);

const synonymMap = buildSynonymMap();

function buildSynonymMap(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const group of SYNONYM_GROUPS) {
    for (const word of group) {
      const others = group.filter((other) => other !== word);
      map.set(word, [...(map.get(word) ?? []), ...others]);
    }
  }
  return map;
}

/** Words interchangeable with a lemma (not including itself). */
export function synonymsOf(word: string): readonly string[] {
  return synonymMap.get(word) ?? [];
}

export function conceptOf(word: string): Concept | undefined {
  return CONCEPT_WORDS[word];
}

/** Every word the thesaurus knows; part of the dictionary for splitting glued names. */
export function thesaurusWords(): string[] {
  return [
    ...SYNONYM_GROUPS.flat(),
    ...Object.keys(ABBREVIATIONS),
    ...Object.values(ABBREVIATIONS).flat(),
    ...Object.keys(CONCEPT_WORDS),
    ...MONEY_WORDS,
  ];
}
