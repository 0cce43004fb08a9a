/**
 * An entity's name that is also a value of one of its own columns (state "Sales Order", type
 * "Opportunity"): which of the two readings the rest of the question allows.
 */
import type { CatalogCondition } from '../../connectors/catalog.ts';
import { Invalid, type Draft } from './draft.ts';
import type { ConditionNode } from './reading.ts';

/**
 * "confirmed sales orders", "sales orders per status": where the entity's name is also a value of
 * one of its columns (state "Sales Order"), that value is a reading of the name only when nothing
 * else the question says is about the same column (beside a segment, a metric, a group on it or it shown,
 * the name is the entity's) and those rows are the ones asked about. Said alone ("how many sales
 * orders?"), the name is that value: all the entity's rows would count quotations as orders.
 */
export function ownValuesSaidAlone(draft: Draft): void {
  for (const pick of draft.picks) {
    if (!pick?.link) continue;
    const entity = pick.link.target.entity;
    const target = pick.link.target;
    if (pick.ownValue) {
      const columns = pick.segment ? pick.segment.conditions.map((condition) => condition.column) : target.kind === 'value' ? [target.column] : [];
      if (columnSaidOtherwise(draft, entity, columns, draft.unit(pick.unit).start)) throw new Invalid();
      // The name picks that entity's rows, so they are the rows asked about.
      if (pick.role === 'filter' && draft.subject !== entity) throw new Invalid();
    } else if (pick.ownValueColumns && !pick.segment && !columnSaidOtherwise(draft, entity, pick.ownValueColumns, draft.unit(pick.unit).start)) {
      throw new Invalid();
    }
  }
}

/** Whether a condition not on the token `own`, a group, a shown column or a metric's definition is about one of the entity's columns. */
function columnSaidOtherwise(draft: Draft, entity: string, columnNames: readonly string[], own: number): boolean {
  const columns = new Set(columnNames);
  const onColumn = (onEntity: string, column: string) => onEntity === entity && columns.has(column);
  const catalogConditions = (conditions: readonly CatalogCondition[], onEntity: string) =>
    conditions.some((condition) => onColumn(condition.entity ?? onEntity, condition.column));
  const about = (condition: ConditionNode): boolean => {
    if (condition.kind === 'segment') return catalogConditions(condition.segment.conditions, condition.entity);
    return condition.kind === 'either' ? condition.options.some(about) : onColumn(condition.entity, condition.column);
  };
  const said = draft.conditions.some((condition) => !condition.tokens.includes(own) && about(condition));
  const grouped = draft.groups.some((group) => group.kind === 'column' && onColumn(group.entity, group.column))
    || draft.outputs.some((output) => output.kind === 'column' && onColumn(output.entity, output.column));
  const measured = draft.outputs.some((output) => output.kind === 'measure' && output.metric !== undefined && catalogConditions(output.metric.conditions, output.entity));
  return said || grouped || measured;
}
