/** The currency of a numeric column, read from its comment (`Amount in EUR`, `Prix TTC (€)`). */
import type { ValueType } from '../catalog.ts';

/** Currency words and symbols in a column comment → ISO code, when exactly one currency is named. */
const CURRENCY_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/\bEUR\b|€|\beuros?\b/i, 'EUR'],
  [/\bUSD\b|US\$|\$|\b(us )?dollars?\b/i, 'USD'],
  [/\bGBP\b|£|\bpounds? sterling\b|\bpounds\b/i, 'GBP'],
  [/\bCHF\b|\bswiss francs?\b/i, 'CHF'],
  [/\bJPY\b|¥|\byen\b/i, 'JPY'],
];

/** The ISO code of the one currency a numeric column's comment names; undefined otherwise. */
export function detectCurrencyUnit(comment: string | undefined, valueType: ValueType): string | undefined {
  if (comment === undefined || comment.trim() === '' || (valueType !== 'number' && valueType !== 'integer')) return undefined;
  return currencyIn(comment);
}

/** The ISO code of the one currency a text names; undefined when it names none or several. */
export function currencyIn(comment: string): string | undefined {
  const found = CURRENCY_PATTERNS.filter(([pattern]) => pattern.test(comment)).map(([, code]) => code);
  return found.length === 1 ? found[0] : undefined;
}
