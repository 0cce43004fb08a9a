/**
 * The catalog of an Odoo database: one entity per curated core business model the connecting user
 * may read, described by `fields_get` as that user (access rights and field groups apply, so the
 * catalog shows exactly what queries can read). Models the user may not read, or that are not
 * installed, are left out. Each entity carries the semantic layer of `odoo-semantic-layer.ts`.
 */
import type { Catalog, CatalogColumn, CatalogEntity, CatalogForeignKey, ColumnValues, ValueType } from '../catalog.ts';
import { isAccessError, isMissingModel } from './odoo-errors.ts';
import type { OdooCallSettings, OdooClient } from './odoo-client.ts';
import { withSemanticLayer, withValidTimes } from './odoo-semantic-layer.ts';
import { ODOO_VERIFIED_QUESTIONS } from './odoo-vocabulary.ts';

/** The models exposed, with the description used when `ir.model` cannot be read. */
export const ODOO_CORE_MODELS: Readonly<Record<string, string>> = {
  'res.partner': 'Contact',
  'res.users': 'User',
  'res.company': 'Companies',
  'res.country': 'Country',
  'sale.order': 'Sales Order',
  'sale.order.line': 'Sales Order Line',
  'account.move': 'Journal Entry',
  'account.move.line': 'Journal Item',
  'product.product': 'Product Variant',
  'product.template': 'Product',
  'product.category': 'Product Category',
  'stock.quant': 'Quants',
  'stock.move': 'Stock Move',
  'purchase.order': 'Purchase Order',
  'purchase.order.line': 'Purchase Order Line',
  'crm.lead': 'Lead/Opportunity',
  'hr.employee': 'Employee',
  'hr.department': 'Department',
  'project.task': 'Task',
};

/** Small lookup models whose names go to the value index (countries, categories, salespeople…). */
const NAMED_LOOKUP_MODELS = ['res.country', 'product.category', 'res.users', 'hr.department', 'res.company'] as const;

const FIELD_ATTRIBUTES = ['type', 'string', 'help', 'relation', 'selection', 'store', 'required', 'searchable', 'sortable', 'groupable'];

/** Odoo field types → value types. Types not listed (x2many, binary, html, json, properties, references) are left out. */
const FIELD_TYPES: Readonly<Record<string, ValueType>> = {
  integer: 'number',
  float: 'number',
  monetary: 'number',
  char: 'text',
  text: 'text',
  selection: 'text',
  // A many2one reads as `[id, display name]`; the connector shows the name, and joins through it.
  many2one: 'text',
  date: 'date',
  datetime: 'timestamp',
  boolean: 'boolean',
};

export interface OdooFieldDescription {
  readonly type: string;
  readonly string?: string;
  readonly help?: string;
  readonly relation?: string;
  readonly selection?: readonly (readonly [string, string])[];
  readonly store?: boolean;
  readonly required?: boolean;
  readonly searchable?: boolean;
  readonly sortable?: boolean;
  readonly groupable?: boolean;
}

export async function introspectOdoo(client: OdooClient, options: OdooCallSettings = {}): Promise<Catalog> {
  const version = await client.version(options);
  const described: { model: string; fields: Record<string, OdooFieldDescription> }[] = [];
  for (const model of Object.keys(ODOO_CORE_MODELS)) {
    const fields = await skippingForbidden(() => client.call(model, 'fields_get', { attributes: FIELD_ATTRIBUTES }, options));
    if (fields !== undefined && typeof fields === 'object' && fields !== null) described.push({ model, fields: fields as Record<string, OdooFieldDescription> });
  }
  const present = new Set(described.map(({ model }) => model));
  const labels = await modelLabels(client, [...present], options);
  const entities: CatalogEntity[] = [];
  for (const { model, fields } of described) {
    const rowCount = await skippingForbidden(() => client.call(model, 'search_count', { domain: [] }, options));
    const entity = describeModel(model, labels.get(model) ?? ODOO_CORE_MODELS[model] ?? model, fields, {
      flags: version.major >= 17,
      present,
      rowCount: typeof rowCount === 'number' ? rowCount : -1,
    });
    // Synonyms, segments and metrics from the curated vocabulary, as far as this server supports them.
    entities.push(withSemanticLayer(entity));
  }
  const verifiedQuestions = ODOO_VERIFIED_QUESTIONS.filter(({ models }) => models.every((model) => present.has(model))).map(({ question }) => question);
  return { entities: withValidTimes(entities), verifiedQuestions };
}

/**
 * One model as an entity. `flags`: trust `groupable`/`searchable`/`sortable` (17+; they also allow
 * related non-stored fields from 17.2); before 17 only stored fields take those roles.
 */
export function describeModel(
  model: string,
  label: string,
  fields: Readonly<Record<string, OdooFieldDescription>>,
  options: { flags: boolean; present: ReadonlySet<string>; rowCount?: number },
): CatalogEntity {
  const columns: CatalogColumn[] = [];
  const foreignKeys: CatalogForeignKey[] = [];
  const entries = Object.entries(fields);
  if (!('id' in fields)) entries.unshift(['id', { type: 'integer', string: 'ID', store: true, required: true }]);
  // A model without a stored name (a product variant takes its name from its template) is named by
  // its display_name: listed with search_read, and what read_group gives for a many2one to it.
  const namedByDisplay = fields['name']?.store !== true && fields['display_name'] !== undefined;
  for (const [name, field] of entries) {
    const type = name === 'id' ? 'integer' : FIELD_TYPES[field.type];
    const stored = field.store === true;
    if (type === undefined || !(stored || (options.flags && field.groupable === true) || (name === 'display_name' && namedByDisplay))) continue;
    const role = (flag: boolean | undefined) => (options.flags ? flag === true : stored);
    columns.push({
      name,
      type,
      nativeType: field.type,
      nullable: field.required !== true && name !== 'id',
      ...(field.help ? { description: field.help } : {}),
      ...(field.string ? { label: field.string } : {}),
      groupable: role(field.groupable) && field.type !== 'text',
      filterable: role(field.searchable),
      sortable: role(field.sortable),
      ...(field.type === 'selection' && Array.isArray(field.selection)
        ? { choices: field.selection.map(([value, text]) => ({ value: String(value), label: String(text) })) }
        : {}),
    });
    if (field.type === 'many2one' && field.relation !== undefined && options.present.has(field.relation)) {
      foreignKeys.push({ columns: [name], refEntity: field.relation, refColumns: ['id'] });
    }
  }
  return { name: model, table: model, label, description: label, isView: false, rowCount: options.rowCount ?? -1, primaryKey: ['id'], columns, foreignKeys };
}

/** Selection labels of every selection column, and the names of small lookup models. */
export async function sampleOdooValues(
  client: OdooClient,
  catalog: Catalog,
  options: OdooCallSettings & { maxValuesPerColumn?: number } = {},
): Promise<ColumnValues[]> {
  const maxValues = options.maxValuesPerColumn ?? 200;
  const found: ColumnValues[] = [];
  for (const entity of catalog.entities) {
    for (const column of entity.columns) {
      if (column.choices === undefined || column.choices.length === 0 || column.choices.length > maxValues) continue;
      found.push({ entity: entity.name, column: column.name, values: sorted(column.choices.map(({ label }) => label)) });
    }
  }
  for (const model of NAMED_LOOKUP_MODELS) {
    const entity = catalog.entities.find((each) => each.name === model);
    if (entity === undefined || !entity.columns.some((column) => column.name === 'name')) continue;
    // `name` as stored (not the display name, which may be a path), so that a filter on it matches.
    const rows = await skippingForbidden(() => client.call(model, 'search_read', { domain: [], fields: ['name'], limit: maxValues + 1, order: 'id' }, options));
    if (!Array.isArray(rows) || rows.length === 0 || rows.length > maxValues) continue;
    const names = rows.map((row: { name?: unknown }) => row.name).filter((name): name is string => typeof name === 'string' && name.length > 0);
    found.push({ entity: model, column: 'name', values: sorted([...new Set(names)]) });
  }
  return found;
}

async function modelLabels(client: OdooClient, models: readonly string[], options: OdooCallSettings): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  // `ir.model` is readable by internal users; a bot user without it keeps the built-in descriptions.
  const rows = await skippingForbidden(() => client.call('ir.model', 'search_read', { domain: [['model', 'in', [...models]]], fields: ['model', 'name'], limit: models.length }, options));
  if (Array.isArray(rows)) {
    for (const row of rows as { model?: unknown; name?: unknown }[]) {
      if (typeof row.model === 'string' && typeof row.name === 'string' && row.name.length > 0) labels.set(row.model, row.name);
    }
  }
  return labels;
}

/** Undefined for a model the user may not read or that is not installed; other failures propagate. */
async function skippingForbidden<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (isAccessError(error) || isMissingModel(error)) return undefined;
    throw error;
  }
}

function sorted(values: readonly string[]): string[] {
  return [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}
