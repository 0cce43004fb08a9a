/** fields_get as each version describes fields (reference §1.5: groupable from 17, aggregator from 18 / group_operator before). */
import { getModel, modelFields } from './model-registry.ts';
import { isStored, type FieldDefinition, type OdooMajor } from './model-types.ts';

const NUMERIC = new Set(['integer', 'float', 'monetary']);

function describe(name: string, definition: FieldDefinition, major: OdooMajor): Record<string, unknown> {
  const stored = isStored(definition);
  const relationalStore = definition.type === 'one2many' || definition.type === 'many2many';
  const description: Record<string, unknown> = {
    type: definition.type,
    string: definition.string,
    help: definition.help ?? false,
    store: stored || relationalStore,
    manual: false,
    depends: definition.related !== undefined ? [definition.related] : [],
    company_dependent: name === 'standard_price',
    required: definition.required === true,
    readonly: definition.readonly === true || definition.computed !== undefined || definition.related !== undefined,
    searchable: definition.computed === undefined,
    sortable: stored || name === 'id',
    translate: definition.translate === true,
    change_default: false,
  };
  if (major >= 17) description.name = name;
  if (major >= 17) description.groupable = stored && definition.type !== 'binary';
  const aggregator = definition.aggregator ?? (NUMERIC.has(definition.type) && name !== 'id' ? 'sum' : undefined);
  if (aggregator !== undefined) description[major >= 18 ? 'aggregator' : 'group_operator'] = aggregator;
  if (definition.relation !== undefined) {
    description.relation = definition.relation;
    description.domain = [];
    description.context = {};
  }
  if (definition.type === 'one2many') description.relation_field = definition.inverse;
  if (definition.selection !== undefined) description.selection = definition.selection.map(([key, label]) => [key, label]);
  if (definition.related !== undefined) description.related = definition.related;
  if (definition.type === 'char') description.size = false;
  if (definition.type === 'monetary') description.currency_field = 'currency_id';
  return description;
}

/** fields_get(allfields=None, attributes=None) → {field: {attribute: value}}. */
export function fieldsGet(modelName: string, major: OdooMajor, allfields: unknown, attributes: unknown): Record<string, Record<string, unknown>> {
  const model = getModel(modelName);
  const fields = modelFields(model, major);
  const names = Array.isArray(allfields) && allfields.length > 0 ? allfields.filter((name): name is string => typeof name === 'string' && Object.hasOwn(fields, name)) : Object.keys(fields);
  const wanted = Array.isArray(attributes) && attributes.length > 0 ? new Set(attributes.map(String)) : undefined;
  const result: Record<string, Record<string, unknown>> = {};
  for (const name of names) {
    const description = describe(name, fields[name], major);
    result[name] = wanted === undefined ? description : Object.fromEntries(Object.entries(description).filter(([key]) => wanted.has(key)));
  }
  return result;
}
