/** The engine's precomputed view of a catalog: words, roles and links of every entity and column. */
import type { CatalogForeignKey, CatalogMetric, CatalogSegment, ValueType } from '../../connectors/catalog.ts';

/** The words an entity or a column answers to. */
export interface ElementWords {
  /** Lemmas of the name, abbreviations and technical prefixes dealt with (`cust_nm` → customer, name). */
  readonly words: readonly string[];
  /** Words of the name as written (abbreviations expanded, not reduced to lemmas), for labels. */
  readonly nameWords: readonly string[];
  /** Another reading of the name when a part is both a word and an abbreviation (`cat` → category). */
  readonly alternativeWords?: readonly string[];
  /** Lemmas of the catalog's label, when it has one (Odoo's field string or model name). */
  readonly labelWords?: readonly string[];
  /** Lemmas of the catalog's synonyms (a semantic layer). */
  readonly synonymWords?: readonly (readonly string[])[];
  /** Lemmas of a short comment ("Date the order was shipped" → date, order, ship). */
  readonly commentWords?: readonly string[];
  /** For a terse name (`drvr`), lemmas of the noun phrase its comment opens with ("Drivers employed at a depot" → driver): what to call it. */
  readonly commentHead?: readonly string[];
}

export interface ColumnInfo extends ElementWords {
  readonly entity: string;
  readonly name: string;
  readonly type: ValueType;
  readonly description?: string;
  readonly unit?: string;
  /** The catalog allows an empty value. */
  readonly nullable: boolean;
  readonly isPrimaryKey: boolean;
  readonly isForeignKey: boolean;
  /** A key or identifier (pk, fk, `*_id`, `*_code`, `*_number`): never summed or averaged. */
  readonly isKey: boolean;
  /** Integer or decimal and not a key. */
  readonly isNumeric: boolean;
  readonly isDate: boolean;
  readonly isText: boolean;
  /** A boolean column, or a yes/no flag (`*_flg`, `is_*`, `has_*`). */
  readonly isFlag: boolean;
  /** Numeric with a money word (amount, price, cost, fee, salary…) or a currency unit. */
  readonly isMoney: boolean;
  /** Numeric and additive (amount, total, revenue…): a sum makes sense. */
  readonly isAmount: boolean;
  readonly isQuantity: boolean;
  /** Per-unit money (price, rate): averaged rather than summed. */
  readonly isPrice: boolean;
  readonly isDiscount: boolean;
}

/** A column a number said as money ("over 5,000 dollars") can be compared with. */
export function holdsMoney(info: ColumnInfo): boolean {
  return info.isMoney || info.isPrice;
}

/** `words` of a table drop technical prefixes (`tbl_order_lines` → order, line); its `nameWords` end singular ("sales order"). */
export interface EntityInfo extends ElementWords {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly ColumnInfo[];
  readonly columnByName: ReadonlyMap<string, ColumnInfo>;
  readonly primaryKey: readonly string[];
  /** Many-to-one links from this entity. */
  readonly foreignKeys: readonly CatalogForeignKey[];
  /** Many-to-one links into this entity from others. */
  readonly incoming: readonly { readonly fromEntity: string; readonly foreignKey: CatalogForeignKey }[];
  /** Columns that name a row for people (item_name; first_name + last_name), best first; empty when none. */
  readonly displayColumns: readonly ColumnInfo[];
  /** The date that places a row in time (order_date, created_at), when one stands out. */
  readonly mainDate?: ColumnInfo;
  /** The entity's single additive money column (invoices.amount), when unambiguous. */
  readonly primaryAmount?: ColumnInfo;
  /** Only foreign keys and few other columns: a table that links two others (enrolments, order lines). */
  readonly isBridge: boolean;
  readonly rowCount: number;
  readonly segments: readonly CatalogSegment[];
  readonly metrics: readonly CatalogMetric[];
}

export type SchemaTarget =
  | { readonly kind: 'entity'; readonly entity: string }
  | { readonly kind: 'column'; readonly entity: string; readonly column: string };

/**
 * How a phrase of the question met a schema element's name:
 * - `exact`: the name's words; `lemma`: another form of them (shipped → ship);
 * - `label`, `layer`, `comment`: words of the catalog's label, semantic-layer synonym or comment;
 * - `head`: the last word of a longer name (tickets → support_tickets); `part`: another single word of it;
 * - `entity-column`: the entity's words before a column's ("customer country");
 * - `holds`: a word for what the column holds ("money" for an entity's one money column).
 */
export type MatchKind = 'exact' | 'lemma' | 'label' | 'layer' | 'comment' | 'head' | 'part' | 'entity-column' | 'holds';

export interface TermEntry {
  readonly target: SchemaTarget;
  readonly match: MatchKind;
  /** Words of the name that the phrase covers, out of `nameLength`. */
  readonly covered: number;
  readonly nameLength: number;
}

export interface SchemaIndex {
  readonly entities: readonly EntityInfo[];
  readonly entityByName: ReadonlyMap<string, EntityInfo>;
  /** Phrase (lemmas joined by a space) → schema elements it names. */
  readonly terms: ReadonlyMap<string, readonly TermEntry[]>;
  /** Longest phrase in `terms`, in words. */
  readonly maxPhraseWords: number;
  /** Single-word phrases of `terms`, by length, for typo tolerance. */
  readonly vocabularyByLength: ReadonlyMap<number, readonly string[]>;
  /** Words of the schema's names that are short forms of no known expansion (`drvr`, `rtrd`): a question's word may spell one out. */
  readonly shortForms: readonly string[];
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
