/**
 * Roles of columns and entities inferred from names and types: keys, measures, money, the
 * columns that name a row, the main date of an entity. Rules are about words and types only.
 */
import type { CatalogColumn, CatalogEntity } from '../connectors/catalog.ts';
import type { ColumnInfo } from './schema-model.ts';
import { AMOUNT_WORDS, DISCOUNT_WORDS, MONEY_WORDS, NAME_WORDS, PRICE_WORDS, QUANTITY_WORDS } from './thesaurus.ts';

const IDENTIFIER_TAILS = new Set(['id', 'number', 'code', 'key', 'uuid', 'guid', 'zip', 'phone', 'fax', 'postal', 'sku', 'ref', 'reference', 'year', 'month']);
const CURRENCY_UNITS = /^(usd|eur|gbp|chf|jpy|cny|cad|aud|inr|brl|sek|nok|dkk|pln|[$€£¥])$/i;

export function classifyColumn(entity: CatalogEntity, column: CatalogColumn, words: readonly string[], labelWords: readonly string[] | undefined): ColumnInfo {
  const isPrimaryKey = entity.primaryKey.includes(column.name);
  const isForeignKey = entity.foreignKeys.some((foreignKey) => foreignKey.columns.includes(column.name));
  const tail = words[words.length - 1] ?? '';
  const numericType = column.type === 'integer' || column.type === 'number';
  const isKey = isPrimaryKey || isForeignKey || (IDENTIFIER_TAILS.has(tail) && column.type !== 'date' && column.type !== 'timestamp');
  const isNumeric = numericType && !isKey;
  const wordSet = new Set([...words, ...(labelWords ?? [])]);
  const has = (set: ReadonlySet<string>): boolean => [...wordSet].some((word) => set.has(word));
  const currency = column.unit !== undefined && CURRENCY_UNITS.test(column.unit);
  const isDiscount = isNumeric && has(DISCOUNT_WORDS);
  const isMoney = isNumeric && !isDiscount && (has(MONEY_WORDS) || currency);
  const isPrice = isNumeric && has(PRICE_WORDS) && !has(AMOUNT_WORDS);
  return {
    entity: entity.name,
    name: column.name,
    type: column.type,
    words,
    ...(labelWords ? { labelWords } : {}),
    ...(column.description ? { description: column.description } : {}),
    ...(column.unit ? { unit: column.unit } : {}),
    isPrimaryKey,
    isForeignKey,
    isKey,
    isNumeric,
    isDate: column.type === 'date' || column.type === 'timestamp',
    isText: column.type === 'text',
    isBoolean: column.type === 'boolean',
    isMoney,
    isAmount: isMoney && !isPrice && has(AMOUNT_WORDS),
    isQuantity: isNumeric && has(QUANTITY_WORDS) && !has(PRICE_WORDS),
    isPrice,
    isDiscount,
  };
}

/**
 * The columns that name a row: a `name` column, or the entity's own `<entity>_name`, or first +
 * last name, or another `*_name`, title, label, code or email column, in that order.
 */
export function displayColumnsOf(entityWords: readonly string[], columns: readonly ColumnInfo[]): ColumnInfo[] {
  const text = columns.filter((column) => column.isText && !column.isForeignKey);
  const exact = text.find((column) => column.words.length === 1 && column.words[0] === 'name');
  if (exact) return [exact];
  // country.country, city.city: a text column named like its table names the row.
  const named = text.find((column) => column.words.join(' ') === entityWords.join(' '));
  if (named) return [named];
  const own = text.find((column) => column.words[column.words.length - 1] === 'name'
    && column.words.slice(0, -1).every((word) => entityWords.includes(word) || word === 'full' || word === 'display'));
  if (own) return [own];
  const endsWith = (column: ColumnInfo, tail: string): boolean => column.words.join(' ') === tail
    || (column.words.join(' ').endsWith(` ${tail}`) && column.words.slice(0, -2).every((word) => entityWords.includes(word)));
  const first = text.find((column) => endsWith(column, 'first name'));
  const last = text.find((column) => endsWith(column, 'last name'));
  if (first && last) return [first, last];
  const anyName = text.find((column) => column.words[column.words.length - 1] === 'name' && !column.words.includes('contact') && !column.words.includes('user'));
  if (anyName) return [anyName];
  // card_type_code, status_code: a code that sorts rows into kinds does not name one (unless it is the key).
  const names = (column: ColumnInfo): boolean => column.isPrimaryKey || !column.words.some((word) => KIND_WORDS.has(word));
  for (const word of NAME_WORDS) {
    const match = text.find((column) => column.words[column.words.length - 1] === word && names(column));
    if (match) return [match];
  }
  return [];
}

const KIND_WORDS: ReadonlySet<string> = new Set(['type', 'status', 'category', 'kind', 'class', 'state']);

const MAIN_DATE_WORDS = new Set(['created', 'create', 'creation', 'placed', 'place', 'issued', 'issue', 'opened', 'open', 'started', 'start', 'booked', 'book', 'transaction', 'purchase', 'sale', 'signup', 'registered', 'register', 'posted', 'post', 'effective', 'invoice', 'order', 'payment']);
const SIDE_DATE_WORDS = new Set(['due', 'end', 'ended', 'expiry', 'expire', 'expiration', 'updated', 'update', 'modified', 'modify', 'deleted', 'delete', 'birth', 'dob', 'shipped', 'ship', 'delivered', 'delivery', 'resolved', 'resolve', 'closed', 'close', 'cancelled', 'canceled', 'cancel', 'last', 'required', 'require', 'promised', 'next', 'previous', 'valid', 'until', 'to', 'termination', 'terminated', 'period', 'pay', 'trial', 'first', 'response']);

/** The date that places a row of the entity in time, or undefined when it has none or none stands out. */
export function mainDateOf(entityWords: readonly string[], columns: readonly ColumnInfo[]): ColumnInfo | undefined {
  const dates = columns.filter((column) => column.isDate);
  if (dates.length === 0) return undefined;
  if (dates.length === 1) return dates[0];
  let best: ColumnInfo | undefined;
  let bestScore = -Infinity;
  for (const column of dates) {
    let score = 0;
    for (const word of column.words) {
      if (entityWords.includes(word)) score += 3;
      if (MAIN_DATE_WORDS.has(word)) score += 2;
      if (SIDE_DATE_WORDS.has(word)) score -= 3;
    }
    if (column.words.length === 1) score += 1; // plain `date`
    if (score > bestScore) {
      best = column;
      bestScore = score;
    } else if (score === bestScore) {
      best = undefined; // a tie: no date stands out
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
