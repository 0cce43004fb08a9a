/**
 * The words of schema elements: table and column names split into lemmas, abbreviations
 * expanded, labels added, and the phrases under which a question may name them.
 */
import type { Catalog } from '../connectors/catalog.ts';
import { ABBREVIATIONS, thesaurusWords } from './thesaurus.ts';
import { lemma, splitGlued, splitIdentifier } from './words.ts';

/** Common words of column and table names, the dictionary for splitting glued names. */
const COMMON_SCHEMA_WORDS = [
  'id', 'no', 'key', 'code', 'name', 'first', 'last', 'middle', 'full', 'display', 'short', 'long', 'type', 'kind',
  'status', 'state', 'date', 'time', 'stamp', 'timestamp', 'created', 'updated', 'modified', 'deleted', 'start',
  'started', 'end', 'ended', 'due', 'paid', 'ship', 'shipped', 'shipping', 'order', 'ordered', 'line', 'item',
  'customer', 'product', 'category', 'supplier', 'employee', 'manager', 'invoice', 'payment', 'account', 'user',
  'price', 'unit', 'units', 'quantity', 'amount', 'total', 'sub', 'discount', 'tax', 'cost', 'value', 'rate',
  'country', 'city', 'region', 'state', 'postal', 'zip', 'address', 'street', 'phone', 'email', 'fax', 'home',
  'company', 'contact', 'title', 'description', 'comment', 'note', 'notes', 'level', 'priority', 'segment',
  'birth', 'hire', 'hired', 'opened', 'closed', 'resolved', 'method', 'number', 'count', 'year', 'month', 'day',
  'week', 'quarter', 'hour', 'minute', 'is', 'has', 'active', 'enabled', 'flag', 'parent', 'child', 'group',
  'reports', 'to', 'by', 'at', 'on', 'of', 'in', 'per', 'stock', 'reorder', 'weight', 'size', 'color', 'colour',
  'brand', 'model', 'version', 'store', 'branch', 'department', 'job', 'salary', 'commission', 'balance', 'credit',
  'limit', 'score', 'rating', 'review', 'plan', 'subscription', 'ticket', 'agent', 'team', 'channel', 'source',
  'freight', 'via', 'region', 'territory', 'revenue', 'sales', 'sale', 'order', 'qty', 'mrr', 'arr', 'trial',
  'seats', 'seat', 'billing', 'period', 'interval', 'currency', 'industry', 'employees', 'size', 'owner', 'assigned',
  'assignee', 'subject', 'body', 'channel', 'category', 'product', 'products', 'track', 'album', 'artist', 'genre',
  'film', 'rental', 'return', 'returned', 'loan', 'bank', 'card', 'transaction', 'delivery', 'delivered', 'route',
];

export interface WordSource {
  /** Words (lemmas) of the name, abbreviations expanded: `cust_qty` → customer, quantity. */
  readonly words: readonly string[];
  /** Extra phrases from a label, when the source has one. */
  readonly labelWords?: readonly string[];
}

/** Prefixes that some schemas put before table names; dropped when other words remain. */
const TABLE_PREFIXES = new Set(['tbl', 'tb', 't', 'dim', 'fact', 'vw', 'v', 'view', 'ref', 'lkp', 'lookup', 'stg', 'raw', 'app', 'core']);

export class SchemaWords {
  private readonly dictionary: Set<string>;

  constructor(catalog: Catalog) {
    this.dictionary = new Set([...COMMON_SCHEMA_WORDS, ...thesaurusWords()]);
    // Words found in delimited names across the catalog help split the glued ones; a name of
    // one piece is added only when it does not itself split into known words.
    const singles: string[] = [];
    for (const entity of catalog.entities) {
      for (const name of [entity.table, ...entity.columns.map((column) => column.name)]) {
        const parts = splitIdentifier(name);
        if (parts.length === 1) singles.push(parts[0]);
        else for (const part of parts) if (part.length >= 3) this.dictionary.add(part);
      }
    }
    for (const single of singles) {
      if (single.length >= 3 && splitGlued(single, this.isKnown).length === 1) this.dictionary.add(single);
    }
  }

  private isKnown = (word: string): boolean => this.dictionary.has(word) || this.dictionary.has(lemma(word));

  /** Lemmas of an identifier, glued words split and abbreviations expanded. */
  wordsOf(identifier: string): string[] {
    return this.nameWordsOf(identifier).map((word) => lemma(word));
  }

  /** Lower-case words of an identifier as written (not reduced to lemmas), for labels. */
  nameWordsOf(identifier: string): string[] {
    // Abbreviations first (lname → last name), then glued words (orderdate → order date).
    return splitIdentifier(identifier).flatMap((part) => ABBREVIATIONS[part] ?? splitGlued(part, this.isKnown).flatMap((piece) => ABBREVIATIONS[piece] ?? [piece]));
  }

  /** Table words without a technical prefix (`tbl_orders` → order). */
  entityWords(table: string): string[] {
    const words = this.wordsOf(table);
    return words.length > 1 && TABLE_PREFIXES.has(words[0]) ? words.slice(1) : words;
  }

  /** Table words as written, without a prefix and with the last word singular (`sales_orders` → sales order). */
  entityNameWords(table: string): string[] {
    const raw = this.nameWordsOf(table);
    const words = raw.length > 1 && TABLE_PREFIXES.has(raw[0]) ? raw.slice(1) : raw;
    return words.map((word, index) => (index === words.length - 1 ? lemma(word) : word));
  }

  /** Lemmas of a human label or comment ("Unit Price" → unit, price); at most a few words. */
  labelWords(label: string | undefined): string[] | undefined {
    if (!label) return undefined;
    const words = label.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0).map((word) => lemma(word));
    return words.length > 0 && words.length <= 4 ? words : undefined;
  }
}
