/** The engine's precomputed view of a catalog: words, roles and links of every entity and column. */
import type { CatalogForeignKey, ValueType } from '../connectors/catalog.ts';

export interface ColumnInfo {
  readonly entity: string;
  readonly name: string;
  readonly type: ValueType;
  /** Lemmas of the column name, abbreviations expanded. */
  readonly words: readonly string[];
  /** Words of the name as written ("seats", not "seat"), for labels. */
  readonly nameWords?: readonly string[];
  readonly labelWords?: readonly string[];
  /** Words of the catalog's synonyms for the column (a semantic layer), each linked like a label. */
  readonly synonymWords?: readonly (readonly string[])[];
  readonly description?: string;
  readonly unit?: string;
  readonly isPrimaryKey: boolean;
  readonly isForeignKey: boolean;
  /** A key or identifier (pk, fk, `*_id`, `*_number`, `*_code`): never a measure. */
  readonly isKey: boolean;
  /** Integer or decimal and not a key. */
  readonly isNumeric: boolean;
  readonly isDate: boolean;
  readonly isText: boolean;
  readonly isBoolean: boolean;
  /** Numeric with a money word (amount, price, cost, fee, salary…) or a currency unit. */
  readonly isMoney: boolean;
  /** Numeric and additive (amount, total, revenue…): a sum makes sense. */
  readonly isAmount: boolean;
  readonly isQuantity: boolean;
  readonly isPrice: boolean;
  readonly isDiscount: boolean;
}

export interface EntityInfo {
  readonly name: string;
  readonly table: string;
  /** Lemmas of the table name without technical prefixes: `order_lines` → order, line. */
  readonly words: readonly string[];
  /** Words of the table name as written, last one singular ("sales order"), for labels. */
  readonly nameWords?: readonly string[];
  readonly labelWords?: readonly string[];
  /** Words of the catalog's synonyms for the entity (a semantic layer), each linked like a label. */
  readonly synonymWords?: readonly (readonly string[])[];
  readonly columns: readonly ColumnInfo[];
  readonly columnByName: ReadonlyMap<string, ColumnInfo>;
  readonly primaryKey: readonly string[];
  /** Many-to-one links from this entity. */
  readonly foreignKeys: readonly CatalogForeignKey[];
  /** Many-to-one links into this entity from others. */
  readonly incoming: readonly { readonly fromEntity: string; readonly foreignKey: CatalogForeignKey }[];
  /** Columns that name a row for people (company_name; first_name + last_name); empty when none. */
  readonly displayColumns: readonly ColumnInfo[];
  /** The date that places a row in time (order_date, created_at), when the entity has one. */
  readonly mainDate?: ColumnInfo;
  /** The entity's single additive money column (invoices.amount), when unambiguous. */
  readonly primaryAmount?: ColumnInfo;
  readonly rowCount: number;
}

export type SchemaTarget =
  | { readonly kind: 'entity'; readonly entity: string }
  | { readonly kind: 'column'; readonly entity: string; readonly column: string };

/** How a phrase matched a schema element; the score orders candidates. */
export type MatchKind = 'exact' | 'lemma' | 'synonym' | 'head' | 'part' | 'fuzzy';

export interface TermEntry {
  readonly target: SchemaTarget;
  readonly match: MatchKind;
  readonly score: number;
  /** The schema words of the phrase that matched. */
  readonly words: readonly string[];
}

export interface SchemaIndex {
  readonly entities: readonly EntityInfo[];
  readonly entityByName: ReadonlyMap<string, EntityInfo>;
  /** Phrase (lemmas joined by a space) → schema elements it names. */
  readonly terms: ReadonlyMap<string, readonly TermEntry[]>;
  /** Longest phrase in `terms`, in words. */
  readonly maxPhraseWords: number;
  /** Single schema words by length, for typo tolerance. */
  readonly vocabularyByLength: ReadonlyMap<number, readonly string[]>;
  /** Lemmas that name an entity (exactly or by synonym). */
  readonly entityWords: ReadonlySet<string>;
  /** Lemmas that name a numeric column. */
  readonly numericWords: ReadonlySet<string>;
}

export function columnOf(index: SchemaIndex, entity: string, column: string): ColumnInfo {
  const info = index.entityByName.get(entity)?.columnByName.get(column);
  if (!info) throw new Error(`unknown column ${entity}.${column}`);
  return info;
}

export function entityOf(index: SchemaIndex, entity: string): EntityInfo {
  const info = index.entityByName.get(entity);
  if (!info) throw new Error(`unknown entity ${entity}`);
  return info;
}
