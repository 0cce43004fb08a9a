/**
 * The second read-only check for MySQL/MariaDB: compiled SQL is scanned, parsed again with
 * `node-sql-parser` and refused unless it is what the compiler is meant to write. The compiler is
 * the first check; this one does not trust it.
 *
 * Always (any statement the connector is asked to run):
 * - no comment of any kind outside quoted names: MySQL *executes* `/*! … *\/` comments, which
 *   other parsers skip, so a comment could hide a second statement from this check;
 * - no `;`, no NUL, no double-quoted text (a string or a name depending on ANSI_QUOTES) and no
 *   backslash in a string (an escape or not depending on NO_BACKSLASH_ESCAPES): nothing whose
 *   meaning depends on the server's SQL mode;
 * - exactly one statement, a SELECT: no SELECT … INTO (OUTFILE, DUMPFILE, @variables), no
 *   FOR UPDATE / LOCK IN SHARE MODE, no UNION, and no other statement kind anywhere in the tree.
 *
 * With the catalog the statement was compiled against (every statement `compile` produced):
 * - only the node types, operators, casts and functions the compiler writes (no CTEs, no named
 *   windows), so `SLEEP`, `BENCHMARK`, `LOAD_FILE`… never reach the server;
 * - sub-selects only where the compiler writes them: `[NOT] EXISTS (SELECT …)` in WHERE (a
 *   related filter), a scalar `(SELECT …)` compared with in WHERE (a count of related rows, a
 *   column against the average) and in HAVING (a measure against the average), a scalar
 *   `(SELECT COUNT(*) …)` as a whole output column (a related count column), and a derived table
 *   in FROM; every sub-select passes every rule itself;
 * - window functions only `ROW_NUMBER`, `SUM` and `LAG` with an unnamed `OVER (…)`, framed at
 *   most `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`;
 * - CASE only as the compiler writes it: `CASE WHEN … THEN … END` (no ELSE, no `CASE x WHEN`)
 *   as the argument of an aggregate (a conditional measure) or as an output column of a SELECT
 *   from a derived table (a change measure);
 * - only tables of that catalog.
 *
 * A refused statement throws `invalid_request`; the message names what was refused, never the text.
 */
import { createRequire } from 'node:module';
import type NodeSqlParser from 'node-sql-parser';
import type { Catalog } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';
import { functionName, isPlaced, isSubquery, noteAggregatedCase, place, placeSubqueries, placeWindowFrame, type Node } from './mysql-sql-placement.ts';

let loadedParser: NodeSqlParser.Parser | undefined;

/** Loaded on first use: the parser is a large module that a service without MySQL connections never needs. */
function parser(): NodeSqlParser.Parser {
  loadedParser ??= new (createRequire(import.meta.url)('node-sql-parser') as typeof NodeSqlParser).Parser();
  return loadedParser;
}

/** Functions the compiler writes (aggregates, date truncation, LIKE's LOWER/CONVERT, NULLIF) and a few pure ones. */
export const MYSQL_ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'NULLIF', 'COALESCE', 'LOWER', 'UPPER', 'ABS', 'ROUND',
  'MAKEDATE', 'YEAR', 'QUARTER', 'DATE_FORMAT', 'DATE', 'WEEKDAY', 'CONVERT', 'NOT',
]);

/** Functions the compiler calls with OVER (…): window measures and a limit per group. */
const WINDOW_FUNCTIONS: ReadonlySet<string> = new Set(['ROW_NUMBER', 'SUM', 'LAG']);

/** `type`s of parse-tree nodes the compiler's statements hold; with a catalog, any other is refused. */
const ALLOWED_NODES: ReadonlySet<string> = new Set([
  'select', 'column_ref', 'number', 'single_quote_string', 'origin', 'binary_expr', 'function', 'aggr_func',
  'cast', 'expr_list', 'interval', 'star', 'null', 'bool', 'collate', 'ESCAPE', 'default', 'ASC', 'DESC',
  'case', 'when', 'window', 'unary_expr',
]);


const ALLOWED_OPERATORS: ReadonlySet<string> = new Set([
  '+', '-', '*', '/', '=', '<>', '!=', '<', '>', '<=', '>=', 'LIKE', 'NOT LIKE', 'IN', 'NOT IN',
  'BETWEEN', 'NOT BETWEEN', 'IS', 'IS NOT', 'AND', 'OR',
]);

const ALLOWED_CASTS: ReadonlySet<string> = new Set(['DATE', 'DECIMAL']);
const ALLOWED_INTERVAL_UNITS: ReadonlySet<string> = new Set(['year', 'quarter', 'month', 'week', 'day']);

/** Refuses `text` unless it is one plain SELECT (and, with `catalog`, one the compiler could have written). */
export function assertSafeMysqlSelect(text: string, catalog?: Catalog): void {
  const parseable = scanOutsideQuotes(text);
  let ast: unknown;
  try {
    ast = parser().astify(parseable, { database: 'MySQL' });
  } catch {
    refuse('it does not parse as MySQL');
  }
  if (Array.isArray(ast)) {
    if (ast.length !== 1) refuse(`it holds ${ast.length} statements, not one`);
    ast = ast[0];
  }
  const root = ast as Node;
  if (root['type'] !== 'select') refuse(`it is a ${String(root['type']).toUpperCase()}, not a SELECT`);
  walk(root, catalog === undefined ? undefined : catalogTables(catalog));
}

/**
 * Checks the text token by token (names in backticks and strings in single quotes are skipped)
 * and returns it as the parser should read it: `<=>` (NULL-safe equality, which the compiler
 * writes for `neq` but node-sql-parser 5.4 cannot read) becomes ` = `, an operator of the same
 * shape, at the same length.
 */
function scanOutsideQuotes(text: string): string {
  if (text.includes('\0')) refuse('it holds a NUL character');
  let result = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '`' || char === "'") {
      const end = closingQuote(text, index, char);
      const quoted = text.slice(index, end + 1);
      if (char === "'" && quoted.includes('\\')) refuse('it holds a backslash in a string');
      result += quoted;
      index = end + 1;
      continue;
    }
    if (char === '"') refuse('it holds double-quoted text');
    if (char === ';') refuse('it holds a statement separator');
    if (char === '#' || (char === '/' && next === '*') || (char === '-' && next === '-')) refuse('it holds a comment');
    if (text.startsWith('<=>', index)) {
      result += ' = ';
      index += 3;
      continue;
    }
    result += char;
    index += 1;
  }
  return result;
}

/** The index of the quote closing the one at `start` (a doubled quote stays inside). */
function closingQuote(text: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] !== quote) return index;
      index += 2;
    } else {
      index += 1;
    }
  }
  return refuse('it holds an unclosed quote');
}

function catalogTables(catalog: Catalog): ReadonlySet<string> {
  return new Set(catalog.entities.map((entity) => tableKey(entity.schema ?? null, entity.table)));
}

function tableKey(schema: string | null, table: string): string {
  return JSON.stringify([schema, table]);
}

/** Visits every object; `tables` present means the strict, catalog-bound rules apply. */
function walk(value: unknown, tables: ReadonlySet<string> | undefined): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, tables);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const node = value as Node;
  if (typeof node['type'] === 'string') checkNode(node['type'], node, tables);
  else if (tables !== undefined && 'ast' in node && !isPlaced(node)) refuse('it holds a sub-select outside FROM, WHERE EXISTS and the comparisons the compiler writes');
  for (const child of Object.values(node)) walk(child, tables);
}

function checkNode(type: string, node: Node, tables: ReadonlySet<string> | undefined): void {
  if (type === 'select') checkSelect(node, tables);
  else if (node['keyword'] !== undefined && ['insert', 'update', 'delete', 'replace', 'drop', 'create', 'alter', 'truncate'].includes(type)) {
    refuse(`it contains a ${type.toUpperCase()}`);
  }
  if (tables === undefined) return;
  if (!ALLOWED_NODES.has(type)) refuse(`it contains a ${type} node, which compiled queries never hold`);
  switch (type) {
    case 'origin':
      if (node['value'] !== '?' && node['value'] !== 'convert' && !isPlaced(node)) refuse(`it holds the raw token ${String(node['value'])}`);
      break;
    case 'unary_expr':
      if (node['operator'] !== 'NOT EXISTS' || !isPlaced(node['expr'] as Node)) refuse(`it uses the operator ${String(node['operator'])}`);
      break;
    case 'window': {
      const problem = placeWindowFrame(node);
      if (problem !== undefined) refuse(problem);
      break;
    }
    case 'binary_expr':
      if (!ALLOWED_OPERATORS.has(String(node['operator']))) refuse(`it uses the operator ${String(node['operator'])}`);
      break;
    case 'function':
      checkFunction(node);
      break;
    case 'aggr_func':
      if (node['over'] !== null && node['over'] !== undefined) {
        if (!WINDOW_FUNCTIONS.has(String(node['name']).toUpperCase())) refuse(`it calls ${String(node['name'])}() as a window function`);
        break;
      }
      if (!MYSQL_ALLOWED_FUNCTIONS.has(String(node['name']).toUpperCase())) refuse(`it calls ${String(node['name'])}()`);
      noteAggregatedCase(node);
      break;
    case 'case':
      if (!isPlaced(node)) refuse('it holds a CASE outside an aggregate and a window measure');
      if (node['expr'] !== null && node['expr'] !== undefined) refuse('it holds a CASE with an operand');
      break;
    case 'cast':
      for (const target of (node['target'] as Node[] | undefined) ?? []) {
        if (!ALLOWED_CASTS.has(String(target['dataType']).toUpperCase())) refuse(`it casts to ${String(target['dataType'])}`);
      }
      break;
    case 'interval':
      if (!ALLOWED_INTERVAL_UNITS.has(String(node['unit']).toLowerCase())) refuse(`it uses an interval of ${String(node['unit'])}`);
      break;
    case 'column_ref':
      if (node['suffix'] !== undefined && node['suffix'] !== null && node['suffix'] !== 'USING UTF8MB4') refuse(`it converts to ${String(node['suffix'])}`);
      break;
    case 'collate': {
      const collation = (node['collate'] as Node | undefined)?.['name'];
      if (collation !== 'utf8mb4_bin') refuse(`it uses the collation ${String(collation)}`);
      break;
    }
  }
}

function checkSelect(node: Node, tables: ReadonlySet<string> | undefined): void {
  const into = node['into'] as Node | null | undefined;
  if (into !== null && into !== undefined && into['position'] !== null && into['position'] !== undefined) refuse('it is a SELECT … INTO');
  if (node['locking_read'] !== null && node['locking_read'] !== undefined) refuse('it holds a locking clause');
  if (node['_next'] !== undefined || node['set_op'] !== undefined) refuse('it is a set operation');
  if (tables === undefined) return;
  if (node['with'] !== null && node['with'] !== undefined) refuse('it holds a WITH clause');
  if (node['window'] !== null && node['window'] !== undefined) refuse('it holds a WINDOW clause');
  placeSubqueries(node);
  const from = (node['from'] as Node[] | null | undefined) ?? [];
  for (const item of from) {
    // A derived table is the whole FROM, never joined.
    if (from.length === 1 && isSubquery(item['expr']) && typeof item['as'] === 'string' && item['table'] === undefined) {
      place(item['expr']);
      continue;
    }
    if (typeof item['table'] !== 'string' || item['expr'] !== undefined) refuse('it reads from something other than a table or a derived table');
    // node-sql-parser keeps a doubled backtick inside a quoted name as it was written.
    const table = item['table'].replaceAll('``', '`');
    const schema = typeof item['db'] === 'string' ? item['db'].replaceAll('``', '`') : null;
    if (!tables.has(tableKey(schema, table))) refuse(`it reads "${schema === null ? '' : `${schema}.`}${table}", which is not in the catalog`);
  }
}

function checkFunction(node: Node): void {
  const parts = ((node['name'] as Node | undefined)?.['name'] as Node[] | undefined) ?? [];
  const name = functionName(node) ?? '';
  if (parts.length !== 1) refuse(`it calls ${name}(), which is not allowed`);
  // EXISTS is placed by its SELECT, with its sub-select.
  if (name === 'EXISTS' && isPlaced(node)) return;
  const isWindow = node['over'] !== null && node['over'] !== undefined;
  if (!(isWindow ? WINDOW_FUNCTIONS : MYSQL_ALLOWED_FUNCTIONS).has(name)) refuse(`it calls ${name}()${isWindow ? ' as a window function' : ''}, which is not allowed`);
}

function refuse(reason: string): never {
  throw new QuerentError('invalid_request', `The statement was refused before it reached the database: ${reason}.`);
}
