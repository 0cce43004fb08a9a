/**
 * Which date a period or a time breakdown applies to: a date the question names ("shipped in
 * 2024"), else the main date of the entity whose rows are measured or listed, else the main date
 * of the nearest entity it belongs to (order lines → their order's date).
 */
import type { Mention } from './link.ts';
import { dateColumns } from './mention-kinds.ts';
import { reachFrom } from './join-graph.ts';
import { Ambiguity, distanceFrom, pickOne } from './resolve.ts';
import type { ColumnInfo, SchemaIndex } from './schema-model.ts';

export function dateColumnFor(schema: SchemaIndex, base: string | undefined, hint: Mention | undefined, anchors: readonly string[]): ColumnInfo | undefined {
  if (hint) {
    // A word that names an entity ("opened a ticket in 2025") means that entity's date.
    const top = hint.candidates[0];
    if (top?.kind === 'entity') {
      const date = mainDateNear(schema, top.entity);
      if (date) return date;
    }
    const named = dateColumns(hint, schema);
    if (named.length > 0) {
      const scored = named.map(({ entity, column, score }) => ({
        column: schema.entityByName.get(entity)?.columnByName.get(column) as ColumnInfo,
        score: score - 0.15 * distanceFrom(schema, base ? [base, ...anchors] : anchors, entity),
      })).filter((choice) => Number.isFinite(choice.score));
      const chosen = pickOne(scored, `"${hint.text}"`);
      if (chosen) return chosen.column;
    }
    const entity = hint.candidates.find((candidate) => candidate.kind === 'entity' && schema.entityByName.get(candidate.entity)?.mainDate !== undefined)
      ?? hint.candidates.find((candidate) => candidate.kind === 'entity');
    if (entity?.kind === 'entity') {
      const date = mainDateNear(schema, entity.entity);
      if (date) return date;
    }
  }
  return base ? mainDateNear(schema, base) : undefined;
}

/** The entity's main date, or the main date of the closest entity it reaches many-to-one. */
export function mainDateNear(schema: SchemaIndex, entityName: string): ColumnInfo | undefined {
  const own = schema.entityByName.get(entityName)?.mainDate;
  if (own) return own;
  const reach = reachFrom(schema, entityName);
  let bestDistance = Infinity;
  let found: ColumnInfo[] = [];
  for (const [other, path] of reach.paths) {
    const date = schema.entityByName.get(other)?.mainDate;
    if (!date || path.length === 0 || path.length > 2) continue;
    if (path.length < bestDistance) {
      bestDistance = path.length;
      found = [date];
    } else if (path.length === bestDistance) found.push(date);
  }
  if (found.length > 1) {
    throw new Ambiguity(`The date could be ${found.map((column) => `${column.entity}.${column.name}`).join(' or ')}.`, found.map((column) => `${column.entity}.${column.name}`));
  }
  return found[0];
}
