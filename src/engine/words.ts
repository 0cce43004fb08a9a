/**
 * Word handling shared by the schema side and the question side: splitting identifiers
 * (`order_date`, `OrderDate`, `orderdate`) into words, and reducing words to a lemma so that
 * "orders", "ordered" and "order" meet.
 */
import pluralize from 'pluralize';

/** Words that pluralize would mangle ("us" → "me", "data" → "datum") or that are not nouns. */
const KEEP_AS_IS = new Set([
  'us', 'is', 'was', 'has', 'does', 'its', 'this', 'less', 'unless', 'data', 'series', 'news',
  'status', 'address', 'business', 'process', 'access', 'class', 'gas', 'bus', 'boss', 'analysis',
  'yes', 'plus', 'bonus', 'campus', 'census', 'virus', 'alias', 'canvas', 'basis', 'thesis', 'axis',
  'always', 'perhaps', 'whereas', 'across', 'previous', 'various', 'famous', 'gross', 'miss', 'success',
  'ids', 'sms', 'vs', 'versus', 'whose', 'goods', 'sales', 'ytd', 'mtd', 'qtd', 'months', 'days', 'hours',
]);

const IRREGULAR: Record<string, string> = {
  ids: 'id', sales: 'sale', goods: 'good', months: 'month', days: 'day', hours: 'hour',
  paid: 'pay', spent: 'spend', sold: 'sell', bought: 'buy', made: 'make', gave: 'give', won: 'win',
  lost: 'lose', held: 'hold', began: 'begin', begun: 'begin', got: 'get', had: 'have', did: 'do',
  people: 'person', staff: 'staff', children: 'child', men: 'man', women: 'woman', data: 'data',
};

const lemmaCache = new Map<string, string>();

/** Lower-case singular form of a word; irregular verbs go to their base form ("sold" → "sell"). */
export function lemma(word: string): string {
  const lower = word.toLowerCase();
  const cached = lemmaCache.get(lower);
  if (cached !== undefined) return cached;
  let result = IRREGULAR[lower];
  if (result === undefined) {
    if (KEEP_AS_IS.has(lower) || lower.length <= 3 || !/[a-z]s$/.test(lower) || /ss$/.test(lower)) {
      result = lower;
    } else {
      result = pluralize.singular(lower);
    }
  }
  if (lemmaCache.size < 50_000) lemmaCache.set(lower, result);
  return result;
}

/**
 * Other forms a question word may take in a schema: verb endings removed ("shipped" → "ship",
 * "pricing" → "price"). The caller tries them in order against a vocabulary.
 */
export function stemVariants(word: string): string[] {
  const base = lemma(word);
  const variants = [base];
  const add = (candidate: string): void => {
    if (candidate.length >= 3 && !variants.includes(candidate)) variants.push(candidate);
  };
  for (const suffix of ['ed', 'ing']) {
    if (!base.endsWith(suffix) || base.length < suffix.length + 3) continue;
    const stem = base.slice(0, -suffix.length);
    add(stem);
    add(`${stem}e`);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) add(stem.slice(0, -1)); // shipped → ship
    if (stem.endsWith('i')) add(`${stem.slice(0, -1)}y`); // applied → apply
  }
  if (base.endsWith('ly') && base.length > 5) add(base.slice(0, -2)); // monthly → month
  if (base.endsWith('ment') && base.length >= 7) add(base.slice(0, -4)); // shipment → ship, payment → pay
  return variants;
}

/**
 * Splits an identifier into lower-case words: `order_date`, `OrderDate`, `orderDate`,
 * `ORDER-DATE` and, when `isKnownWord` recognises the parts, a glued `orderdate`.
 */
export function splitIdentifier(name: string, isKnownWord?: (word: string) => boolean): string[] {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2');
  const parts = spaced.split(/[^A-Za-z0-9]+/).filter((part) => part.length > 0).map((part) => part.toLowerCase());
  if (!isKnownWord) return parts;
  return parts.flatMap((part) => splitGlued(part, isKnownWord));
}

/**
 * Splits a glued word ("orderdate") into known words with the fewest pieces, or returns it
 * whole when no full split exists. Only splits into words of three letters or more (plus "id").
 */
export function splitGlued(word: string, isKnownWord: (word: string) => boolean): string[] {
  if (word.length < 5 || isKnownWord(word) || /[0-9]/.test(word)) return [word];
  const best: (string[] | undefined)[] = new Array(word.length + 1).fill(undefined);
  best[0] = [];
  for (let end = 1; end <= word.length && word.length >= 6; end += 1) {
    for (let start = Math.max(0, end - 20); start < end; start += 1) {
      const previous = best[start];
      if (!previous) continue;
      const piece = word.slice(start, end);
      if ((piece.length < 3 && piece !== 'id' && piece !== 'no') || !isKnownWord(piece)) continue;
      const candidate = [...previous, piece];
      const current = best[end];
      if (!current || candidate.length < current.length) best[end] = candidate;
    }
  }
  const split = best[word.length];
  if (split && split.length > 1) return split;
  // A short prefix before a known word of four letters or more: bname → b, name.
  for (let cut = 1; cut <= 3 && word.length - cut >= 4; cut += 1) {
    if (isKnownWord(word.slice(cut)) && !isKnownWord(word.slice(0, cut + 1))) return [word.slice(0, cut), word.slice(cut)];
  }
  return [word];
}

/** "order_lines" words → "order line"; used for labels. */
export function phrase(words: readonly string[]): string {
  return words.join(' ');
}

/** Capitalises the first letter: "total revenue" → "Total revenue". */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** Words → snake_case id: ["total", "revenue"] → "total_revenue". */
export function snakeId(words: readonly string[]): string {
  const id = words.join('_').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
  return id.length > 0 ? id : 'value';
}
