/** SQL text helpers shared by the compiler, the introspector and the value sampler. */

/**
 * `` `name` ``, with `` ` `` doubled inside: MySQL's quoted identifier, valid for any name and
 * independent of the ANSI_QUOTES and NO_BACKSLASH_ESCAPES modes (MySQL manual, "Schema Object
 * Names"). A name cannot end with a space or hold U+0000, so the server refuses those rather than
 * misreading them.
 */
export function quoteIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** `` `schema`.`table` ``. */
export function qualifiedTableName(entity: { readonly schema?: string; readonly table: string }): string {
  const table = quoteIdentifier(entity.table);
  return entity.schema === undefined ? table : `${quoteIdentifier(entity.schema)}.${table}`;
}
