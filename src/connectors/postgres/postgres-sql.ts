/** SQL text helpers shared by the compiler, the client settings and the value sampler. */

/** `"name"`, with `"` doubled inside: PostgreSQL's quoted identifier, safe for any name. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * `'value'`, with `'` doubled inside. Only for settings that cannot take parameters (`SET`);
 * values in statements are always bound parameters. Valid with standard_conforming_strings on,
 * the default since PostgreSQL 9.1.
 */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
