/**
 * The second read-only check for PostgreSQL: compiled SQL is parsed again with PostgreSQL's own
 * parser (`libpg-query`, the server's grammar compiled to WebAssembly) and refused unless it is
 * what the compiler is meant to write. The compiler is the first check; this one does not trust it.
 *
 * Always (any statement the connector is asked to run):
 * - exactly one statement, and it is a SELECT: no SELECT … INTO, no FOR UPDATE/SHARE, no UNION
 *   or VALUES, and no other statement kind anywhere in the tree (a DELETE inside a CTE, COPY…).
 *
 * With the catalog the statement was compiled against (every statement `compile` produced):
 * - only the node types the compiler writes (no CTEs, functions in FROM, named windows…);
 * - sub-selects only where the compiler writes them: `[NOT] EXISTS (SELECT …)` in WHERE (a
 *   related filter), a scalar `(SELECT …)` compared with in WHERE (a count of related rows, a
 *   column against the average) and in HAVING (a measure against the average), a scalar
 *   `(SELECT COUNT(*) …)` or `(SELECT COUNT(DISTINCT column) …)` as a whole output column (a related
 *   count column), and a derived table
 *   in FROM (not LATERAL); every sub-select passes every rule itself;
 * - window functions only `row_number`, `sum` and `lag` with an unnamed `OVER (…)`;
 * - CASE only in the shapes the compiler writes: `CASE WHEN … THEN … END` (no ELSE, no
 *   `CASE x WHEN`) as the argument of an aggregate (a conditional measure) or as an output column
 *   of a SELECT from a derived table (a change measure);
 * - only tables of that catalog; unqualified names only for `public` tables not named `pg_*`,
 *   since the pinned search path puts `pg_catalog` first (as `qualifiedTableName` does);
 * - only allow-listed functions, casts to allow-listed types, and allow-listed operators, so
 *   that `pg_sleep`, `pg_read_file`, `lo_import`, `dblink`, `set_config`… never reach the server.
 *
 * A refused statement throws `invalid_request`; the message names what was refused, never the text.
 */
import { parse } from 'libpg-query';
import type { Catalog } from '../catalog.ts';
import { QuerentError } from '../../core/errors.ts';

/** Functions the compiler writes (aggregates, date_trunc) and a few pure ones it may write later. */
export const POSTGRES_ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'date_trunc', 'coalesce', 'nullif', 'lower', 'upper', 'abs', 'round',
]);

/** Functions the compiler calls with OVER (…): window measures and a limit per group. */
const WINDOW_FUNCTIONS: ReadonlySet<string> = new Set(['row_number', 'sum', 'lag']);

/** Cast targets: the compiler's (`numeric`, `timestamp`, `date`, `text`) and plain built-in types. */
const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'numeric', 'timestamp', 'timestamptz', 'date', 'text', 'int4', 'int8', 'float8', 'bool',
]);

/** Operators of `AEXPR_OP` nodes: comparisons, arithmetic and ILIKE/LIKE (`~~*`, `~~`). */
const ALLOWED_OPERATORS: ReadonlySet<string> = new Set(['=', '<>', '<', '>', '<=', '>=', '+', '-', '*', '/', '~~*', '~~', '!~~*', '!~~']);

/** `A_Expr` kinds: plain operators, IS [NOT] DISTINCT FROM, NULLIF, IN, BETWEEN, [I]LIKE. */
const ALLOWED_EXPRESSION_KINDS: ReadonlySet<string> = new Set([
  'AEXPR_OP', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF', 'AEXPR_IN',
  'AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_LIKE', 'AEXPR_ILIKE',
]);

/** Parse-tree node types the compiler writes; with a catalog, any other node is refused. */
const ALLOWED_NODES: ReadonlySet<string> = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'ParamRef', 'TypeCast', 'TypeName',
  'FuncCall', 'A_Expr', 'BoolExpr', 'NullTest', 'JoinExpr', 'RangeVar', 'Alias', 'SortBy', 'List', 'Integer',
  'CoalesceExpr', 'CaseExpr', 'CaseWhen', 'SubLink', 'RangeSubselect',
]);

/** Aggregates whose argument may be a conditional measure's CASE. */
const CONDITIONAL_AGGREGATES: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'min', 'max']);

/**
 * CASE and sub-select nodes met where the compiler writes them: a CASE as the argument of an
 * aggregate or an output column over a derived table, a sub-select under WHERE or HAVING or as a
 * counting output column. A parent
 * is checked (and marks them) before its children.
 */
const placedCases = new WeakSet<object>();
const placedSubLinks = new WeakSet<object>();

/** Refuses `text` unless it is one plain SELECT (and, with `catalog`, one the compiler could have written). */
export async function assertSafePostgresSelect(text: string, catalog?: Catalog): Promise<void> {
  if (text.includes('\0')) refuse('it holds a NUL character');
  let tree: { stmts?: { stmt?: object }[] };
  try {
    tree = await parse(text);
  } catch {
    refuse('it does not parse as PostgreSQL');
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) refuse(`it holds ${statements.length} statements, not one`);
  const statement = statements[0]!.stmt ?? {};
  const [kind] = Object.keys(statement);
  if (kind !== 'SelectStmt') refuse(`it is a ${kind ?? 'empty statement'}, not a SELECT`);
  walk(statement, catalog === undefined ? undefined : catalogTables(catalog));
}

/** `schema.table` keys of the catalog; unqualified tables count as `public`. */
function catalogTables(catalog: Catalog): ReadonlySet<string> {
  return new Set(catalog.entities.map((entity) => tableKey(entity.schema ?? 'public', entity.table)));
}

function tableKey(schema: string, table: string): string {
  return JSON.stringify([schema, table]);
}

/** Visits every node; `tables` present means the strict, catalog-bound rules apply. */
function walk(value: unknown, tables: ReadonlySet<string> | undefined): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, tables);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (/^[A-Z]/.test(key) && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      checkNode(key, child as Record<string, unknown>, tables);
    }
    walk(child, tables);
  }
}

function checkNode(type: string, node: Record<string, unknown>, tables: ReadonlySet<string> | undefined): void {
  if (type.endsWith('Stmt') && type !== 'SelectStmt') refuse(`it contains a ${type}`);
  if (type === 'SelectStmt') checkSelect(node);
  if (tables === undefined) return;
  if (type === 'SelectStmt') placeSubqueries(node);
  if (!ALLOWED_NODES.has(type)) refuse(`it contains a ${type}, which compiled queries never hold`);
  switch (type) {
    case 'RangeVar':
      checkTable(node, tables);
      break;
    case 'FuncCall':
      checkFunction(node);
      break;
    case 'CaseExpr':
      checkCase(node);
      break;
    case 'SubLink':
      if (!placedSubLinks.has(node)) refuse('it holds a sub-select outside FROM, WHERE EXISTS and the comparisons the compiler writes');
      break;
    case 'RangeSubselect':
      if (node['lateral'] === true) refuse('it holds a LATERAL sub-select');
      break;
    case 'TypeCast':
      checkType(node['typeName'] as Record<string, unknown> | undefined);
      break;
    case 'A_Expr':
      checkExpression(node);
      break;
  }
}

function checkSelect(node: Record<string, unknown>): void {
  if (node['intoClause'] !== undefined) refuse('it is a SELECT … INTO');
  if (node['lockingClause'] !== undefined) refuse('it holds a locking clause (FOR UPDATE/SHARE)');
  if (node['valuesLists'] !== undefined) refuse('it is a VALUES list');
  if (node['op'] !== undefined && node['op'] !== 'SETOP_NONE') refuse(`it is a set operation (${String(node['op'])})`);
  if (node['withClause'] !== undefined && isWritableWith(node['withClause'])) refuse('it holds a data-modifying CTE');
}

/**
 * Marks what this SELECT may hold (before its children are visited): `[NOT] EXISTS` sub-selects
 * in WHERE, scalar sub-selects in HAVING, and, over a derived table, CASE output columns.
 */
function placeSubqueries(node: Record<string, unknown>): void {
  if (node['windowClause'] !== undefined) refuse('it holds a WINDOW clause');
  for (const subLink of subLinksOf(node['whereClause'])) {
    // EXISTS for related rows; a scalar sub-select for a comparison with the average.
    if (subLink['subLinkType'] !== 'EXISTS_SUBLINK' && subLink['subLinkType'] !== 'EXPR_SUBLINK') refuse(`it holds a ${String(subLink['subLinkType'])} sub-select in WHERE`);
    placedSubLinks.add(subLink);
  }
  for (const subLink of subLinksOf(node['havingClause'])) {
    if (subLink['subLinkType'] !== 'EXPR_SUBLINK') refuse(`it holds a ${String(subLink['subLinkType'])} sub-select in HAVING`);
    placedSubLinks.add(subLink);
  }
  // A count of related rows as a whole output column of a SELECT from tables: `(SELECT COUNT(*) FROM … WHERE …) AS id`.
  const readsTables = Array.isArray(node['fromClause']) && node['fromClause'].length > 0;
  for (const target of readsTables ? (node['targetList'] as { ResTarget?: { val?: { SubLink?: Record<string, unknown> } } }[] | undefined) ?? [] : []) {
    const subLink = target.ResTarget?.val?.SubLink;
    if (subLink !== undefined && subLink['subLinkType'] === 'EXPR_SUBLINK' && selectsCountOfRows(subLink['subselect'])) placedSubLinks.add(subLink);
  }
  const from = node['fromClause'];
  if (!Array.isArray(from) || from.length !== 1 || (from[0] as { RangeSubselect?: object }).RangeSubselect === undefined) return;
  for (const target of (node['targetList'] as { ResTarget?: { val?: { CaseExpr?: object } } }[] | undefined) ?? []) {
    const caseNode = target.ResTarget?.val?.CaseExpr;
    if (caseNode !== undefined) placedCases.add(caseNode);
  }
}

/** A SELECT whose one output is `COUNT(*)` (or `COUNT(DISTINCT column)`) of rows tied by WHERE, with neither grouping nor a set operation. */
function selectsCountOfRows(subselect: unknown): boolean {
  const select = (subselect as { SelectStmt?: Record<string, unknown> } | undefined)?.SelectStmt;
  const targets = select?.['targetList'];
  if (select === undefined || !Array.isArray(targets) || targets.length !== 1) return false;
  if (select['whereClause'] === undefined || select['groupClause'] !== undefined || select['havingClause'] !== undefined || select['op'] !== 'SETOP_NONE') return false;
  const call = (targets[0] as { ResTarget?: { val?: { FuncCall?: Record<string, unknown> } } }).ResTarget?.val?.FuncCall;
  if (call === undefined || stringsOf(call['funcname']).join('.') !== 'count') return false;
  const args = call['args'];
  const countsDistinctColumn = call['agg_distinct'] === true && Array.isArray(args) && args.length === 1 && (args[0] as { ColumnRef?: object }).ColumnRef !== undefined;
  return call['agg_star'] === true || countsDistinctColumn;
}

/** The SubLink nodes of an expression, not looking inside sub-selects (their own SELECT places theirs). */
function subLinksOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(subLinksOf);
  if (value === null || typeof value !== 'object') return [];
  const found: Record<string, unknown>[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'SelectStmt') continue;
    if (key === 'SubLink' && child !== null && typeof child === 'object') found.push(child as Record<string, unknown>);
    else found.push(...subLinksOf(child));
  }
  return found;
}

function isWritableWith(withClause: unknown): boolean {
  return /"(Insert|Update|Delete|Merge)Stmt"/.test(JSON.stringify(withClause));
}

function checkTable(node: Record<string, unknown>, tables: ReadonlySet<string>): void {
  const table = String(node['relname']);
  const schema = node['schemaname'] as string | undefined;
  if (node['catalogname'] !== undefined) refuse(`it names a database (${String(node['catalogname'])})`);
  if (schema === undefined && table.startsWith('pg_')) refuse(`it reads "${table}" unqualified, which pg_catalog would shadow`);
  if (!tables.has(tableKey(schema ?? 'public', table))) refuse(`it reads "${schema === undefined ? '' : `${schema}.`}${table}", which is not in the catalog`);
}

function checkFunction(node: Record<string, unknown>): void {
  const names = stringsOf(node['funcname']);
  const name = names.at(-1)?.toLowerCase() ?? '';
  if (names.length > 2 || (names.length === 2 && names[0] !== 'pg_catalog')) refuse(`it calls ${names.join('.')}`);
  if (node['agg_within_group'] === true) refuse(`it calls ${name}() as an ordered-set aggregate`);
  const over = node['over'] as Record<string, unknown> | undefined;
  if (over !== undefined) {
    if (!WINDOW_FUNCTIONS.has(name)) refuse(`it calls ${name}() as a window function, which is not allowed`);
    if (over['refname'] !== undefined || over['name'] !== undefined) refuse('it refers to a named window');
    return;
  }
  if (!POSTGRES_ALLOWED_FUNCTIONS.has(name)) refuse(`it calls ${name}(), which is not allowed`);
  noteAggregatedCase(node, name);
}

/** Marks the CASE of `SUM(CASE WHEN … END)`, the only place the compiler writes one. */
function noteAggregatedCase(node: Record<string, unknown>, name: string): void {
  const args = node['args'];
  if (!CONDITIONAL_AGGREGATES.has(name) || !Array.isArray(args) || args.length !== 1) return;
  const caseNode = (args[0] as { CaseExpr?: object }).CaseExpr;
  if (caseNode !== undefined) placedCases.add(caseNode);
}

function checkCase(node: Record<string, unknown>): void {
  if (!placedCases.has(node)) refuse('it holds a CASE outside an aggregate and a window measure');
  if (node['arg'] !== undefined) refuse('it holds a CASE with an operand');
  if (node['defresult'] !== undefined) refuse('it holds a CASE with an ELSE');
}

function checkType(typeName: Record<string, unknown> | undefined): void {
  const names = stringsOf(typeName?.['names']);
  const name = names.at(-1) ?? '';
  if ((names.length === 2 && names[0] !== 'pg_catalog') || names.length > 2 || !ALLOWED_TYPES.has(name)) {
    refuse(`it casts to ${names.join('.') || 'an unknown type'}`);
  }
  if (typeName?.['arrayBounds'] !== undefined) refuse(`it casts to an array of ${name}`);
}

function checkExpression(node: Record<string, unknown>): void {
  const kind = String(node['kind']);
  if (!ALLOWED_EXPRESSION_KINDS.has(kind)) refuse(`it uses an expression of kind ${kind}`);
  const names = stringsOf(node['name']);
  if (kind === 'AEXPR_OP' && (names.length !== 1 || !ALLOWED_OPERATORS.has(names[0]!))) refuse(`it uses the operator ${names.join('.')}`);
}

/** The `sval`s of a list of `String` nodes (function, type and operator names). */
function stringsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => String((item as { String?: { sval?: string } }).String?.sval ?? '?'));
}

function refuse(reason: string): never {
  throw new QuerentError('invalid_request', `The statement was refused before it reached the database: ${reason}.`);
}
