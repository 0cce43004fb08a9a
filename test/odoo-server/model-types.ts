/** How the test double describes an Odoo model: enough of `fields.py` to answer fields_get and compile SQL. */

export type OdooFieldType =
  | 'char' | 'text' | 'html' | 'integer' | 'float' | 'monetary' | 'boolean' | 'date' | 'datetime'
  | 'selection' | 'many2one' | 'one2many' | 'many2many' | 'binary' | 'json';

/** The Odoo major version as a number (14 … 19). */
export type OdooMajor = 14 | 15 | 16 | 17 | 18 | 19;

export interface FieldDefinition {
  type: OdooFieldType;
  /** The label Odoo shows ("Customer", "Order Date"). */
  string: string;
  help?: string;
  /** Comodel of relational fields. */
  relation?: string;
  /** Inverse many2one on the comodel (one2many only). */
  inverse?: string;
  /** Relation table of a many2many: [table, column for this model, column for the comodel]. */
  relationTable?: [string, string, string];
  selection?: ReadonlyArray<readonly [string, string]>;
  /** False for computed fields that Odoo does not store (default true). */
  store?: boolean;
  required?: boolean;
  readonly?: boolean;
  /** Default aggregator of numeric fields (Odoo's `aggregator` / `group_operator`); default 'sum'. */
  aggregator?: string;
  /** Related field: a dotted path read through the database (not stored, searchable). */
  related?: string;
  /** A stored field whose column differs by version: SQL over the table alias. */
  expression?: (alias: string) => string;
  /** A computed, non-stored field: readable, but neither searchable, sortable nor groupable. */
  computed?: (alias: string) => string;
  /** Translatable char kept as jsonb {"en_US": …} (16+ layout, served the same way on every version). */
  translate?: boolean;
  /** Only these versions expose the field. */
  since?: OdooMajor;
  until?: OdooMajor;
  /** How older versions (up to `until`) differ, e.g. another selection computed from the same column. */
  legacy?: { until: OdooMajor; changes: Partial<FieldDefinition> };
}

export interface ModelDefinition {
  /** Odoo model name, e.g. 'sale.order'. */
  name: string;
  /** `_description`, used in access error messages. */
  description: string;
  /** PostgreSQL table (Odoo's `_table`). */
  table: string;
  /** `_order`. */
  order: string;
  /** SQL for the display name over the table alias, in the language given as a quoted SQL literal; default `name`. */
  displayName?: (alias: string, langLiteral: string) => string;
  /** Field of the hierarchy used by child_of/parent_of. */
  parentField?: string;
  fields: Record<string, FieldDefinition>;
  /** Columns that back computed fields (name → PostgreSQL type). */
  extraColumns?: Record<string, string>;
}

export function field(type: OdooFieldType, string: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { type, string, ...extra };
}

export function many2one(relation: string, string: string, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { type: 'many2one', string, relation, ...extra };
}

export function one2many(relation: string, inverse: string, string: string): FieldDefinition {
  return { type: 'one2many', string, relation, inverse };
}

export function many2many(relation: string, relationTable: [string, string, string], string: string): FieldDefinition {
  return { type: 'many2many', string, relation, relationTable };
}

export function selection(string: string, values: ReadonlyArray<readonly [string, string]>, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { type: 'selection', string, selection: values, ...extra };
}

/** True when the field has a column of its own in the model's table. */
export function hasColumn(definition: FieldDefinition): boolean {
  return definition.store !== false && definition.expression === undefined && definition.related === undefined
    && definition.computed === undefined && definition.type !== 'one2many' && definition.type !== 'many2many';
}

/** Stored in Odoo's sense: searchable, sortable and groupable in SQL. */
export function isStored(definition: FieldDefinition): boolean {
  return definition.store !== false && definition.related === undefined && definition.computed === undefined
    && definition.type !== 'one2many' && definition.type !== 'many2many';
}

/** The field as the given version defines it, or undefined when that version has no such field. */
export function fieldIn(definition: FieldDefinition, major: OdooMajor): FieldDefinition | undefined {
  if (!existsIn(definition, major)) return undefined;
  if (definition.legacy !== undefined && major <= definition.legacy.until) return { ...definition, ...definition.legacy.changes };
  return definition;
}

function existsIn(definition: FieldDefinition, major: OdooMajor): boolean {
  return (definition.since === undefined || major >= definition.since) && (definition.until === undefined || major <= definition.until);
}
