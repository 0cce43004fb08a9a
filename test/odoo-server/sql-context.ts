/** Turns model fields into SQL expressions over a table alias, with bound parameters collected on the way. */
import { getField, getModel } from './model-registry.ts';
import { translated } from './models-base.ts';
import type { FieldDefinition, ModelDefinition, OdooMajor } from './model-types.ts';
import { valueError } from './odoo-errors.ts';

/** What a request carries into SQL: the version, the context language and the parameters bound so far. */
export class SqlContext {
  readonly params: unknown[] = [];
  readonly major: OdooMajor;
  /** The context language as a quoted SQL literal (validated, so it can be inlined). */
  readonly langLiteral: string;
  private aliases = 0;

  constructor(major: OdooMajor, lang: unknown) {
    this.major = major;
    const code = typeof lang === 'string' && /^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$/.test(lang) ? lang : 'en_US';
    this.langLiteral = `'${code}'`;
  }

  /** Binds a value and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A fresh table alias for a subquery. */
  alias(): string {
    this.aliases += 1;
    return `t${this.aliases}`;
  }
}

export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

export function requireField(model: ModelDefinition, name: string, context: SqlContext): FieldDefinition {
  const definition = getField(model, name, context.major);
  if (definition === undefined) throw valueError(`Invalid field '${name}' on model '${model.name}'`);
  return definition;
}

export function displayNameSql(model: ModelDefinition, alias: string, context: SqlContext): string {
  if (model.displayName !== undefined) return model.displayName(alias, context.langLiteral);
  const name = model.fields.name;
  if (name === undefined) return `'${model.name},' || ${alias}.id`;
  return name.translate === true ? translated(`${alias}.name`, context.langLiteral) : `${alias}.name`;
}

/** The SQL value of a scalar or many2one field (for a many2one: the id). */
export function fieldSql(model: ModelDefinition, alias: string, name: string, context: SqlContext): string {
  const definition = requireField(model, name, context);
  if (name === 'display_name') return displayNameSql(model, alias, context);
  if (definition.computed !== undefined) return definition.computed(alias);
  if (definition.expression !== undefined) return definition.expression(alias);
  if (definition.related !== undefined) return pathSql(model, alias, definition.related.split('.'), context);
  if (definition.translate === true) return translated(`${alias}.${quote(name)}`, context.langLiteral);
  return `${alias}.${quote(name)}`;
}

/** A dotted path through many2one fields, read with one scalar subquery per hop. */
export function pathSql(model: ModelDefinition, alias: string, path: string[], context: SqlContext): string {
  const [head, ...rest] = path;
  if (rest.length === 0) return fieldSql(model, alias, head, context);
  const definition = requireField(model, head, context);
  if (definition.type !== 'many2one') throw valueError(`Cannot follow non-many2one field ${model.name}.${head} in a path`);
  const comodel = getModel(definition.relation);
  const sub = context.alias();
  return `(SELECT ${pathSql(comodel, sub, rest, context)} FROM ${quote(comodel.table)} ${sub} WHERE ${sub}.id = ${fieldSql(model, alias, head, context)})`;
}

/** The SQL that reads a field the way search_read returns it (many2one as a json pair, x2many as an id array). */
export function readSql(model: ModelDefinition, alias: string, name: string, context: SqlContext): string {
  const definition = requireField(model, name, context);
  if (definition.type === 'many2one') {
    const comodel = getModel(definition.relation);
    const sub = context.alias();
    return `(SELECT json_build_array(${sub}.id, ${displayNameSql(comodel, sub, context)}) FROM ${quote(comodel.table)} ${sub} WHERE ${sub}.id = ${fieldSql(model, alias, name, context)})`;
  }
  if (definition.type === 'one2many') {
    const comodel = getModel(definition.relation);
    const sub = context.alias();
    return `ARRAY(SELECT ${sub}.id FROM ${quote(comodel.table)} ${sub} WHERE ${sub}.${quote(definition.inverse ?? '')} = ${alias}.id ORDER BY ${sub}.id)`;
  }
  if (definition.type === 'many2many') {
    const [table, own, other] = definition.relationTable ?? ['', '', ''];
    return `ARRAY(SELECT r.${quote(other)} FROM ${quote(table)} r WHERE r.${quote(own)} = ${alias}.id ORDER BY r.${quote(other)})`;
  }
  return fieldSql(model, alias, name, context);
}

/** A database value in Odoo's wire shape: empty is `false` (0 for numbers), datetimes without fractions. */
export function formatValue(definition: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) {
    return definition.type === 'integer' || definition.type === 'float' || definition.type === 'monetary' ? 0 : false;
  }
  if (definition.type === 'datetime' && typeof value === 'string') return value.slice(0, 19);
  if (definition.type === 'many2one' && Array.isArray(value) && value[1] === null) return [value[0], false];
  return value;
}
