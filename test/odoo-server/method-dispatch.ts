/** execute_kw and /json/2 calls resolved to one model method: positional/keyword binding, checks, execution. */
import { fieldsGet } from './fields-get.ts';
import { MODELS } from './model-registry.ts';
import { accessError, OdooError, typeError } from './odoo-errors.ts';
import { nameSearch, read, search, searchCount, searchRead } from './record-reader.ts';
import type { OdooEnvironment } from './record-rules.ts';
import { formattedReadGroup, readGroup } from './read-group.ts';
import { copy, create, isActionMethod, messagePost, runAction, unlink, write } from './write-methods.ts';

type Params = Record<string, unknown>;

interface MethodSpec {
  /** Parameter names after `ids` (for record methods) in Python's order. */
  params: (major: number) => string[];
  /** Record methods take ids first (`args[0]` over /jsonrpc, `ids` over /json/2). */
  onRecords: boolean;
  since?: number;
  run: (environment: OdooEnvironment, model: string, ids: number[], params: Params) => Promise<unknown>;
}

const METHODS: Readonly<Record<string, MethodSpec>> = {
  fields_get: { params: () => ['allfields', 'attributes'], onRecords: false, run: async (environment, model, _ids, p) => fieldsGet(model, environment.major, p.allfields, p.attributes) },
  search_read: { params: () => ['domain', 'fields', 'offset', 'limit', 'order'], onRecords: false, run: (environment, model, _ids, p) => searchRead(environment, model, p) },
  search: { params: () => ['domain', 'offset', 'limit', 'order'], onRecords: false, run: (environment, model, _ids, p) => search(environment, model, p) },
  search_count: { params: () => ['domain', 'limit'], onRecords: false, run: (environment, model, _ids, p) => searchCount(environment, model, p) },
  read: { params: () => ['fields', 'load'], onRecords: true, run: (environment, model, ids, p) => read(environment, model, ids, p.fields) },
  // The second parameter was renamed args → domain (reference §1.5, 17/18+).
  name_search: {
    params: (major) => ['name', major >= 17 ? 'domain' : 'args', 'operator', 'limit'], onRecords: false,
    run: (environment, model, _ids, p) => nameSearch(environment, model, { ...p, domain: p.domain ?? p.args }),
  },
  read_group: { params: () => ['domain', 'fields', 'groupby', 'offset', 'limit', 'orderby', 'lazy'], onRecords: false, run: (environment, model, _ids, p) => readGroup(environment, model, p) },
  formatted_read_group: {
    params: () => ['domain', 'groupby', 'aggregates', 'having', 'offset', 'limit', 'order'], onRecords: false, since: 19,
    run: (environment, model, _ids, p) => formattedReadGroup(environment, model, p),
  },
  write: { params: () => ['vals'], onRecords: true, run: (environment, model, ids, p) => write(environment, model, ids, p.vals) },
  create: { params: () => ['vals_list'], onRecords: false, run: (environment, model, _ids, p) => create(environment, model, p.vals_list) },
  unlink: { params: () => [], onRecords: true, run: (environment, model, ids) => unlink(environment, model, ids) },
  copy: { params: () => ['default'], onRecords: true, run: (environment, model, ids, p) => copy(environment, model, ids, p.default) },
  message_post: {
    params: () => ['body', 'subject', 'message_type', 'subtype_xmlid', 'partner_ids', 'attachments'], onRecords: true,
    run: (environment, model, ids, p) => messagePost(environment, model, ids, p),
  },
};

const ACTION_SPEC: Omit<MethodSpec, 'run'> = { params: () => [], onRecords: true };

export interface MethodCall {
  model: unknown;
  method: unknown;
  /** Positional arguments (after ids, when `ids` is given separately as over /json/2). */
  args: unknown[];
  kwargs: Params;
  /** /json/2 passes ids by name; /jsonrpc passes them as args[0]. */
  ids?: unknown;
}

/** Raised when the model does not exist: /jsonrpc answers UserError, /json/2 answers 404. */
export class UnknownModelError extends OdooError {}

export async function dispatchMethod(environment: OdooEnvironment, call: MethodCall, deniedModels: readonly string[]): Promise<unknown> {
  const model = String(call.model);
  const method = String(call.method);
  const definition = MODELS.get(model);
  if (definition === undefined) throw new UnknownModelError('odoo.exceptions.UserError', `Object ${model} doesn't exist`);
  if (method.startsWith('_')) throw accessError(`Private methods (such as '${model}.${method}') cannot be called remotely.`);
  if (deniedModels.includes(model)) {
    throw accessError(`You are not allowed to access '${definition.description}' (${model}) records.\n\nThis operation is allowed for the following groups:\n\t- Administration/Settings\n\nContact your administrator to request access if necessary.`);
  }
  const spec = METHODS[method] ?? (isActionMethod(method) ? { ...ACTION_SPEC, run: (e: OdooEnvironment, m: string, ids: number[]) => runAction(e, m, method, ids) } : undefined);
  if (spec === undefined || (spec.since !== undefined && environment.major < spec.since)) {
    throw new OdooError('builtins.AttributeError', `The method '${method}' does not exist on the model '${model}'`);
  }
  const args = [...call.args];
  let ids: number[] = [];
  if (spec.onRecords) {
    const rawIds = call.ids !== undefined ? call.ids : args.shift();
    ids = (Array.isArray(rawIds) ? rawIds : rawIds === undefined ? [] : [rawIds]).map(Number);
  }
  return spec.run(environment, model, ids, bindParameters(method, spec.params(environment.major), args, call.kwargs));
}

/** Python's argument binding: positional first, then keywords; unknown or doubled names are TypeErrors. */
function bindParameters(method: string, names: string[], args: unknown[], kwargs: Params): Params {
  if (args.length > names.length) throw typeError(`${method}() takes at most ${names.length + 1} positional arguments but ${args.length + 1} were given`);
  const bound: Params = {};
  args.forEach((value, index) => { bound[names[index]] = value; });
  for (const [name, value] of Object.entries(kwargs)) {
    if (name === 'context') continue;
    if (!names.includes(name)) throw typeError(`${method}() got an unexpected keyword argument '${name}'`);
    if (Object.hasOwn(bound, name)) throw typeError(`${method}() got multiple values for argument '${name}'`);
    bound[name] = value;
  }
  return bound;
}
