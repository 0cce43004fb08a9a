/**
 * Where the MySQL guard lets the constructs of compiled queries appear, in node-sql-parser's tree:
 * a SELECT marks, before its children are visited, the sub-selects, CASEs and window-frame tokens
 * that stand where the compiler writes them; the guard refuses every unmarked one.
 *
 * - a sub-select as the whole FROM (a derived table), under `[NOT] EXISTS` in WHERE (a related
 *   filter), on the left of a comparison or BETWEEN in WHERE (a related count), on the right of
 *   a comparison in WHERE or HAVING (against the average), or as a whole output column counting
 *   rows (a related count column);
 * - a CASE as the argument of an aggregate (a conditional measure) or as an output column of a
 *   SELECT from a derived table (a change measure);
 * - the frame `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW` (a running total).
 */
export type Node = Record<string, unknown>;

const placed = new WeakSet<object>();

const COMPARISONS: ReadonlySet<string> = new Set(['=', '<>', '!=', '<', '>', '<=', '>=']);

export function isPlaced(node: Node): boolean {
  return placed.has(node);
}

export function place(node: Node): void {
  placed.add(node);
}

/** node-sql-parser's sub-select: `{ tableList, columnList, ast }`, without a `type`. */
export function isSubquery(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && 'ast' in value && !('type' in value);
}

/** `EXISTS`, `NOT`…: the upper-case name of a function node, or undefined for any other node. */
export function functionName(node: Node): string | undefined {
  if (node['type'] !== 'function') return undefined;
  return (((node['name'] as Node | undefined)?.['name'] as Node[] | undefined) ?? []).map((part) => String(part['value']).toUpperCase()).join('.');
}

/** Marks the CASE of `SUM(CASE WHEN … END)`; an ELSE is an `else` node, never allowed. */
export function noteAggregatedCase(node: Node): void {
  const argument = (node['args'] as Node | undefined)?.['expr'] as Node | undefined;
  if (argument !== undefined && argument !== null && argument['type'] === 'case') placed.add(argument);
}

/** Marks what one SELECT may hold in WHERE, HAVING and, over one derived table, its output columns. */
export function placeSubqueries(select: Node): void {
  for (const condition of conditionsOf(select['where'])) {
    const argument = functionName(condition) === 'EXISTS' ? ((condition['args'] as Node | undefined)?.['value'] as unknown[] | undefined) : undefined;
    if (argument?.length === 1 && isSubquery(argument[0])) {
      placed.add(argument[0]);
      placed.add(condition);
    } else if (condition['type'] === 'unary_expr' && condition['operator'] === 'NOT EXISTS' && isSubquery(condition['expr'])) {
      placed.add(condition['expr']);
    } else if (condition['type'] === 'binary_expr' && COMPARISONS.has(String(condition['operator'])) && isSubquery(condition['right'])) {
      // A comparison with the average: `column > (SELECT AVG(…) FROM …)`.
      placed.add(condition['right']);
    } else if (condition['type'] === 'binary_expr' && (COMPARISONS.has(String(condition['operator'])) || condition['operator'] === 'BETWEEN') && isRelatedCount(condition['left'])) {
      // A count of related rows: `(SELECT COUNT(*) FROM …) > n`.
      placed.add(condition['left'] as Node);
    }
  }
  for (const condition of conditionsOf(select['having'])) {
    // `neq` is `NOT (x <=> (SELECT …))`, read as NOT(x = …).
    const comparison = functionName(condition) === 'NOT' ? ((condition['args'] as Node | undefined)?.['value'] as Node[] | undefined)?.[0] : condition;
    if (comparison?.['type'] === 'binary_expr' && COMPARISONS.has(String(comparison['operator'])) && isSubquery(comparison['right'])) placed.add(comparison['right']);
  }
  const from = select['from'] as Node[] | null | undefined;
  for (const column of from?.length ? (select['columns'] as Node[] | undefined) ?? [] : []) {
    // A related count column of a SELECT from tables: `(SELECT COUNT(*) FROM … WHERE …) AS id`.
    const counted = column['expr'];
    if (isRelatedCount(counted) && ((counted as Node)['ast'] as Node)['where'] && !((counted as Node)['ast'] as Node)['groupby']) placed.add(counted as Node);
  }
  if (from?.length !== 1 || !isSubquery(from[0]!['expr'])) return;
  for (const column of (select['columns'] as Node[] | undefined) ?? []) {
    const expression = column['expr'] as Node | undefined;
    if (expression?.['type'] === 'case') placed.add(expression);
  }
}

/** `(SELECT COUNT(*) FROM …)`: the one shape a sub-select takes on the left of a comparison or as an output column. */
function isRelatedCount(value: unknown): boolean {
  if (!isSubquery(value)) return false;
  const select = value['ast'] as Node | undefined;
  const columns = select?.['columns'] as Node[] | undefined;
  const only = columns?.length === 1 ? columns[0]!['expr'] as Node | undefined : undefined;
  const from = select?.['from'] as unknown[] | null | undefined;
  return only?.['type'] === 'aggr_func' && String(only['name']).toUpperCase() === 'COUNT' && Array.isArray(from) && from.length > 0;
}

/** The terms of an AND chain (the compiler joins WHERE and HAVING conditions with AND only). */
function conditionsOf(value: unknown): Node[] {
  if (value === null || typeof value !== 'object') return [];
  const node = value as Node;
  if (node['type'] === 'binary_expr' && node['operator'] === 'AND') return [...conditionsOf(node['left']), ...conditionsOf(node['right'])];
  return [node];
}

/** Why a `window` node is not one the compiler writes (a named window, another frame), or undefined after marking its frame's tokens. */
export function placeWindowFrame(window: Node): string | undefined {
  const specification = (window['as_window_specification'] as Node | undefined)?.['window_specification'] as Node | null | undefined;
  if (specification === undefined || specification === null || (specification['name'] !== null && specification['name'] !== undefined)) return 'it refers to a named window';
  const frame = specification['window_frame_clause'] as Node | null | undefined;
  if (frame === null || frame === undefined) return undefined;
  const bounds = ((frame['right'] as Node | undefined)?.['value'] as Node[] | undefined) ?? [];
  const tokens = [frame['left'] as Node | undefined, ...bounds].map((token) => (token?.['type'] === 'origin' ? String(token['value']).toUpperCase() : ''));
  if (frame['type'] !== 'binary_expr' || frame['operator'] !== 'BETWEEN' || tokens.join(' / ') !== 'ROWS / UNBOUNDED PRECEDING / CURRENT ROW') {
    return 'it holds a window frame the compiler does not write';
  }
  for (const token of [frame['left'], ...bounds]) placed.add(token as Node);
  return undefined;
}
