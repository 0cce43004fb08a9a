/**
 * The methods that change data. They execute for real on the backing database, so a test that
 * checksums the records can tell whether a client ever sent one.
 */
import { getField, getModel } from './model-registry.ts';
import { hasColumn, type ModelDefinition } from './model-types.ts';
import { OdooError, valueError } from './odoo-errors.ts';
import type { OdooEnvironment } from './record-rules.ts';
import { quote } from './sql-context.ts';

/** State-changing buttons: method name → column values, per model (or '*' for any model with those columns). */
const ACTIONS: Readonly<Record<string, Readonly<Record<string, Record<string, unknown>>>>> = {
  action_confirm: { 'sale.order': { state: 'sale' }, 'purchase.order': { state: 'purchase' } },
  button_confirm: { 'purchase.order': { state: 'purchase' } },
  action_cancel: { '*': { state: 'cancel' } },
  button_cancel: { '*': { state: 'cancel' } },
  action_draft: { '*': { state: 'draft' } },
  button_draft: { '*': { state: 'draft' } },
  action_post: { 'account.move': { state: 'posted' } },
  action_lock: { 'sale.order': { locked: true } },
  action_unlock: { 'sale.order': { locked: false } },
  action_archive: { '*': { active: false } },
  action_unarchive: { '*': { active: true } },
  action_set_lost: { 'crm.lead': { active: false, probability: 0 } },
  action_set_won: { 'crm.lead': { probability: 100 } },
};

export function isActionMethod(method: string): boolean {
  return Object.hasOwn(ACTIONS, method);
}

function columnValues(model: ModelDefinition, values: unknown, environment: OdooEnvironment): Array<[string, unknown]> {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) throw valueError('Values must be a dictionary');
  return Object.entries(values).map(([name, value]) => {
    const definition = getField(model, name, environment.major) ?? model.fields[name];
    if (definition === undefined || !hasColumn(definition)) throw valueError(`Invalid field '${name}' on model '${model.name}'`);
    const stored = definition.translate === true && typeof value === 'string' ? JSON.stringify({ en_US: value }) : value === false && definition.type !== 'boolean' ? null : value;
    return [name, stored];
  });
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23503') throw new OdooError('odoo.exceptions.UserError', 'The operation cannot be completed: another model requires the record being deleted. If possible, archive it instead.');
    if (code === '23502' || code === '22P02' || code === '23505') throw new OdooError('odoo.exceptions.ValidationError', `The operation cannot be completed: ${(error as Error).message}`);
    throw error;
  }
}

export async function write(environment: OdooEnvironment, modelName: string, ids: number[], values: unknown): Promise<boolean> {
  const model = getModel(modelName);
  const pairs = columnValues(model, values, environment);
  if (pairs.length === 0) return true;
  const assignments = pairs.map(([name], index) => `${quote(name)} = $${index + 2}`).join(', ');
  await run(() => environment.pool.query(`UPDATE ${quote(model.table)} SET ${assignments}, write_date = now() AT TIME ZONE 'UTC' WHERE id = ANY($1::int[])`, [ids, ...pairs.map(([, value]) => value)]));
  return true;
}

export async function create(environment: OdooEnvironment, modelName: string, valuesList: unknown): Promise<number | number[]> {
  const model = getModel(modelName);
  const list = Array.isArray(valuesList) ? valuesList : [valuesList];
  const ids: number[] = [];
  for (const values of list) {
    const pairs = columnValues(model, values, environment);
    const columns = pairs.map(([name]) => quote(name)).join(', ');
    const placeholders = pairs.map((_, index) => `$${index + 1}`).join(', ');
    const sql = pairs.length === 0 ? `INSERT INTO ${quote(model.table)} DEFAULT VALUES RETURNING id` : `INSERT INTO ${quote(model.table)} (${columns}) VALUES (${placeholders}) RETURNING id`;
    const result = await run(() => environment.pool.query(sql, pairs.map(([, value]) => value)));
    ids.push(result.rows[0].id as number);
  }
  return Array.isArray(valuesList) ? ids : ids[0];
}

export async function unlink(environment: OdooEnvironment, modelName: string, ids: number[]): Promise<boolean> {
  const model = getModel(modelName);
  await run(() => environment.pool.query(`DELETE FROM ${quote(model.table)} WHERE id = ANY($1::int[])`, [ids]));
  return true;
}

export async function copy(environment: OdooEnvironment, modelName: string, ids: number[], defaults: unknown): Promise<number> {
  const model = getModel(modelName);
  const columns = Object.entries(model.fields).filter(([, definition]) => hasColumn(definition)).map(([name]) => name);
  const quoted = columns.map(quote).join(', ');
  const inserted = await run(() => environment.pool.query(
    `INSERT INTO ${quote(model.table)} (${quoted}) SELECT ${quoted} FROM ${quote(model.table)} WHERE id = $1 RETURNING id`, [ids[0]]));
  const id = inserted.rows[0]?.id as number | undefined;
  if (id === undefined) throw new OdooError('odoo.exceptions.MissingError', 'Record does not exist or has been deleted.');
  if (typeof defaults === 'object' && defaults !== null) await write(environment, modelName, [id], defaults);
  return id;
}

export async function runAction(environment: OdooEnvironment, modelName: string, method: string, ids: number[]): Promise<boolean> {
  const model = getModel(modelName);
  const byModel = ACTIONS[method];
  const values = byModel[modelName] ?? byModel['*'];
  const applicable = values === undefined ? undefined : Object.fromEntries(Object.entries(values).filter(([name]) => model.fields[name] !== undefined));
  if (applicable === undefined || Object.keys(applicable).length === 0) {
    throw new OdooError('builtins.AttributeError', `The method '${method}' does not exist on the model '${modelName}'`);
  }
  await write(environment, modelName, ids, applicable);
  return true;
}

export async function messagePost(environment: OdooEnvironment, modelName: string, ids: number[], params: Record<string, unknown>): Promise<number> {
  getModel(modelName);
  const result = await environment.pool.query(
    `INSERT INTO mail_message (model, res_id, body, subject, message_type, date, author_id)
     VALUES ($1, $2, $3, $4, $5, now() AT TIME ZONE 'UTC', (SELECT partner_id FROM res_users WHERE id = $6)) RETURNING id`,
    [modelName, ids[0] ?? null, String(params.body ?? ''), typeof params.subject === 'string' ? params.subject : null,
      typeof params.message_type === 'string' ? params.message_type : 'comment', environment.uid]);
  return result.rows[0].id as number;
}
