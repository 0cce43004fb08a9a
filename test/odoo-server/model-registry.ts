/** Every model the test double serves, and each model's fields as a given Odoo version defines them. */
import { BASE_MODELS } from './models-base.ts';
import { BUSINESS_MODELS } from './models-business.ts';
import { field, fieldIn, type FieldDefinition, type ModelDefinition, type OdooMajor } from './model-types.ts';
import { OdooError } from './odoo-errors.ts';

export const MODELS: ReadonlyMap<string, ModelDefinition> = new Map([...BASE_MODELS, ...BUSINESS_MODELS].map((model) => [model.name, model]));

const cache = new Map<string, Readonly<Record<string, FieldDefinition>>>();

/** Fields every Odoo model has (MAGIC_COLUMNS plus display_name; `__last_update` until 16). */
function magicFields(model: ModelDefinition, major: OdooMajor): Record<string, FieldDefinition> {
  const magic: Record<string, FieldDefinition> = {
    id: field('integer', 'ID', { readonly: true }),
    display_name: field('char', 'Display Name', { readonly: true, store: false }),
    create_date: field('datetime', 'Created on', { readonly: true }),
    write_date: field('datetime', 'Last Updated on', { readonly: true }),
  };
  if (major <= 16) magic.__last_update = field('datetime', 'Last Modified on', { readonly: true, computed: (alias) => `${alias}.write_date` });
  return magic;
}

export function getModel(name: unknown): ModelDefinition {
  const model = typeof name === 'string' ? MODELS.get(name) : undefined;
  // Odoo answers an unknown model with KeyError(model name) from the registry.
  if (model === undefined) throw new OdooError('builtins.KeyError', `'${String(name)}'`);
  return model;
}

export function modelFields(model: ModelDefinition, major: OdooMajor): Readonly<Record<string, FieldDefinition>> {
  const key = `${model.name}@${major}`;
  let fields = cache.get(key);
  if (fields === undefined) {
    const resolved: Record<string, FieldDefinition> = {};
    for (const [name, definition] of Object.entries(model.fields)) {
      const versioned = fieldIn(definition, major);
      if (versioned !== undefined) resolved[name] = versioned;
    }
    fields = { ...resolved, ...magicFields(model, major) };
    cache.set(key, fields);
  }
  return fields;
}

export function getField(model: ModelDefinition, name: string, major: OdooMajor): FieldDefinition | undefined {
  const fields = modelFields(model, major);
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
