/** How nested SELECTs are laid out in the compiled text, so that a person can read it. */

/** Lines shifted right by `spaces` (a line holding newlines counts as several). */
export function indent(lines: readonly string[], spaces: number): string[] {
  const pad = ' '.repeat(spaces);
  return lines.flatMap((line) => line.split('\n')).map((line) => `${pad}${line}`);
}

/** `WHERE a\n  AND b`; a multi-line condition (a sub-select) stays indented under its AND. */
export function conditionClause(keyword: 'WHERE' | 'HAVING', conditions: readonly string[]): string {
  return `${keyword} ${conditions.map((condition) => condition.replaceAll('\n', '\n  ')).join('\n  AND ')}`;
}

/** `FROM (` the inner SELECT `) AS alias`: a derived table. */
export function derivedTable(inner: readonly string[], alias: string): string[] {
  return ['FROM (', ...indent(inner, 2), `) AS ${alias}`];
}

/** `(` a SELECT `)` as one expression: a sub-select in a condition. */
export function subSelect(select: readonly string[]): string {
  return `(\n${indent(select, 2).join('\n')}\n)`;
}
