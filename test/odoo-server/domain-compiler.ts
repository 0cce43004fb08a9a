/** Odoo domains (prefix-notation lists of [path, operator, value] leaves) compiled to parameterised SQL. */
import { getModel } from './model-registry.ts';
import type { FieldDefinition, ModelDefinition } from './model-types.ts';
import { valueError } from './odoo-errors.ts';
import { displayNameSql, fieldSql, quote, requireField, type SqlContext } from './sql-context.ts';

const OPERATORS = new Set(['=', '!=', '<>', '>', '>=', '<', '<=', '=?', 'in', 'not in', 'like', 'not like', 'ilike', 'not ilike', '=like', '=ilike', 'child_of', 'parent_of']);

/** SQL for a whole domain over `alias`; an empty domain is TRUE. `leafSql` compiles leaves (default: model fields). */
export function compileDomain(model: ModelDefinition, alias: string, domain: unknown, context: SqlContext,
  leafSql: (leaf: unknown) => string = (leaf) => compileLeaf(model, alias, leaf, context)): string {
  if (domain === undefined || domain === null || domain === false) return 'TRUE';
  if (!Array.isArray(domain)) throw valueError(`Invalid domain: ${JSON.stringify(domain)}`);
  const stack: string[] = [];
  for (let index = domain.length - 1; index >= 0; index -= 1) {
    const token: unknown = domain[index];
    if (token === '!') {
      stack.push(`(NOT ${popOperand(stack)})`);
    } else if (token === '&' || token === '|') {
      const left = popOperand(stack);
      const right = popOperand(stack);
      stack.push(`(${left} ${token === '&' ? 'AND' : 'OR'} ${right})`);
    } else {
      stack.push(leafSql(token));
    }
  }
  return stack.length === 0 ? 'TRUE' : `(${stack.reverse().join(' AND ')})`;
}

/** True when some leaf of the domain names the field (Odoo then skips its implicit `active` filter). */
export function domainMentions(domain: unknown, fieldName: string): boolean {
  return Array.isArray(domain) && domain.some((token) => Array.isArray(token) && token[0] === fieldName);
}

function popOperand(stack: string[]): string {
  const operand = stack.pop();
  if (operand === undefined) throw valueError('Invalid domain: an operator lacks operands');
  return operand;
}

function compileLeaf(model: ModelDefinition, alias: string, leaf: unknown, context: SqlContext): string {
  if (!Array.isArray(leaf) || leaf.length !== 3) throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
  const [path, rawOperator, value] = leaf as [unknown, unknown, unknown];
  if (path === 1 && rawOperator === '=' && value === 1) return 'TRUE';
  if (path === 0 && rawOperator === '=' && value === 1) return 'FALSE';
  const operator = typeof rawOperator === 'string' ? rawOperator.toLowerCase() : '';
  if (typeof path !== 'string' || !OPERATORS.has(operator)) throw valueError(`Invalid leaf ${JSON.stringify(leaf)}`);
  return compilePath(model, alias, path.split('.'), operator, value, context);
}

function compilePath(model: ModelDefinition, alias: string, path: string[], operator: string, value: unknown, context: SqlContext): string {
  const [head, ...rest] = path;
  const definition = requireField(model, head, context);
  if (definition.related !== undefined) return compilePath(model, alias, [...definition.related.split('.'), ...rest], operator, value, context);
  if (definition.computed !== undefined) throw valueError(`Non-stored field ${model.name}.${head} cannot be searched.`);
  if (rest.length > 0) return compileHop(model, alias, head, definition, (comodel, sub) => compilePath(comodel, sub, rest, operator, value, context), context);
  if (operator === 'child_of' || operator === 'parent_of') return compileHierarchy(model, alias, head, definition, operator, value, context);
  if (definition.type === 'one2many' || definition.type === 'many2many') {
    if (value === false && (operator === '=' || operator === '!=')) {
      const exists = compileHop(model, alias, head, definition, () => 'TRUE', context);
      return operator === '=' ? `(NOT ${exists})` : exists;
    }
    const negative = operator === '!=' || operator === 'not in' || operator.startsWith('not ');
    const positive = negative ? operator === '!=' ? '=' : operator.replace('not ', '') : operator;
    const match = compileHop(model, alias, head, definition, (comodel, sub) => targetMatch(comodel, sub, positive, value, context), context);
    return negative ? `(NOT ${match})` : match;
  }
  if (definition.type === 'many2one' && isNameSearch(value)) {
    const comodel = getModel(definition.relation);
    const sub = context.alias();
    const names = compileOperator(displayNameSql(comodel, sub, context), operator, value, definition, context);
    return `(${fieldSql(model, alias, head, context)} IN (SELECT ${sub}.id FROM ${quote(comodel.table)} ${sub} WHERE ${names}))`;
  }
  return compileOperator(fieldSql(model, alias, head, context), operator, value, definition, context);
}

/** Strings (or lists of strings) compared with a many2one are matched against the comodel's display name. */
function isNameSearch(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'));
}

function targetMatch(comodel: ModelDefinition, alias: string, operator: string, value: unknown, context: SqlContext): string {
  const expression = isNameSearch(value) ? displayNameSql(comodel, alias, context) : `${alias}.id`;
  return compileOperator(expression, operator, value, undefined, context);
}

/** One hop through a relational field: the record matches when any related record matches (reference §1.6). */
function compileHop(model: ModelDefinition, alias: string, name: string, definition: FieldDefinition,
  inner: (comodel: ModelDefinition, alias: string) => string, context: SqlContext): string {
  const comodel = getModel(definition.relation);
  const sub = context.alias();
  const table = `${quote(comodel.table)} ${sub}`;
  if (definition.type === 'many2one') {
    return `(${fieldSql(model, alias, name, context)} IN (SELECT ${sub}.id FROM ${table} WHERE ${inner(comodel, sub)}))`;
  }
  if (definition.type === 'one2many') {
    return `(${alias}.id IN (SELECT ${sub}.${quote(definition.inverse ?? '')} FROM ${table} WHERE ${inner(comodel, sub)}))`;
  }
  if (definition.type === 'many2many') {
    const [relation, own, other] = definition.relationTable ?? ['', '', ''];
    return `(${alias}.id IN (SELECT r.${quote(own)} FROM ${quote(relation)} r JOIN ${table} ON ${sub}.id = r.${quote(other)} WHERE ${inner(comodel, sub)}))`;
  }
  throw valueError(`Invalid path: ${model.name}.${name} is not a relational field`);
}

function compileHierarchy(model: ModelDefinition, alias: string, name: string, definition: FieldDefinition,
  operator: string, value: unknown, context: SqlContext): string {
  const target = name === 'id' ? model : definition.type === 'many2one' ? getModel(definition.relation) : undefined;
  if (target?.parentField === undefined) throw valueError(`Invalid operator ${operator} on ${model.name}.${name}`);
  const table = quote(target.table);
  const parent = quote(target.parentField);
  const ids = Array.isArray(value) ? value : [value];
  const seed = isNameSearch(value)
    ? `SELECT s.id FROM ${table} s WHERE ${compileOperator(displayNameSql(target, 's', context), 'in', ids, undefined, context)}`
    : `SELECT s.id FROM ${table} s WHERE s.id = ANY(${context.bind(ids.map(Number))}::int[])`;
  const step = operator === 'child_of'
    ? `SELECT c.id FROM ${table} c JOIN tree ON c.${parent} = tree.id`
    : `SELECT c.${parent} FROM ${table} c JOIN tree ON c.id = tree.id WHERE c.${parent} IS NOT NULL`;
  return `(${fieldSql(model, alias, name, context)} IN (WITH RECURSIVE tree(id) AS (${seed} UNION ${step}) SELECT id FROM tree))`;
}

/** `expression operator value` with Odoo's semantics for False, negations and like patterns. */
export function compileOperator(expression: string, operator: string, value: unknown, definition: FieldDefinition | undefined, context: SqlContext): string {
  const isBoolean = definition?.type === 'boolean';
  if (operator === '=?') return value === false || value === null ? 'TRUE' : compileOperator(expression, '=', value, definition, context);
  if (operator === '<>') return compileOperator(expression, '!=', value, definition, context);
  if (value === false || value === null) {
    if (operator === '=') return isBoolean ? `(${expression} IS NULL OR ${expression} = FALSE)` : `(${expression} IS NULL)`;
    if (operator === '!=') return isBoolean ? `(${expression} = TRUE)` : `(${expression} IS NOT NULL)`;
  }
  if (operator === 'in' || operator === 'not in') {
    const items = Array.isArray(value) ? value : [value];
    const present = items.filter((item) => item !== false && item !== null);
    const anyNull = present.length !== items.length;
    const match = present.length === 0 ? 'FALSE' : `${expression} = ANY(${context.bind(present)})`;
    if (operator === 'in') return anyNull ? `(${match} OR ${expression} IS NULL)` : `(${match})`;
    return anyNull ? `(NOT (${match}) AND ${expression} IS NOT NULL)` : `(${expression} IS NULL OR NOT (${match}))`;
  }
  if (operator.includes('like')) {
    const insensitive = operator.includes('ilike');
    const raw = operator.startsWith('=');
    const pattern = raw ? String(value) : `%${String(value)}%`;
    const match = `(${expression})::text ${insensitive ? 'ILIKE' : 'LIKE'} ${context.bind(pattern)}`;
    return operator.startsWith('not ') ? `(${expression} IS NULL OR NOT (${match}))` : `(${match})`;
  }
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) throw valueError(`Invalid value ${JSON.stringify(value)} for operator ${operator}`);
  if (operator === '!=') return `(${expression} != ${context.bind(value)} OR ${expression} IS NULL)`;
  return `(${expression} ${operator} ${context.bind(value)})`;
}
