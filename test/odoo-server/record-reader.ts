/** The read methods: search_read, search, search_count, read and name_search. */
import { getField, getModel, modelFields } from './model-registry.ts';
import { isStored, type ModelDefinition } from './model-types.ts';
import { accessError, missingError, valueError } from './odoo-errors.ts';
import { companyRule, searchWhere, type OdooEnvironment } from './record-rules.ts';
import { SqlContext, displayNameSql, fieldSql, formatValue, quote, readSql, requireField } from './sql-context.ts';
import { compileOperator } from './domain-compiler.ts';

export type OdooRecord = Record<string, unknown>;

export interface SearchOptions { domain?: unknown; offset?: unknown; limit?: unknown; order?: unknown }

export function newSqlContext(environment: OdooEnvironment): SqlContext {
  return new SqlContext(environment.major, environment.context.lang);
}

/** `ORDER BY` for an Odoo order string ("date_order desc, id"); many2one fields sort by the comodel's display name. */
export function orderSql(model: ModelDefinition, alias: string, order: unknown, context: SqlContext): string {
  const spec = typeof order === 'string' && order.trim() !== '' ? order : model.order;
  const parts = spec.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const terms = parts.map((part) => {
    const match = /^([a-z_][a-z0-9_]*)(?:\s+(asc|desc))?(?:\s+nulls\s+(first|last))?$/i.exec(part);
    if (match === null) throw valueError(`Invalid "order" specified (${spec}).`);
    const [, name, direction = 'asc', nulls] = match;
    const definition = getField(model, name, context.major);
    if (definition === undefined || (!isStored(definition) && name !== 'id')) throw valueError(`Invalid "order" specified (${spec}). A valid "order" specification is a comma-separated list of valid field names (optionally followed by asc/desc for the direction)`);
    let expression = fieldSql(model, alias, name, context);
    if (definition.type === 'many2one') {
      const comodel = getModel(definition.relation);
      const sub = context.alias();
      expression = `(SELECT ${displayNameSql(comodel, sub, context)} FROM ${quote(comodel.table)} ${sub} WHERE ${sub}.id = ${expression})`;
    }
    return `${expression} ${direction.toUpperCase()}${nulls === undefined ? '' : ` NULLS ${nulls.toUpperCase()}`}`;
  });
  return `${[...terms, `${alias}.id ${/id\s+desc/i.test(spec) ? 'DESC' : 'ASC'}`].join(', ')}`;
}

function limitSql(options: SearchOptions, context: SqlContext): string {
  const limit = typeof options.limit === 'number' && options.limit > 0 ? ` LIMIT ${context.bind(Math.floor(options.limit))}` : '';
  const offset = typeof options.offset === 'number' && options.offset > 0 ? ` OFFSET ${context.bind(Math.floor(options.offset))}` : '';
  return limit + offset;
}

/** Fields to return: all of the model's fields when none are asked for (binary excluded, as Odoo's web client does). */
function fieldList(model: ModelDefinition, fields: unknown, environment: OdooEnvironment): string[] {
  if (Array.isArray(fields) && fields.length > 0) {
    return fields.map((name) => {
      if (typeof name !== 'string') throw valueError(`Invalid field ${JSON.stringify(name)}`);
      return name;
    }).filter((name) => name !== 'id');
  }
  return Object.keys(modelFields(model, environment.major)).filter((name) => name !== 'id');
}

async function selectRecords(model: ModelDefinition, fields: unknown, where: (alias: string, context: SqlContext) => string, tail: (alias: string, context: SqlContext) => string,
  environment: OdooEnvironment): Promise<OdooRecord[]> {
  const context = newSqlContext(environment);
  const names = fieldList(model, fields, environment);
  const definitions = names.map((name) => requireField(model, name, context));
  const columns = names.map((name, index) => `${readSql(model, 'r', name, context)} AS c${index}`);
  const sql = `SELECT r.id${columns.map((column) => `, ${column}`).join('')} FROM ${quote(model.table)} r WHERE ${where('r', context)}${tail('r', context)}`;
  const result = await environment.pool.query(sql, context.params);
  return result.rows.map((row: Record<string, unknown>) => {
    const record: OdooRecord = { id: row.id };
    names.forEach((name, index) => { record[name] = formatValue(definitions[index], row[`c${index}`]); });
    return record;
  });
}

export async function searchRead(environment: OdooEnvironment, modelName: string, options: SearchOptions & { fields?: unknown }): Promise<OdooRecord[]> {
  const model = getModel(modelName);
  return selectRecords(model, options.fields,
    (alias, context) => searchWhere(model, alias, options.domain, environment, context),
    (alias, context) => ` ORDER BY ${orderSql(model, alias, options.order, context)}${limitSql(options, context)}`, environment);
}

export async function search(environment: OdooEnvironment, modelName: string, options: SearchOptions): Promise<number[]> {
  const records = await searchRead(environment, modelName, { ...options, fields: ['id'] });
  return records.map((record) => record.id as number);
}

export async function searchCount(environment: OdooEnvironment, modelName: string, options: { domain?: unknown; limit?: unknown }): Promise<number> {
  const model = getModel(modelName);
  const context = newSqlContext(environment);
  const where = searchWhere(model, 'r', options.domain, environment, context);
  const limit = environment.major >= 16 && typeof options.limit === 'number' ? ` LIMIT ${context.bind(options.limit)}` : '';
  const result = await environment.pool.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quote(model.table)} r WHERE ${where}${limit}) counted`, context.params);
  return result.rows[0].n as number;
}

/** read(ids, fields): archived records are readable; missing ids raise MissingError, other companies' AccessError. */
export async function read(environment: OdooEnvironment, modelName: string, ids: number[], fields: unknown): Promise<OdooRecord[]> {
  const model = getModel(modelName);
  const probe = newSqlContext(environment);
  const idsParameter = probe.bind(ids);
  const visible = await environment.pool.query(
    `SELECT r.id, ${companyRule(model, 'r', environment, probe)} AS allowed FROM ${quote(model.table)} r WHERE r.id = ANY(${idsParameter}::int[])`, probe.params);
  const found = new Map(visible.rows.map((row: { id: number; allowed: boolean }) => [row.id, row.allowed]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw missingError(`Record does not exist or has been deleted.\n(Record: ${modelName}(${missing.join(', ')},), User: ${environment.uid})`);
  if ([...found.values()].some((allowed) => !allowed)) {
    throw accessError(`Due to security restrictions, you are not allowed to access '${model.description}' (${modelName}) records.`);
  }
  const records = await selectRecords(model, fields, (alias, context) => `${alias}.id = ANY(${context.bind(ids)}::int[])`, () => '', environment);
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.map((id) => byId.get(id) as OdooRecord);
}

export async function nameSearch(environment: OdooEnvironment, modelName: string, options: { name?: unknown; domain?: unknown; operator?: unknown; limit?: unknown }): Promise<Array<[number, string]>> {
  const model = getModel(modelName);
  const name = typeof options.name === 'string' ? options.name : '';
  const operator = typeof options.operator === 'string' ? options.operator : 'ilike';
  const limit = typeof options.limit === 'number' ? options.limit : 100;
  const context = newSqlContext(environment);
  const display = displayNameSql(model, 'r', context);
  const match = name === '' && operator.includes('like') ? 'TRUE' : compileOperator(display, operator, name, undefined, context);
  const where = searchWhere(model, 'r', options.domain, environment, context);
  const sql = `SELECT r.id, ${display} AS name FROM ${quote(model.table)} r WHERE ${match} AND ${where} ORDER BY ${orderSql(model, 'r', undefined, context)} LIMIT ${context.bind(limit)}`;
  const result = await environment.pool.query(sql, context.params);
  return result.rows.map((row: { id: number; name: string | null }) => [row.id, row.name ?? '']);
}
