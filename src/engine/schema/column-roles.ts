/**
 * Roles of columns and entities inferred from names and types: keys, measures, money, flags, the
 * columns that name a row, the date that places a row in time. The rules are about words and
 * types only, never about a particular schema.
 */
import type { CatalogColumn, CatalogEntity } from '../../connectors/catalog.ts';
import type { ColumnInfo } from './schema-model.ts';
import { abbreviates } from './abbreviations.ts';

/** Column words that mark a money column. */
export const MONEY_WORDS: ReadonlySet<string> = new Set([
  'amount', 'total', 'revenue', 'sale', 'value', 'price', 'cost', 'fee', 'salary', 'balance', 'payment', 'pay',
  'spend', 'mrr', 'arr', 'income', 'charge', 'budget', 'tax', 'freight', 'wage', 'turnover', 'subtotal', 'net',
  'gross', 'profit', 'margin', 'commission', 'recurring', 'refund', 'credit', 'debit', 'earnings', 'bonus', 'expense', 'fare',
]);
/** Column words that mark an additive amount (a sum makes sense), not a rate or a unit price. */
export const AMOUNT_WORDS: ReadonlySet<string> = new Set(['amount', 'total', 'revenue', 'sale', 'value', 'turnover', 'income', 'subtotal', 'pay', 'spend', 'mrr', 'arr']);
export const QUANTITY_WORDS: ReadonlySet<string> = new Set(['quantity', 'unit', 'volume', 'count', 'number']);
export const PRICE_WORDS: ReadonlySet<string> = new Set(['price', 'rate']);
export const DISCOUNT_WORDS: ReadonlySet<string> = new Set(['discount', 'rebate', 'reduction']);

/** Last words that make a column a span of time, a count or a share, whatever money words come before (payment_terms_days). */
const NON_MONEY_TAILS = new Set(['day', 'days', 'hour', 'hours', 'minute', 'minutes', 'week', 'weeks', 'month', 'months', 'year', 'years', 'count', 'percent', 'pct']);
const IDENTIFIER_TAILS = new Set(['id', 'code', 'key', 'uuid', 'guid', 'zip', 'phone', 'fax', 'postal', 'sku', 'reference', 'ref', 'isbn', 'ssn']);
const NUMBER_TAILS = new Set(['number']);
/** Words of a flag's name, as lemmas: is_active → be active, has_warranty → have warranty. */
const FLAG_WORDS = new Set(['flag', 'is', 'be', 'has', 'have', 'yn']);
const FLAG_HEADS = new Set(['is', 'be', 'has', 'have']);
/** Currencies named in a column's name ("price_in_dollars", "amount_eur") or said with an amount ("700 dollars"). */
export const CURRENCY_NAMES: ReadonlySet<string> = new Set(['dollar', 'euro', 'pound', 'usd', 'eur', 'gbp', 'chf', 'yen', 'franc']);
const CURRENCY_UNITS = /^(usd|eur|gbp|chf|jpy|cny|cad|aud|inr|brl|sek|nok|dkk|pln|[$€£¥])$/i;

/**
 * `written` are the name's words as written: a count named by what it counts, in the plural
 * (`seats`, `included_seats`, `passengers`), is a quantity as `quantity` and `count` are.
 */
export function classifyColumn(entity: CatalogEntity, column: CatalogColumn, words: readonly string[], written: readonly string[] = words): Omit<ColumnInfo, 'nameWords' | 'labelWords' | 'synonymWords' | 'commentWords'> {
  const isPrimaryKey = entity.primaryKey.includes(column.name);
  const isForeignKey = entity.foreignKeys.some((foreignKey) => foreignKey.columns.includes(column.name));
  const tail = words[words.length - 1] ?? '';
  const numericType = column.type === 'integer' || column.type === 'number';
  const isDate = column.type === 'date' || column.type === 'timestamp';
  // phone_number, account_number are identifiers; number_of_seats, no_of_staff are counts.
  const numberIsKey = NUMBER_TAILS.has(tail) && words.length > 1 && !words.includes('of');
  const isKey = isPrimaryKey || isForeignKey || (!isDate && (IDENTIFIER_TAILS.has(tail) || numberIsKey));
  const isNumeric = numericType && !isKey;
  const has = (set: ReadonlySet<string>): boolean => words.some((word) => set.has(word));
  const currency = (column.unit !== undefined && CURRENCY_UNITS.test(column.unit)) || has(CURRENCY_NAMES);
  const isDiscount = isNumeric && has(DISCOUNT_WORDS);
  const isMoney = isNumeric && !isDiscount && ((has(MONEY_WORDS) && !NON_MONEY_TAILS.has(tail)) || currency);
  const isPrice = isNumeric && has(PRICE_WORDS) && !has(AMOUNT_WORDS);
  const isFlag = column.type === 'boolean' || (words.some((word) => FLAG_WORDS.has(word)) && !isDate && words.length > 1 && (FLAG_HEADS.has(words[0]) || tail === 'flag' || tail === 'yn'));
  return {
    entity: entity.name,
    name: column.name,
    type: column.type,
    words,
    ...(column.description ? { description: column.description } : {}),
    ...(column.unit ? { unit: column.unit } : {}),
    nullable: column.nullable,
    isPrimaryKey,
    isForeignKey,
    isKey,
    isNumeric,
    isDate,
    isText: column.type === 'text',
    isFlag,
    isMoney,
    isAmount: isMoney && !isPrice && has(AMOUNT_WORDS),
    isQuantity: isNumeric && (has(QUANTITY_WORDS) || (pluralTail(words, written) && !isMoney)) && !has(PRICE_WORDS),
    isPrice,
    isDiscount,
  };
}

/** Words of people's names: first and last name together name a person. */
const FIRST_NAME = ['first', 'name'];
const LAST_NAME = ['last', 'name'];
const NAME_TAILS: readonly (readonly [string, number])[] = [['title', 6.5], ['label', 6], ['subject', 5], ['username', 4.5], ['login', 4], ['email', 3.5], ['description', 3], ['code', 2], ['sku', 2], ['reference', 1.5], ['number', 1]];
/** A code that sorts rows into kinds (`status_code`, `card_type_code`) does not name one. */
const KIND_WORDS: ReadonlySet<string> = new Set(['type', 'status', 'category', 'kind', 'class', 'state', 'level']);
/** Names of someone else than the row itself (`contact_name` on a company). */
const OTHER_PARTY = new Set(['contact', 'user', 'file', 'father', 'mother', 'parent', 'manager', 'owner', 'maiden', 'middle', 'nick']);

/**
 * The columns that name a row, best first: `name`, the entity's own `<entity>_name`, a text column
 * named like its table, a full name, first + last name, another `*_name`, then title, label,
 * subject, login, email, description, and only last a code or reference. Empty when none fits.
 */
export function displayColumnsOf(entityWords: readonly string[], columns: readonly ColumnInfo[]): ColumnInfo[] {
  const text = columns.filter((column) => column.isText && !column.isForeignKey);
  const first = text.find((column) => namesPart(column.words, FIRST_NAME));
  const last = text.find((column) => namesPart(column.words, LAST_NAME));
  let best: ColumnInfo | undefined;
  let bestScore = 0;
  for (const column of text) {
    const score = nameScore(column, entityWords);
    if (score > bestScore) {
      best = column;
      bestScore = score;
    }
  }
  if (first && last && bestScore < 8.5) return [first, last];
  return best ? [best] : [];
}

/** A first or last name, also written short (`frst_nm`, `lst_nm`). */
function namesPart(words: readonly string[], part: readonly string[]): boolean {
  if (endsWithWords(words, part)) return true;
  const [qualifier, name] = words.slice(-2);
  return words.length >= 2 && name === part[1] && qualifier !== undefined && abbreviates(qualifier, part[0]);
}

function nameScore(column: ColumnInfo, entityWords: readonly string[]): number {
  const words = column.words;
  const joined = words.join(' ');
  if (joined === 'name') return 10;
  const ownWords = words.slice(0, -1);
  if (words.at(-1) === 'name' && ownWords.length > 0 && ownWords.every((word) => entityWords.includes(word))) return 9.5;
  if (joined === entityWords.join(' ')) return 9;
  if (joined === 'full name' || joined === 'display name') return 9;
  if (words.at(-1) === 'name' && !words.some((word) => OTHER_PARTY.has(word)) && !namesPart(words, FIRST_NAME) && !namesPart(words, LAST_NAME)) return 7 - 0.1 * words.length;
  if (column.isKey && !column.isPrimaryKey && words.some((word) => KIND_WORDS.has(word))) return 0;
  for (const [tail, score] of NAME_TAILS) if (words.at(-1) === tail) return score;
  return 0;
}

function endsWithWords(words: readonly string[], tail: readonly string[]): boolean {
  return words.length >= tail.length && tail.every((word, index) => words[words.length - tail.length + index] === word);
}

const MAIN_DATE_WORDS = new Set(['create', 'creation', 'place', 'issue', 'open', 'start', 'book', 'transaction', 'purchase', 'sale', 'signup', 'register', 'registration', 'post', 'effective', 'invoice', 'order', 'payment', 'date']);
const SIDE_DATE_WORDS = new Set(['due', 'end', 'expiry', 'expire', 'expiration', 'update', 'modify', 'delete', 'birth', 'dob', 'ship', 'deliver', 'delivery', 'resolve', 'close', 'cancel', 'last', 'require', 'promise', 'next', 'previous', 'valid', 'until', 'termination', 'terminate', 'trial', 'first', 'response']);

/** The date that places a row of the entity in time, or undefined when it has none or none stands out. */
export function mainDateOf(entityWords: readonly string[], columns: readonly ColumnInfo[]): ColumnInfo | undefined {
  const dates = columns.filter((column) => column.isDate);
  if (dates.length <= 1) return dates[0];
  let best: ColumnInfo | undefined;
  let bestScore = -Infinity;
  for (const column of dates) {
    let score = column.words.length === 1 ? 1 : 0;
    for (const word of column.words) {
      if (entityWords.includes(word)) score += 3;
      if (MAIN_DATE_WORDS.has(word)) score += 2;
      if (SIDE_DATE_WORDS.has(word)) score -= 3;
    }
    if (score > bestScore) {
      best = column;
      bestScore = score;
    } else if (score === bestScore) {
      best = undefined;
    }
  }
  return bestScore > -3 ? best : undefined;
}

/** The single additive money column of an entity (`invoices.amount`), or undefined. */
export function primaryAmountOf(entityWords: readonly string[], columns: readonly ColumnInfo[]): ColumnInfo | undefined {
  const amounts = columns.filter((column) => column.isAmount);
  if (amounts.length === 1) return amounts[0];
  const plain = amounts.filter((column) => column.words.every((word) => AMOUNT_WORDS.has(word) || entityWords.includes(word) || word === 'grand'));
  return plain.length === 1 ? plain[0] : undefined;
}

/** A table that mostly links others: two foreign keys or more and at most two other columns. */
export function isBridgeEntity(entity: CatalogEntity, columns: readonly ColumnInfo[]): boolean {
  const keys = new Set(entity.foreignKeys.flatMap((foreignKey) => foreignKey.columns));
  return entity.foreignKeys.length >= 2 && columns.filter((column) => !keys.has(column.name) && !column.isPrimaryKey).length <= 2;
}

function pluralTail(words: readonly string[], written: readonly string[]): boolean {
  const lemma = words.at(-1) ?? '';
  const said = written.at(-1) ?? '';
  return said !== lemma && (said === `${lemma}s` || said === `${lemma}es`);
}
